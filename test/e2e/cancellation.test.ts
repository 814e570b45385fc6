/**
 * A call the client cancels (notifications/cancelled) stops waiting for the API: the request to
 * it is closed at once rather than held until the API answers or the deadline passes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { againstApi, connectStdio, textOf, type Item, type TestClient } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

describe.each(['modern', 'legacy'] as const)('a call a %s client cancels', (era) => {
  const upstream = useProxiedSandbox();
  let client: TestClient;

  beforeAll(async () => {
    client = await connectStdio(era, againstApi(upstream.urlOf('fincon')));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('closes its request to the API, and the next call is served', async () => {
    const invoice = (await client.items<Item>('list_invoices', {}))[0]!;
    const proxy = upstream.proxy();
    proxy.delayMs = 20_000;
    const cancel = new AbortController();
    const call = client.callTool('get_invoice', { invoice_id: invoice.id }, undefined, cancel.signal);
    await vi.waitFor(() => expect(proxy.inFlight).toBe(1), { timeout: 5_000 });
    cancel.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(proxy.inFlight).toBe(0), { timeout: 5_000 });

    proxy.delayMs = 0;
    const next = await client.callTool('get_invoice', { invoice_id: invoice.id });
    expect(next.isError, textOf(next)).toBeFalsy();
  });
});
