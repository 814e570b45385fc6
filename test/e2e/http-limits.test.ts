/**
 * The HTTP server under abuse: requests past the concurrency limit wait briefly or are turned
 * away with 503, slow clients are cut, clients that vanish are counted rather than logged one
 * line each, a body past the limit gets its 413, and JSON-RPC batches are served only where the
 * protocol version has them.
 * The flood of 10,000 requests is in test/load, where it runs alone.
 */
import { connect as connectSocket, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';
import { againstApi, logLines, startHttpServer, type HttpServer } from '../support/harness.js';
import { LEGACY_VERSION, listProjects, postMcp } from '../support/raw-mcp.js';

/** Resolves when the peer closes the socket, with what it sent before. */
function untilClosed(socket: Socket): Promise<string> {
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

function openSocket(endpoint: string): Promise<Socket> {
  const { hostname, port } = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const socket = connectSocket(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server's stderr once it has stopped: where its summaries and errors went. */
async function stderrAfterStop(server: HttpServer): Promise<string> {
  await server.stop();
  return server.stderr();
}

describe('the HTTP server at its concurrency limit', () => {
  const upstream = useProxiedSandbox();
  const finconUrl = () => upstream.urlOf('fincon');

  it('lets a short queue wait for a place: with --max-concurrent 2, two more calls wait, further ones get 503', async () => {
    const server = await startHttpServer(againstApi(finconUrl(), ['--max-concurrent', '2']));
    try {
      upstream.proxy().delayMs = 300;
      upstream.proxy().peakInFlight = 0;
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async (_, index) => {
          const answer = await postMcp(server.endpoint, listProjects(index + 1));
          await answer.body.dump();
          return answer.statusCode;
        }),
      );
      expect(statuses.sort()).toEqual([200, 200, 200, 200, 503, 503]);
      expect(upstream.proxy().peakInFlight).toBe(2);
    } finally {
      upstream.proxy().delayMs = 0;
      await server.stop();
    }
  });

  it('counts clients that go away before their answer in one summary line, not a line each', async () => {
    const server = await startHttpServer(againstApi(finconUrl()));
    try {
      upstream.proxy().delayMs = 1_000;
      const controllers = Array.from({ length: 40 }, () => new AbortController());
      const calls = controllers.map((controller, index) =>
        request(server.endpoint, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': LEGACY_VERSION,
          },
          body: JSON.stringify(listProjects(index + 1)),
        }).catch(() => undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const controller of controllers) controller.abort();
      await Promise.all(calls);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      upstream.proxy().delayMs = 0;
    }
    const stderr = await stderrAfterStop(server);
    expect(stderr).toMatch(/connections 40 gone before the answer/);
    expect(stderr).not.toMatch(/aborted|ECONNRESET|socket hang up|premature close/i);
  });
});

describe('slow clients', () => {
  let server: HttpServer;

  beforeAll(async () => {
    // A thousand requests from one address are past the rate limit, which is answered before a body is read.
    server = await startHttpServer({ args: ['--headers-timeout-s', '2', '--body-timeout-s', '3', '--rate-limit', '1000000'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('cuts a client that sends its headers a byte at a time, with 408', async () => {
    const socket = await openSocket(server.endpoint);
    const closed = untilClosed(socket);
    const started = Date.now();
    const headers = 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';
    let index = 0;
    const drip = setInterval(() => socket.writable && socket.write(headers[index++ % headers.length]!), 500);
    const received = await closed;
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a client that sends its body slowly, and a thousand of them at once', async () => {
    const body = JSON.stringify(listProjects(1));
    const head =
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n`;
    const sockets = await Promise.all(Array.from({ length: 1_000 }, () => openSocket(server.endpoint)));
    const started = Date.now();
    const closed = sockets.map((socket) => {
      socket.write(head + body.slice(0, 5));
      return untilClosed(socket);
    });
    let sent = 5;
    const drip = setInterval(() => {
      for (const socket of sockets) if (socket.writable) socket.write(body[sent] ?? ' ');
      sent += 1;
    }, 1_000);
    const received = await Promise.all(closed);
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(8_000);
    for (const answer of received) expect(answer).toMatch(/^HTTP\/1\.1 408/);

    const healthy = await request(server.endpoint.replace('/mcp', '/healthz'));
    expect(healthy.statusCode).toBe(200);
    await healthy.body.dump();
  });

  it('logs the cut connections as one summary, not a line each', async () => {
    const stderr = await stderrAfterStop(server);
    expect(stderr).toMatch(/connections 1001 too slow/);
    expect(await logLines(server, () => true)).toEqual([
      expect.objectContaining({ level: 'warn', connections: { 'too slow': 1001 }, seconds: expect.any(Number) }),
    ]);
  });
});

describe('a body past --max-body-mb', () => {
  let server: HttpServer;

  beforeAll(async () => {
    server = await startHttpServer({ args: ['--max-body-mb', '1'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('gets 413 when it comes without a length (chunked), and the server lives on', async () => {
    const chunk = Buffer.alloc(64 * 1024, ' ');
    const answer = await request(server.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: Readable.from(Array.from({ length: 32 }, () => chunk)),
    });
    expect(answer.statusCode).toBe(413);
    expect(await answer.body.text()).toContain('--max-body-mb');
    const healthy = await request(server.endpoint.replace('/mcp', '/healthz'));
    expect(healthy.statusCode).toBe(200);
    await healthy.body.dump();
  });
});

describe('JSON-RPC batches', () => {
  let server: HttpServer;

  beforeAll(async () => {
    server = await startHttpServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    { jsonrpc: '2.0', id: 2, method: 'ping' },
  ];

  it.each(['2025-06-18', '2025-11-25', '2026-07-28'])('are refused for protocol version %s', async (version) => {
    const answer = await postMcp(server.endpoint, batch, { 'mcp-protocol-version': version });
    expect(answer.statusCode).toBe(400);
    const body = (await answer.body.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain(`not part of MCP protocol version ${version}`);
  });

  it('are served for 2025-03-26, the version that has them', async () => {
    const answer = await postMcp(server.endpoint, batch, { 'mcp-protocol-version': '2025-03-26' });
    expect(answer.statusCode).toBe(200);
    const text = await answer.body.text();
    expect(text).toContain('"id":1');
    expect(text).toContain('"id":2');
  });

  it('never carry initialize', async () => {
    const answer = await postMcp(
      server.endpoint,
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
        },
      ],
      { 'mcp-protocol-version': '2025-03-26' },
    );
    expect(answer.statusCode).toBe(400);
    expect(await answer.body.text()).toContain('initialize must be sent on its own');
  });
});
