/**
 * /mcp looks at the token, the rate limit and a full server before it reads a body, and parses a
 * body only with a nesting limit of 64 levels: 14 MB of brackets without a token costs the server
 * a read, not seconds of parsing, and a body nested thousands deep is a parse error, not a 500.
 */
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { againstApi, startHttpServer, type HttpServer } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';
import { LEGACY_VERSION, listProjects } from '../support/raw-mcp.js';

const PUBLIC_URL = 'https://finance-mcp.example.test/mcp';

/**
 * "[" x 7M + "]" x 7M: 14 MiB of JSON nested 7 million levels deep, within the 16 MB body limit.
 * Wherever it is parsed the answer is 400, so any other answer shows that it was not.
 */
const FLOOD = Buffer.alloc(14 * 1024 * 1024, '[').fill(']', 7 * 1024 * 1024);

/** A call of list_projects whose message nests `depth` levels: message, params, _meta, then arrays. */
function callNested(depth: number): string {
  const arrays = depth - 3;
  return (
    '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_projects","arguments":{},' +
    `"_meta":{"depth":${'['.repeat(arrays)}${']'.repeat(arrays)}}}}`
  );
}

async function post(endpoint: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const answer = await request(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LEGACY_VERSION,
      ...headers,
    },
    body,
  });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

/** The result of a JSON-RPC answer sent as JSON or as one server-sent event. */
function rpcResult(text: string): { isError?: boolean; structuredContent?: { items: unknown[] } } | undefined {
  const data = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((line) => line.startsWith('data: '))!
        .slice(6);
  return (JSON.parse(data) as { result?: { isError?: boolean; structuredContent?: { items: unknown[] } } }).result;
}

const PARSE_ERROR = {
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: expect.stringMatching(/deeper than 64 levels/) },
};

/**
 * How long GET /healthz took, asked every 10 ms (each on a connection of its own while the last
 * has not come back) until `until` settles. Asked at a steady pace, a server that stalls for a
 * while leaves every probe of that while waiting, as a health checker would find it.
 */
async function healthLatencies(endpoint: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent();
  const timed = async () => {
    const started = performance.now();
    const answer = await request(new URL('/healthz', endpoint), { dispatcher: agent });
    await answer.body.dump();
    expect(answer.statusCode).toBe(200);
    return performance.now() - started;
  };
  let settled = false;
  const stop = () => (settled = true);
  until.then(stop, stop);
  const probes: Array<Promise<number>> = [];
  try {
    while (!settled) {
      probes.push(timed());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return await Promise.all(probes);
  } finally {
    await agent.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('with --auth oauth', () => {
  let idp: TestIdentityProvider;
  let server: HttpServer;
  const bearer = async (sub: string) => ({
    authorization: `Bearer ${await idp.userToken(sub, { resource: PUBLIC_URL, scope: 'read' })}`,
  });

  beforeAll(async () => {
    idp = await startIdentityProvider();
    server = await startHttpServer({
      args: ['--auth', 'oauth', '--oauth-issuer', idp.issuer, '--public-url', PUBLIC_URL, '--sandbox', '--rate-limit', '3'],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  it('answers 14 MB of brackets from 4 clients without a token with 401 each, and /healthz within 100 ms meanwhile', async () => {
    const floods = Promise.all(Array.from({ length: 4 }, () => post(server.endpoint, FLOOD)));
    const [answers, latencies] = await Promise.all([floods, healthLatencies(server.endpoint, floods)]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toMatch(/^Bearer resource_metadata=/);
    }
    // Parsed, these bodies stalled the server for seconds: most probes would have waited. Read and
    // dropped, they do not; on two busy cores a probe here and there still waits on the scheduler.
    expect(latencies.length).toBeGreaterThan(0);
    expect(median(latencies), `/healthz took ${latencies.map(Math.round).join(', ')} ms`).toBeLessThan(100);
  });

  it('does not parse a body without a token: not JSON is still 401, not 400', async () => {
    expect((await post(server.endpoint, 'not json')).status).toBe(401);
  });

  it('answers a body nested 5,000 deep with 400 and a JSON-RPC parse error, not 500', async () => {
    const answer = await post(server.endpoint, callNested(5_000), await bearer('alice'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual(PARSE_ERROR);
  });

  it('serves a call nested 64 levels deep, and refuses 65 levels and 14 MB of brackets', async () => {
    const headers = await bearer('bob');
    const served = await post(server.endpoint, callNested(64), headers);
    expect(served.status).toBe(200);
    const result = rpcResult(served.text);
    expect(result?.isError).toBeFalsy();
    expect(result?.structuredContent?.items.length).toBeGreaterThan(0);

    const refused = await post(server.endpoint, callNested(65), headers);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual(PARSE_ERROR);
    const flood = await post(server.endpoint, FLOOD, headers);
    expect(flood.status).toBe(400);
    expect(JSON.parse(flood.text)).toEqual(PARSE_ERROR);
  });

  it('answers 429 past the rate limit before the body is looked at', async () => {
    const headers = await bearer('carol');
    const statuses: number[] = [];
    for (let call = 1; !statuses.includes(429) && call <= 4; call += 1)
      statuses.push((await post(server.endpoint, JSON.stringify(listProjects(call)), headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await post(server.endpoint, FLOOD, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('without --auth (open on loopback)', () => {
  const upstream = useProxiedSandbox();
  let server: HttpServer;

  beforeAll(async () => {
    server = await startHttpServer(againstApi(upstream.urlOf('fincon'), ['--max-concurrent', '1', '--rate-limit', '3']));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('turns a request away with 503 while every place is taken, before the body is looked at', async () => {
    upstream.proxy().delayMs = 1_000;
    try {
      // One call is served (it waits at the API) and one waits for its place: the server is full.
      const calls = [1, 2].map((id) => post(server.endpoint, JSON.stringify(listProjects(id))));
      while (upstream.proxy().inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const busy = await post(server.endpoint, FLOOD);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect((await Promise.all(calls)).map((call) => call.status)).toEqual([200, 200]);
    } finally {
      upstream.proxy().delayMs = 0;
    }
  });

  it('answers 429 past the rate limit (per address) before the body is looked at', async () => {
    let status = 0;
    for (let call = 1; status !== 429 && call <= 4; call += 1)
      status = (await post(server.endpoint, JSON.stringify(listProjects(call)))).status;
    expect(status).toBe(429);
    const limited = await post(server.endpoint, FLOOD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
