/**
 * 10,000 requests at once against one HTTP instance: a limited number are served at a time,
 * the rest are turned away with 503 and Retry-After, and the process stays under 300 MB.
 * It runs after the other tests, alone, so that their load does not blur the figure.
 */
import { peakRssMiB } from '../support/memory.js';
import { describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';
import { againstApi, startHttpServer } from '../support/harness.js';
import { listProjects, postMcp } from '../support/raw-mcp.js';

describe('the HTTP server under a flood', () => {
  const upstream = useProxiedSandbox();
  const finconUrl = () => upstream.urlOf('fincon');

  it('serves 10,000 requests at once 64 at a time, turns the rest away with 503 and Retry-After, and stays under 300 MB', async () => {
    const server = await startHttpServer(againstApi(finconUrl(), ['--rate-limit', '1000000']));
    const flood = new Agent({ connections: null, headersTimeout: 120_000, bodyTimeout: 120_000 });
    try {
      upstream.proxy().delayMs = 20;
      upstream.proxy().peakInFlight = 0;
      const answers = await Promise.all(
        Array.from({ length: 10_000 }, async (_, index) => {
          const answer = await postMcp(server.endpoint, listProjects(index + 1), {}, flood);
          const text = await answer.body.text();
          return { status: answer.statusCode, retryAfter: answer.headers['retry-after'], text };
        }),
      );
      const served = answers.filter((answer) => answer.status === 200);
      const busy = answers.filter((answer) => answer.status === 503);
      expect(served.length + busy.length, 'every answer is 200 or 503').toBe(10_000);
      expect(served.length).toBeGreaterThanOrEqual(64);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.retryAfter).toBe('1');
        expect(answer.text).toContain('Server busy');
      }
      for (const answer of served.slice(0, 5)) expect(answer.text).toContain('Hunsrück Mitte');
      // Each served list_projects makes one API request; no more than 64 can be under way.
      expect(upstream.proxy().peakInFlight).toBeGreaterThan(1);
      expect(upstream.proxy().peakInFlight).toBeLessThanOrEqual(64);
      const peak = await peakRssMiB(server.process.pid!);
      expect(peak, `peak memory ${peak.toFixed(0)} MiB`).toBeLessThan(300);

      upstream.proxy().delayMs = 0;
      const after = await postMcp(server.endpoint, listProjects(1));
      expect(after.statusCode, 'the flood over, the server answers again').toBe(200);
      expect(await after.body.text()).toContain('Hunsrück Mitte');
      await server.stop();
      expect(server.stderr()).toMatch(/connections \d+ turned away busy/);
    } finally {
      upstream.proxy().delayMs = 0;
      await flood.close();
      await server.stop();
    }
    // The flood's length depends on the machine's other load; what it asserts does not.
  }, 90_000);
});
