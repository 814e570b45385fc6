/**
 * Logs people can use. stdio: stdout carries nothing but protocol. MCP log messages
 * (notifications/message) tell a client what the server does, only when it asked: a 2025-era
 * client with logging/setLevel for its session, a 2026-07-28 client per request in `_meta`.
 * HTTP: one pino JSON line on stderr per request, from the published bundle.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import {
  Client as ModernClient,
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport as ModernHttp,
  type LoggingLevel,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { againstApi, CLI, logLines, startHttpServer, type HttpServer } from '../support/harness.js';
import { listProjects, postMcp } from '../support/raw-mcp.js';

const BIN = fileURLToPath(new URL('../../dist/bundle/launcher.cjs', import.meta.url));
const clientInfo = { name: 'project-finance-mcp-tests', version: '1.0.0' };
const UNKNOWN_INVOICE = '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c';

interface LogMessage {
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

const api = () => againstApi(sandbox.baseUrls.fincon);
const stdioParams = (args: string[], env: Record<string, string>) => ({
  command: process.execPath,
  args: [CLI, ...args],
  env: { PATH: process.env.PATH ?? '', ...env },
  stderr: 'pipe' as const,
});

/** A 2025-era client over stdio, and the log messages it receives. */
async function legacyStdio(args: string[], env: Record<string, string>) {
  const client = new LegacyClient(clientInfo);
  const messages: LogMessage[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void messages.push(notification.params));
  await client.connect(new LegacyStdio(stdioParams(args, env)));
  return { client, messages };
}

/** A 2026-07-28 client over stdio or HTTP, and the log messages it receives. */
async function modern(transport: ModernStdio | ModernHttp) {
  const client = new ModernClient(clientInfo, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const messages: LogMessage[] = [];
  client.setNotificationHandler('notifications/message', (notification) => void messages.push(notification.params));
  await client.connect(transport);
  return { client, messages };
}

const asking = (level: LoggingLevel) => ({ _meta: { [LOG_LEVEL_META_KEY]: level } });
const API_LINE = /^GET \/fincon\/v1\/\S* -> \d{3} in \d+ ms$/;

describe('a stdio session', () => {
  it('writes nothing but JSON-RPC messages on stdout: through API calls, errors, the sandbox start and log messages', async () => {
    const child = spawn(process.execPath, [CLI, '--sandbox', '--audit-log', 'stderr'], {
      env: { PATH: process.env.PATH ?? '', PFM_SANDBOX_FAULTS: 'status-503=0.3,seed=5' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const answers = new Map<number, (message: unknown) => void>();
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const complete = stdout.length - stdout.split('\n').at(-1)!.length;
      stdout += chunk;
      for (const line of stdout.slice(complete).split('\n').slice(0, -1)) {
        const message = (() => {
          try {
            return JSON.parse(line) as { id?: number };
          } catch {
            return {}; // Judged below, with every other line.
          }
        })();
        if (typeof message.id === 'number') answers.get(message.id)?.(message);
      }
    });
    let id = 0;
    const send = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const request = (method: string, params: Record<string, unknown> = {}) => {
      const answered = new Promise((resolve) => answers.set((id += 1), resolve));
      send({ id, method, params });
      return answered;
    };
    const call = (name: string, args: Record<string, unknown>) => request('tools/call', { name, arguments: args });

    await request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo });
    send({ method: 'notifications/initialized' });
    await request('logging/setLevel', { level: 'debug' });
    await call('list_projects', {});
    await call('get_project_payables', { project_name: 'Hunsrück Mitte' });
    await call('get_invoice', { invoice_id: 'not-a-uuid' });
    await call('get_invoice', { invoice_id: UNKNOWN_INVOICE });
    await call('register_invoice_payment', {
      invoice_id: UNKNOWN_INVOICE,
      payment_amount_gross: '10.00',
      payment_date: '2026-11-20',
      is_final_payment: false,
      confirmation: 'made-up',
    });
    child.stdin.end();
    await once(child, 'exit');

    expect(stdout.endsWith('\n')).toBe(true);
    const messages = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { jsonrpc: string; id?: number; method?: string; params?: LogMessage });
    expect(messages.filter((message) => message.jsonrpc !== '2.0')).toEqual([]);
    const logged = messages.filter((message) => message.method === 'notifications/message').map((message) => message.params!);
    expect(logged.map((message) => message.level)).toEqual(expect.arrayContaining(['debug', 'info', 'warning']));
    expect(logged.map((message) => message.data)).toContainEqual(expect.stringMatching(/ answered 503; asking again in \d+ ms/));
    expect(stderr).toContain('Using the embedded SANDBOX API');
    expect(stderr).toMatch(/^\{"level":"info","time":"[^"]+","audit":"money_write",.*"outcome":"refused"/m);
  });
});

describe('MCP log messages over stdio', () => {
  it('reach a 2025-era client from its logging/setLevel on, above the level it set, and never before', async () => {
    const { client, messages } = await legacyStdio(api().args!, api().env!);
    try {
      await client.callTool({ name: 'list_projects', arguments: {} });
      expect(messages).toEqual([]);

      expect(await client.setLoggingLevel('debug')).toEqual({});
      await client.callTool({ name: 'list_projects', arguments: {} });
      expect(messages).toEqual([{ level: 'debug', logger: 'api', data: expect.stringMatching(API_LINE) }]);
      expect(JSON.stringify(messages)).not.toMatch(/test-key|test-token|127\.0\.0\.1/);

      messages.length = 0;
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'get_invoice', arguments: { invoice_id: UNKNOWN_INVOICE } });
      const refused = await client.callTool({
        name: 'register_invoice_payment',
        arguments: {
          invoice_id: UNKNOWN_INVOICE,
          payment_amount_gross: '10.00',
          payment_date: '2026-11-20',
          is_final_payment: false,
          confirmation: 'made-up',
        },
      });
      expect(refused.isError).toBe(true);
      expect(messages).toEqual([
        {
          level: 'warning',
          logger: 'writes',
          data: expect.stringMatching(/^register_invoice_payment: refused \(tampered\), reference [0-9a-f-]{36}$/),
        },
      ]);
    } finally {
      await client.close();
    }
  });

  it("reach a 2026-07-28 client per request, at the level in the request's _meta", async () => {
    const { client, messages } = await modern(new ModernStdio(stdioParams(api().args!, api().env!)));
    try {
      const [project] = (
        (await client.callTool({ name: 'list_projects', arguments: {} })).structuredContent as {
          items: Array<{ id: string }>;
        }
      ).items;
      expect(messages).toEqual([]);

      await client.callTool({ name: 'get_project_payables', arguments: { project_id: project!.id }, ...asking('info') });
      expect(messages.length).toBeGreaterThan(1);
      expect(messages).toContainEqual({ level: 'info', logger: 'reads', data: 'list_invoices page 1 read' });
      expect(messages.filter((message) => message.level === 'debug')).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('tell of each retry and of the failure when the API cannot be reached', async () => {
    const unreachable = againstApi('http://127.0.0.1:9/fincon/v1');
    const { client, messages } = await legacyStdio(unreachable.args!, unreachable.env!);
    try {
      await client.setLoggingLevel('warning');
      const result = await client.callTool({ name: 'list_projects', arguments: {} });
      expect(result.isError).toBe(true);
      expect(messages).toEqual([
        ...[2, 3, 4].map((attempt) => ({
          level: 'warning',
          logger: 'api',
          data: expect.stringMatching(
            new RegExp(`^GET /fincon/v1/projects/ failed \\(ECONNREFUSED\\); asking again in \\d+ ms \\(attempt ${attempt}\\)$`),
          ),
        })),
        { level: 'error', logger: 'api', data: 'GET /fincon/v1/projects/ failed (ECONNREFUSED)' },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('over HTTP, from the published bundle', () => {
  let server: HttpServer;

  beforeAll(async () => {
    server = await startHttpServer({ ...api(), entry: BIN });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('MCP log messages reach a 2026-07-28 client per request; a 2025-era level cannot outlive its stateless request', async () => {
    const current = await modern(new ModernHttp(new URL(server.endpoint)));
    try {
      await current.client.callTool({ name: 'list_projects', arguments: {}, ...asking('debug') });
      expect(current.messages).toEqual([{ level: 'debug', logger: 'api', data: expect.stringMatching(API_LINE) }]);
    } finally {
      await current.client.close();
    }

    const legacy = new LegacyClient(clientInfo);
    const messages: LogMessage[] = [];
    legacy.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void messages.push(notification.params));
    await legacy.connect(new LegacyHttp(new URL(server.endpoint)));
    try {
      expect(await legacy.setLoggingLevel('debug')).toEqual({});
      await legacy.callTool({ name: 'list_projects', arguments: {} });
      expect(messages).toEqual([]);
    } finally {
      await legacy.close();
    }
  });

  it('writes one JSON line per request on stderr (pino): method, path, status, time, request id and the call', async () => {
    const from = server.stderr().length;
    const answer = await postMcp(server.endpoint, listProjects(7), { 'x-request-id': 'trace-42' });
    await answer.body.text();
    await fetch(server.endpoint.replace('/mcp', '/healthz'));
    await fetch(server.endpoint.replace('/mcp', '/nowhere'));
    const lines = await logLines(server, (written) => written.some((line) => line.path === '/nowhere'), from);
    expect(lines.find((line) => line.request_id === 'trace-42')).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'POST',
      path: '/mcp',
      status: 200,
      ms: expect.any(Number),
      request_id: 'trace-42',
      rpc: 'tools/call',
      tool: 'list_projects',
      msg: 'POST /mcp 200',
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/nowhere', status: 404, msg: 'GET /nowhere 404' }),
    );
    expect(lines.filter((line) => line.path === '/healthz')).toEqual([]);
    expect(server.stderr().slice(from).trimEnd().split('\n')).toHaveLength(lines.length);
  });
});

describe('request lines gathered before they are written', () => {
  it('are all on stderr once the process has ended, however soon after the calls it ends', async () => {
    const server = await startHttpServer({ ...api(), entry: BIN });
    const from = server.stderr().length;
    for (let id = 1; id <= 3; id += 1)
      await (await postMcp(server.endpoint, listProjects(id), { 'x-request-id': `end-${id}` })).body.text();
    await server.stop();
    const written = server
      .stderr()
      .slice(from)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { request_id?: string });
    expect(written.map((line) => line.request_id).filter(Boolean)).toEqual(['end-1', 'end-2', 'end-3']);
  });
});
