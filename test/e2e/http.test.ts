import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startHttpServer, type HttpServer } from '../support/harness.js';
import { listProjects, postMcp } from '../support/raw-mcp.js';

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

  it('answers a 2025-era call that asks for no progress with one JSON body', async () => {
    const answer = await postMcp(server.endpoint, listProjects(7));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = (await answer.body.json()) as { id: number; result: { structuredContent: { items: unknown[] } } };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.items.length).toBeGreaterThan(0);
  });

  it('streams a 2025-era call that asks for progress: its notifications, then its result', async () => {
    const call = {
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'get_project_payables', arguments: {}, _meta: { progressToken: 'payables' } },
    };
    const answer = await postMcp(server.endpoint, call);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = (await answer.body.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice('data: '.length)) as { method?: string; id?: number; params?: { progressToken?: string } },
      );
    const progress = events.filter((event) => event.method === 'notifications/progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((event) => event.params?.progressToken === 'payables')).toBe(true);
    expect(events.at(-1)?.id).toBe(8);
  });
});
