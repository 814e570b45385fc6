import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startHttpServer, type HttpServer } from '../support/harness.js';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
});

function post(endpoint: string, headers: Record<string, string>) {
  return request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: initialize,
  });
}

describe('the HTTP transport', () => {
  let server: HttpServer;

  beforeAll(async () => {
    server = await startHttpServer({ args: ['--allowed-origins', 'localhost,app.example.com'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints its endpoint and that it runs on the sandbox', () => {
    expect(server.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(server.stderr()).toContain('SANDBOX');
  });

  it('answers health probes', async () => {
    const response = await request(server.endpoint.replace('/mcp', '/healthz'));
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({ status: 'ok' });
  });

  it('refuses a foreign Origin with 403 and serves an allowed one', async () => {
    const foreign = await post(server.endpoint, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    await foreign.body.dump();
    for (const origin of ['http://localhost:5173', 'https://app.example.com']) {
      const allowed = await post(server.endpoint, { origin });
      expect(allowed.statusCode, origin).toBe(200);
      await allowed.body.dump();
    }
  });

  it('refuses a Host it does not serve (DNS rebinding) with 403', async () => {
    const response = await post(server.endpoint, { host: 'attacker.example' });
    expect(response.statusCode).toBe(403);
    await response.body.dump();
  });

  it('answers other paths with 404 naming the endpoint', async () => {
    const response = await request(server.endpoint.replace('/mcp', '/'));
    expect(response.statusCode).toBe(404);
    expect(await response.body.text()).toContain('/mcp');
  });
});
