/**
 * Real processes, real sockets: the server under test is always the built CLI in a
 * child process; clients are the official SDK clients of both protocol eras.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyHttp } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import { recordCall } from './call-log.js';

export const CLI = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));

export type Transport = 'stdio' | 'http';
/** modern: 2026-07-28 via @modelcontextprotocol/client; legacy: 2025-11-25 via @modelcontextprotocol/sdk 1.x */
export type Era = 'modern' | 'legacy';

export interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
  isError?: boolean;
}

/** A flattened resource as the tools return it. */
export type Item = Record<string, unknown> & { id: string; type: string };

export interface Money {
  currency?: string;
  net: string;
  tax: string;
}

/** What list tools return as structured content. */
export interface Page<T = Item> {
  items: T[];
  next_cursor: string | null;
  page_totals?: Record<string, Money[]>;
  included?: Item[];
}

export interface TestClient {
  era: Era;
  transport: Transport;
  /**
   * `onProgress` sends a progressToken and hears the server's progress notifications; aborting
   * `signal` cancels the call (notifications/cancelled).
   */
  callTool(
    name: string,
    args?: Record<string, unknown>,
    onProgress?: (progress: Progress) => void,
    signal?: AbortSignal,
  ): Promise<ToolResult>;
  /**
   * Calls a tool that moves money as a user who agrees: the preview, then the same call with its
   * confirmation. Tools that need no confirmation (and refused previews) answer the first call.
   */
  commit(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** Calls a list tool and returns its page; fails with the tool's text when it errs. */
  page<T = Item>(name: string, args?: Record<string, unknown>): Promise<Page<T>>;
  /** The rows of the first page of a list tool. */
  items<T = Item>(name: string, args?: Record<string, unknown>): Promise<T[]>;
  listTools(): Promise<Array<{ name: string; annotations?: Record<string, unknown>; outputSchema?: unknown }>>;
  instructions(): string | undefined;
  close(): Promise<void>;
}

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ServerOptions {
  /** The executable, when not the built CLI (dist/src/cli.js): the published bundle, say. */
  entry?: string;
  /**
   * A whole command line to start instead of the entry (`npx -y project-finance-mcp`, say); over
   * HTTP it names the transport and port itself.
   */
  command?: readonly string[];
  /** Extra CLI flags. */
  args?: string[];
  /** Extra environment; PFM_* variables of the test runner's own environment are never inherited. */
  env?: Record<string, string>;
  /** The server's working directory (the test runner's by default). */
  cwd?: string;
}

/** The environment of a server under test: the runner's, without its PFM_* variables, plus `extra`. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key, value]) => value !== undefined && !key.startsWith('PFM_')),
  ) as Record<string, string>;
  return { ...base, ...extra };
}

/** What both SDK generations' clients offer, as far as the tests use it. */
interface SdkClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }, ...options: unknown[]): Promise<unknown>;
  listTools(): Promise<{ tools: unknown[] }>;
  getInstructions(): string | undefined;
  close(): Promise<void>;
}

function wrap(client: SdkClient, era: Era, transport: Transport): TestClient {
  const callTool = async (
    name: string,
    args: Record<string, unknown> = {},
    onprogress?: (progress: Progress) => void,
    signal?: AbortSignal,
  ) => {
    const params = { name, arguments: args };
    const asked = { ...(onprogress ? { onprogress } : {}), ...(signal ? { signal } : {}) };
    // The 1.x client takes a result schema before the request options.
    const options = onprogress || signal ? (era === 'legacy' ? [undefined, asked] : [asked]) : [];
    const result = (await client.callTool(params, ...options)) as ToolResult;
    // Only answers count as coverage: a refused call has not exercised the operation.
    if (!result.isError) recordCall(name);
    return result;
  };
  const page = async <T>(name: string, args: Record<string, unknown> = {}) => dataOf<Page<T>>(await callTool(name, args));
  const commit = async (name: string, args: Record<string, unknown> = {}) => {
    const preview = await callTool(name, args);
    const structured = preview.structuredContent as { status?: string; confirmation?: string } | undefined;
    if (preview.isError || structured?.status !== 'preview') return preview;
    return callTool(name, { ...args, confirmation: structured.confirmation });
  };
  return {
    era,
    transport,
    callTool,
    commit,
    page,
    items: async (name, args = {}) => (await page(name, args)).items as never,
    listTools: async () => (await client.listTools()).tools as never,
    instructions: () => client.getInstructions(),
    close: () => client.close(),
  };
}

/** Server options that point the FinCon tools at another API (a sandbox or a fake) with credentials. */
export function againstApi(finconUrl: string, extraArgs: string[] = []): ServerOptions {
  return { args: ['--fincon-url', finconUrl, ...extraArgs], env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' } };
}

const clientInfo = { name: 'project-finance-mcp-tests', version: '1.0.0' };

/** How a person answers a question the server asks through the client (elicitation). */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean>;
}

/** A client that can be asked: every question's message is recorded, `answer` replies to it. */
export interface AskingClient {
  questions: string[];
  answer: (message: string) => ElicitAnswer;
}

export async function connectStdio(era: Era, options: ServerOptions = {}, asking?: AskingClient): Promise<TestClient> {
  const [command, ...commandArgs] = options.command ?? [process.execPath, options.entry ?? CLI];
  const params = {
    command: command!,
    args: [...commandArgs, ...(options.args ?? [])],
    env: childEnv(options.env),
    cwd: options.cwd,
    stderr: 'pipe' as const,
  };
  const reply = (
    message: string,
  ): { action: ElicitAnswer['action']; content?: ElicitAnswer['content']; [key: string]: unknown } => {
    asking!.questions.push(message);
    return { ...asking!.answer(message) };
  };
  if (era === 'modern') {
    const client = new ModernClient(clientInfo, {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      ...(asking ? { capabilities: { elicitation: { form: {} } } } : {}),
    });
    if (asking) client.setRequestHandler('elicitation/create', async (request) => reply(request.params.message));
    await client.connect(new ModernStdio(params));
    return wrap(client, 'modern', 'stdio');
  }
  const client = new LegacyClient(clientInfo, asking ? { capabilities: { elicitation: {} } } : undefined);
  if (asking) client.setRequestHandler(ElicitRequestSchema, async (request) => reply(request.params.message));
  await client.connect(new LegacyStdio(params));
  return wrap(client, 'legacy', 'stdio');
}

export interface HttpServer {
  endpoint: string;
  stderr: () => string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 25_000;

/** Starts `cli --transport http --port 0` and waits for its "MCP endpoint:" line. */
export async function startHttpServer(options: ServerOptions = {}): Promise<HttpServer> {
  const [program, ...programArgs] = options.command ?? [
    process.execPath,
    options.entry ?? CLI,
    '--transport',
    'http',
    '--port',
    '0',
  ];
  const child = spawn(program!, [...programArgs, ...(options.args ?? [])], {
    env: childEnv(options.env),
    cwd: options.cwd,
    // A command line (npx, say) may start the server as a child of its own: stopped as a group.
    detached: options.command !== undefined,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** The server, and with a command line the process group it started. */
  const killAll = () => {
    if (!options.command) return void child.kill('SIGTERM');
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // The whole group has ended.
    }
  };
  let stderr = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    // A server that never says where it listens is stopped, with what it printed, before the hook times out.
    const late = setTimeout(() => {
      killAll();
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /MCP endpoint: (\S+)/.exec(stderr);
      if (match) {
        clearTimeout(late);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  return {
    endpoint,
    stderr: () => stderr,
    process: child,
    async stop() {
      // Gone already (ended on its own, or killed by a test) unless what it started lives on.
      const running = child.exitCode === null && child.signalCode === null;
      const exited = running ? once(child, 'exit') : undefined;
      killAll();
      await exited;
    },
  };
}

export type LogLine = Record<string, unknown>;

/**
 * The server's JSON log lines (pino) written after the first `from` characters of its stderr,
 * once `complete` holds for them: a request's line is written as its answer is finished, which
 * can be just after the client has read it.
 */
export async function logLines(server: HttpServer, complete: (lines: LogLine[]) => boolean, from = 0): Promise<LogLine[]> {
  const read = () =>
    server
      .stderr()
      .slice(from)
      .split('\n')
      // The last piece may be a line still being written.
      .slice(0, -1)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  for (let waited = 0; waited < 2_000 && !complete(read()); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  return read();
}

/** A client over HTTP; with `token`, every request carries it as a Bearer token. */
export async function connectHttp(era: Era, endpoint: string, token?: string): Promise<TestClient> {
  const requestInit = token ? { headers: { authorization: `Bearer ${token}` } } : undefined;
  if (era === 'modern') {
    const client = new ModernClient(clientInfo, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernHttp(new URL(endpoint), { requestInit }));
    return wrap(client, 'modern', 'http');
  }
  const client = new LegacyClient(clientInfo);
  await client.connect(new LegacyHttp(new URL(endpoint), { requestInit }));
  return wrap(client, 'legacy', 'http');
}

/** A connected client of the given transport and era, with a server of its own. */
export async function connect(transport: Transport, era: Era, options: ServerOptions = {}): Promise<TestClient> {
  if (transport === 'stdio') return connectStdio(era, options);
  const server = await startHttpServer(options);
  const client = await connectHttp(era, server.endpoint);
  return {
    ...client,
    async close() {
      await client.close();
      await server.stop();
    },
  };
}

export const COMBINATIONS: ReadonlyArray<readonly [Transport, Era]> = [
  ['stdio', 'modern'],
  ['stdio', 'legacy'],
  ['http', 'modern'],
  ['http', 'legacy'],
];

export function textOf(result: ToolResult): string {
  return result.content.map((block) => block.text ?? '').join('\n');
}

/** A minimal document that passes the API's PDF check, its label inside so files differ. */
export function pdf(label = 'Testdokument'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`);
}

/**
 * A filtered list really was filtered: it has rows, all of them match, and the
 * unfiltered rows include some that do not (so dropping the filter would fail this).
 */
export function expectNarrowed(filtered: readonly Item[], unfiltered: readonly Item[], matches: (item: Item) => boolean): void {
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.filter((item) => !matches(item))).toEqual([]);
  expect(unfiltered.some((item) => !matches(item))).toBe(true);
}

/** The structured content of a successful result; fails loudly with the text of an error. */
export function dataOf<T = Record<string, unknown>>(result: ToolResult): T {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

/** "775297.33675" -> "775,297.34": half-up to cents and grouped, written here apart from the server's own code. */
export function shownAsCents(value: string | Decimal): string {
  const cents = new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [whole, fraction] = cents.abs().toFixed(2).split('.') as [string, string];
  return `${cents.isNegative() && !cents.isZero() ? '-' : ''}${new Intl.NumberFormat('en-US').format(BigInt(whole))}.${fraction}`;
}
