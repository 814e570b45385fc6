/**
 * Reads are asked again after a failed connection, 429 or 502/503/504; writes never are. The API
 * is the sandbox behind a proxy that fails the requests a test picks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy, type JsonAnswer } from '../support/fault-proxy.js';
import { againstApi, connect, dataOf, textOf, type Page, type TestClient } from '../support/harness.js';

let sandbox: SandboxHandle;
let proxy: FaultProxy;
let client: TestClient;

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.origin);
  // A write whose connection was cut counts as not made once its exchange's deadline has passed: 4 s here.
  client = await connect('stdio', 'modern', againstApi(`${proxy.origin}/fincon/v1`, ['--timeout-ms', '4000']));
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await sandbox?.close();
});

/** Fails the next `times` requests of `method` with `failure`, then lets everything through. */
function failNext(method: string, times: number, failure: FaultProxy['failWith']): void {
  let left = times;
  proxy.failWith = failure;
  proxy.fails = (seen) => seen === method && left-- > 0;
}

const since = (from: number, method: string) => proxy.seen.slice(from).filter((request) => request.method === method);

describe('a read', () => {
  it.each<[string, JsonAnswer | 'drop']>([
    ['503', { status: 503 }],
    ['502', { status: 502 }],
    ['429 with a short Retry-After', { status: 429, headers: { 'retry-after': '1' } }],
    ['a cut connection', 'drop'],
  ])('is asked again after %s, and answers', async (_what, failure) => {
    const from = proxy.seen.length;
    failNext('GET', 2, failure);
    const started = Date.now();
    const page = dataOf<Page>(await client.callTool('list_projects'));
    expect(page.items.length).toBeGreaterThan(0);
    expect(since(from, 'GET')).toHaveLength(3);
    // Twice Retry-After: 1 was waited for.
    if (failure !== 'drop' && failure.headers) expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('gives up after four attempts and says what the API answered', async () => {
    const from = proxy.seen.length;
    failNext('GET', 10, { status: 503 });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('HTTP 503');
    expect(since(from, 'GET')).toHaveLength(4);
    proxy.fails = () => false;
  });

  it('is not held up by a Retry-After too long to wait for', async () => {
    const from = proxy.seen.length;
    failNext('GET', 1, { status: 429, headers: { 'retry-after': '120' } });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/HTTP 429[\s\S]*wait 120 seconds/);
    expect(since(from, 'GET')).toHaveLength(1);
  });
});

describe('a write', () => {
  it('is never sent again, whatever came back', async () => {
    const approved = dataOf<Page>(
      await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
    );
    const invoice = approved.items.find((item) => !item.payment_amount_gross)!;
    const failures: Array<JsonAnswer | 'drop'> = [{ status: 503 }, { status: 429, headers: { 'retry-after': '1' } }, 'drop'];
    for (const failure of failures) {
      const from = proxy.seen.length;
      failNext('POST', 1, failure);
      const result = await client.commit('register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '5.00',
        payment_date: '2026-11-20',
        is_final_payment: false,
      });
      expect(since(from, 'POST')).toHaveLength(1);
      // A refusal is an error; after a lost answer or a server failure the payments are read back.
      const status = (result.structuredContent as { status?: string } | undefined)?.status;
      if (failure !== 'drop' && failure.status === 429) expect(result.isError).toBe(true);
      else expect(status, textOf(result)).toBe('not_committed');
    }
  });
});
