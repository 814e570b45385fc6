/**
 * A call the client cancels (notifications/cancelled, or over HTTP its request given up) stops
 * waiting for the API: the request to it is closed at once rather than held until the API
 * answers or the deadline passes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { againstApi, connect, startHttpServer, textOf, type Item, type TestClient } from '../support/harness.js';
import { postMcp } from '../support/raw-mcp.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

/*
 * A 2025-era client over HTTP is tested below: served statelessly, its notifications/cancelled
 * arrives as a request of its own at a server that never saw the call, so only a call whose
 * connection the client closes can be cancelled.
 */
const CLIENTS = [
  ['stdio', 'modern'],
  ['stdio', 'legacy'],
  ['http', 'modern'],
] as const;

describe.each(CLIENTS)('a call a %s client of the %s era cancels', (transport, era) => {
  const upstream = useProxiedSandbox();
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(transport, era, againstApi(upstream.urlOf('fincon')));
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

describe('a 2025-era call over HTTP whose client closes the connection', () => {
  const upstream = useProxiedSandbox();

  it('closes its request to the API', async () => {
    const server = await startHttpServer(againstApi(upstream.urlOf('fincon')));
    try {
      const proxy = upstream.proxy();
      const listed = await postMcp(server.endpoint, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_invoices', arguments: {} },
      });
      const invoiceId = ((await listed.body.json()) as { result: { structuredContent: { items: Item[] } } }).result
        .structuredContent.items[0]!.id;
      proxy.delayMs = 20_000;
      const gone = new AbortController();
      const call = postMcp(
        server.endpoint,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_invoice', arguments: { invoice_id: invoiceId } } },
        {},
        undefined,
        gone.signal,
      );
      await vi.waitFor(() => expect(proxy.inFlight).toBe(1), { timeout: 5_000 });
      gone.abort();
      await expect(call).rejects.toThrow();
      await vi.waitFor(() => expect(proxy.inFlight).toBe(0), { timeout: 5_000 });
      proxy.delayMs = 0;
    } finally {
      await server.stop();
    }
  });
});
