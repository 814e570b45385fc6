/**
 * Summaries read their independent lists side by side, never more than --parallel-reads at once,
 * and answer exactly as they do reading one exchange at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { againstApi, connectStdio, dataOf, textOf, type TestClient } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

const AT_ONCE = 3;
/** The text without its envelope's token, which is new in every answer. */
const withoutToken = (text: string) => text.replace(/untrusted-data-[0-9a-f]+/g, 'untrusted-data');
const SUMMARIES = [
  ['get_project_payables', { project_name: 'Hunsrück Mitte' }],
  ['get_project_budget', { project_name: 'Hunsrück Mitte' }],
  ['get_payments_in_period', { from: '2020-01-01', to: '2030-12-31' }],
] as const;

describe('reads of one call', () => {
  const upstream = useProxiedSandbox();
  let sideBySide: TestClient;
  let oneAtATime: TestClient;

  beforeAll(async () => {
    const api = upstream.urlOf('fincon');
    [sideBySide, oneAtATime] = await Promise.all([
      connectStdio('modern', againstApi(api, ['--toolsets', 'all', '--parallel-reads', String(AT_ONCE)])),
      connectStdio('modern', againstApi(api, ['--toolsets', 'all', '--parallel-reads', '1'])),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sideBySide?.close(), oneAtATime?.close()]);
  });

  it.each(SUMMARIES)('%s runs at most --parallel-reads at once, and answers as one at a time does', async (tool, args) => {
    const proxy = upstream.proxy();
    try {
      // Each exchange is held a little, so that reads wrongly started together would be in flight together.
      proxy.delayMs = 15;
      proxy.peakInFlight = 0;
      const alone = await oneAtATime.callTool(tool, args);
      expect(alone.isError, textOf(alone)).toBeFalsy();
      expect(proxy.peakInFlight).toBe(1);

      // Reads started together meet at the proxy, even when the second opens a new connection on a busy machine.
      proxy.delayMs = 0;
      proxy.meeting = { inFlight: 2, atMostMs: 250 };
      proxy.peakInFlight = 0;
      const together = await sideBySide.callTool(tool, args);
      expect(together.isError, textOf(together)).toBeFalsy();
      expect(proxy.peakInFlight).toBeGreaterThan(1);
      expect(proxy.peakInFlight).toBeLessThanOrEqual(AT_ONCE);

      expect(dataOf(together)).toEqual(dataOf(alone));
      expect(withoutToken(textOf(together))).toEqual(withoutToken(textOf(alone)));
    } finally {
      proxy.delayMs = 0;
      proxy.meeting = undefined;
    }
  });
});
