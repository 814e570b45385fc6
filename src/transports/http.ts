import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import type { AddressInfo, Socket } from 'node:net';
import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isLegacyRequest,
  type AuthInfo,
  type McpHttpHandler,
  type McpServer,
} from '@modelcontextprotocol/server';
import type { AuditSink } from '../audit.js';
import type { OperatorLog } from '../logs.js';
import type { ResourceServer } from '../auth/resource-server.js';
import type { StateStore } from '../state/store.js';
import { callerOf, type Caller } from '../auth/caller.js';
import { MODIFY_SCOPE } from '../auth/scopes.js';
import { batchRefusal } from './batches.js';
import { createConcurrencyGate } from './concurrency.js';
import { createConnectionStats, isClientGone } from './connection-stats.js';
import { nestsDeeperThan } from './json-nesting.js';
import { toNodeExchange, type NodeHandler } from './node-exchange.js';
import { legacyRequests } from './legacy-requests.js';
import { createRateLimiter } from './rate-limit.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** Browser Origin hostnames allowed on /mcp; requests without Origin always pass. */
  allowedOrigins: readonly string[];
  /** Host header hostnames accepted on /mcp; null disables the check. */
  allowedHosts: readonly string[] | null;
  /** Largest request body /mcp reads; a larger one is answered 413. */
  maxBodyBytes: number;
  /** Requests to /mcp per minute per caller (issuer and subject, or address without auth). */
  rateLimitPerMinute: number;
  /** Where the rate-limit buckets are kept: shared by every instance with Redis. */
  store: StateStore;
  /** Requests to /mcp served at once; as many more wait a few seconds, the rest get 503. */
  maxConcurrent: number;
  /** Longest a client may take to send its request headers. */
  headersTimeoutMs: number;
  /** Longest a client may take to send its whole request, headers and body. */
  requestTimeoutMs: number;
  /** With OAuth: authenticates every /mcp request and serves the metadata documents. */
  resourceServer?: ResourceServer;
  /** Whether the server offers a tool by this name directly (its own tools, or search_tools and call_tool). */
  offers(toolName: string): boolean;
  /** Whether a tool called by this name changes data (a call_tool call counts as the tool it names). */
  changesData(toolName: string): boolean;
  /**
   * /readyz: each check and whether it passes (e.g. the upstream API answers). `degraded` checks
   * do not make the instance unready: it still serves what does not need them.
   */
  readiness(): Promise<{ checks: Record<string, boolean>; degraded?: readonly string[] }>;
  /** Where writes refused for want of scope are recorded. */
  audit?: AuditSink;
  /** A line per request, the connection summary and errors. */
  log: OperatorLog;
}

export interface HttpServerHandle {
  /** e.g. http://127.0.0.1:3000/mcp */
  endpoint: string;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

async function sendWeb(response: ServerResponse, answer: Response): Promise<void> {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

function webRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`), {
    method: request.method,
    headers,
  });
}

class BodyTooLarge extends Error {}

/** Reads and drops the rest of a request body; settles when it ends or the connection goes. */
function drained(request: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    request.once('end', resolve).once('close', resolve).once('error', resolve).resume();
  });
}

/**
 * How long the body of a refused request (401, 403, 413, 429, 503) is read and dropped before the
 * answer goes out: a client still sending when the socket closes gets a reset, not the answer.
 * A longer send is cut: the answer goes out and the connection closes.
 */
const REFUSED_BODY_DRAIN_MS = 3_000;

/** Whether the body ended (or the connection went) within `ms` while it was dropped. */
async function drainedWithin(request: IncomingMessage, ms: number): Promise<boolean> {
  if (request.readableEnded) return true;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = drained(request).then(() => true);
  return Promise.race([done, waited]).finally(() => clearTimeout(timer));
}

/**
 * Deepest nesting of arrays and objects a POST body may have; deeper is a parse error before
 * JSON.parse runs. MCP messages nest a handful of levels, tool arguments a few more.
 */
const MAX_NESTING = 64;

/** How long a request waits for a free place before it is turned away. */
const MAX_QUEUE_WAIT_MS = 5_000;
/**
 * Connections the kernel holds until they are accepted (capped by net.core.somaxconn). Node's
 * 511 overflows under a burst: the dropped handshakes are retried by the clients for up to two
 * minutes or reset, where a queued one gets its 503 in moments.
 */
const CONNECTION_BACKLOG = 4_096;
/**
 * How far V8 lets the heap grow past what was live at the last full collection, in percent.
 * Left to itself it allows up to 300 % when collections are busy, and a burst of requests then
 * took the process to 2.5 times the memory it needed; with 50 % a full collection simply comes
 * sooner, and it is quick when the live heap is tens of megabytes.
 */
const HEAP_GROWING_PERCENT = 50;
/** When a turned-away client should come back. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The body, refused past `limit` bytes (announced or actually sent). A refused body is left
 * unread, not destroyed: destroying the request would take the socket its answer needs.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => request.off('data', take).off('end', end).off('error', reject);
    function take(chunk: Buffer): void {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      request.pause();
      reject(new BodyTooLarge());
    }
    function end(): void {
      stop();
      resolve(Buffer.concat(chunks));
    }
    request.on('data', take).once('end', end).once('error', reject);
  });
}

const parseError = (message: string) => ({ jsonrpc: '2.0', id: null, error: { code: -32700, message } });

/** The one tool a POST calls, when that is all it does; anything else needs the whole server. */
function soleToolCall(message: unknown): string | undefined {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
}

/** What a request's line says beside method, path, status and time. */
interface RequestFacts {
  /** The caller's token subject (`client:<id>` for a token without one). */
  sub?: string;
  /** The JSON-RPC method, or "batch". */
  rpc?: string;
  tool?: string;
  /** Turned away busy: counted in the connection summary instead of a line of its own. */
  counted?: boolean;
}

/** Health probes come every few seconds and say nothing about callers: they get no request line. */
const PROBES = new Set(['/healthz', '/readyz']);
/** Longest text a request line takes from the client (method names, request ids). */
const CLIENT_TEXT_LIMIT = 128;

/** The JSON-RPC method and the tool a POST body calls, for its request line. */
function rpcFacts(message: unknown): Pick<RequestFacts, 'rpc' | 'tool'> {
  if (Array.isArray(message)) return { rpc: 'batch' };
  const method = (message as { method?: unknown } | null)?.method;
  const [tool] = calledTools(message);
  return {
    ...(typeof method === 'string' ? { rpc: method.slice(0, CLIENT_TEXT_LIMIT) } : {}),
    ...(tool ? { tool: tool.slice(0, CLIENT_TEXT_LIMIT) } : {}),
  };
}

/** The tools a JSON-RPC message (or batch) calls; for call_tool, the tool it names. */
function calledTools(message: unknown): string[] {
  const requests = Array.isArray(message) ? message : [message];
  return requests.flatMap((request) => {
    const { method, params } = (request ?? {}) as {
      method?: unknown;
      params?: { name?: unknown; arguments?: { name?: unknown } };
    };
    if (method !== 'tools/call' || typeof params?.name !== 'string') return [];
    const named = params.name === 'call_tool' ? params.arguments?.name : undefined;
    return [typeof named === 'string' ? named : params.name];
  });
}

/**
 * Streamable HTTP on /mcp, stateless: every request gets a fresh server from the factory (for
 * its caller, when authenticated), so nothing has to survive in this process and instances can
 * be scaled out. 2025-era clients are served per request as well. /healthz says the process
 * lives, /readyz that it can serve; with OAuth the metadata documents sit under /.well-known.
 * Load is bounded per instance: a limited number of requests are served at once, slow senders
 * are cut by Node's header and request timeouts.
 */
export async function serveOverHttp(
  createMcpServer: (caller: AuthInfo | undefined, onlyTool: string | undefined) => McpServer,
  options: HttpOptions,
): Promise<HttpServerHandle> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const { log } = options;
  const stats = createConnectionStats(log);
  /** Clients that went away are counted when their response closes, not logged. */
  const logError = (error: Error) => {
    if (!isClientGone(error)) log.error(`http: ${error.message}`);
  };
  /*
   * The SDK asks its handler's factory for a server per request. A request that calls one tool
   * is served by a handler whose servers hold just that tool: registering the whole surface for
   * every call was a quarter of what a call allocated. One handler per tool offered, made when
   * first needed. 2026-07-28 requests go to the SDK's handler, 2025-era ones to legacyRequests.
   */
  const handlers = new Map<string | undefined, { handler: McpHttpHandler; serve: NodeHandler }>();
  function handlerFor(tool: string | undefined) {
    const only = tool !== undefined && options.offers(tool) ? tool : undefined;
    let entry = handlers.get(only);
    if (!entry) {
      const factory = (context: { authInfo?: AuthInfo }) => createMcpServer(context.authInfo, only);
      const handler = createMcpHandler(factory, { legacy: 'reject', onerror: logError });
      const legacy = legacyRequests(factory, logError);
      const serve = toNodeExchange(
        {
          fetch: async (request, handling) =>
            (await isLegacyRequest(request, handling?.parsedBody)) ? legacy(request, handling) : handler.fetch(request, handling),
        },
        logError,
      );
      entry = { handler, serve };
      handlers.set(only, entry);
    }
    return entry.serve;
  }
  const checkOrigin = originValidation([...options.allowedOrigins]);
  const checkHost = options.allowedHosts ? hostHeaderValidation([...options.allowedHosts]) : () => true;
  const limiter = createRateLimiter(options.store, options.rateLimitPerMinute);
  const gate = createConcurrencyGate({
    limit: options.maxConcurrent,
    queueLength: options.maxConcurrent,
    maxWaitMs: MAX_QUEUE_WAIT_MS,
  });
  /** Sockets cut for sending too slowly: counted as such, not again as gone. */
  const cutForSlowness = new WeakSet<Socket>();
  const { resourceServer } = options;

  /**
   * Answers a request whose body is not wanted: the body is read and dropped first (at most
   * REFUSED_BODY_DRAIN_MS), never parsed. A connection whose body is still coming then is closed
   * after the answer.
   */
  async function refuseUnread(request: IncomingMessage, response: ServerResponse, answer: () => unknown): Promise<void> {
    const ended = await drainedWithin(request, REFUSED_BODY_DRAIN_MS);
    if (request.socket.destroyed) return;
    if (!ended) response.setHeader('connection', 'close');
    await answer();
  }

  /** The POST body, read but not parsed, or undefined when it has been answered 413 or 400. */
  async function readPostBody(request: IncomingMessage, response: ServerResponse): Promise<Buffer | undefined> {
    let body: Buffer;
    try {
      body = await readBody(request, options.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      await refuseUnread(request, response, () =>
        sendJson(response, 413, {
          error: `Request body larger than ${options.maxBodyBytes} bytes; send less (the limit is --max-body-mb).`,
        }),
      );
      return undefined;
    }
    if (nestsDeeperThan(body, MAX_NESTING)) {
      sendJson(response, 400, parseError(`Parse error: the body nests deeper than ${MAX_NESTING} levels`));
      return undefined;
    }
    return body;
  }

  /** The POST body as JSON, or undefined when it has been answered 400. */
  function parseMessage(body: Buffer, request: IncomingMessage, response: ServerResponse): { parsed: unknown } | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(response, 400, parseError('Parse error: the body is not JSON'));
      return undefined;
    }
    const refusal = batchRefusal(parsed, request.headers['mcp-protocol-version'] as string | undefined);
    if (refusal) {
      sendJson(response, 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: ${refusal}` } });
      return undefined;
    }
    return { parsed };
  }

  async function turnAwayBusy(request: IncomingMessage, response: ServerResponse, facts: RequestFacts): Promise<void> {
    stats.count('turned away busy');
    facts.counted = true;
    // A client turned away should not keep a socket open here while it waits to retry.
    response.setHeader('connection', 'close');
    await refuseUnread(request, response, () =>
      sendJson(
        response,
        503,
        {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32000,
            message: `Server busy: ${options.maxConcurrent} requests are being served and more are waiting; try again in ${BUSY_RETRY_AFTER_SECONDS} s.`,
          },
        },
        { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
      ),
    );
  }

  /*
   * Whatever needs only the headers is checked before the body is read: a request refused for its
   * origin, a full server, its token or its rate never has its body parsed. Under a flood a request
   * is turned away at once. Otherwise the body is read before a place is taken, so a client that
   * sends slowly holds a socket until the request timeout cuts it, never one of the places that
   * serve, and it is parsed only in its place.
   */
  async function serveMcpRequest(request: IncomingMessage, response: ServerResponse, facts: RequestFacts): Promise<void> {
    if (!checkHost(request, response) || !checkOrigin(request, response)) return;
    if (gate.full) return turnAwayBusy(request, response, facts);
    let authInfo: AuthInfo | undefined;
    let caller: Caller | undefined;
    if (resourceServer) {
      const verdict = await resourceServer.authenticate(request.headers.authorization);
      if (verdict instanceof Response) return refuseUnread(request, response, () => sendWeb(response, verdict));
      authInfo = verdict;
      caller = callerOf(verdict);
      facts.sub = caller.sub;
    }
    const waitSeconds = await limiter.take(caller ? `caller:${caller.id}` : `ip:${request.socket.remoteAddress}`);
    if (waitSeconds > 0) {
      return refuseUnread(request, response, () =>
        sendJson(
          response,
          429,
          {
            error: 'rate_limited',
            error_description: `More than ${options.rateLimitPerMinute} requests a minute; try again in ${waitSeconds} s.`,
          },
          { 'retry-after': String(waitSeconds) },
        ),
      );
    }
    let body: Buffer | undefined;
    if (request.method === 'POST') {
      body = await readPostBody(request, response);
      if (!body) return;
    }
    const release = await gate.enter();
    if (!release) return turnAwayBusy(request, response, facts);
    response.once('close', release);
    const message = body ? parseMessage(body, request, response) : { parsed: undefined };
    if (!message) return;
    Object.assign(facts, rpcFacts(message.parsed));
    const writes = caller && !caller.scopes.has(MODIFY_SCOPE) ? calledTools(message.parsed).filter(options.changesData) : [];
    if (caller && writes.length > 0) {
      for (const tool of writes)
        options.audit?.({ audit: 'tool_call', iss: caller.iss, sub: caller.sub, tool, outcome: 'refused' });
      return sendWeb(response, resourceServer!.insufficientScope());
    }
    (request as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
    await handlerFor(soleToolCall(message.parsed))(request, response, message.parsed);
  }

  async function serveReadiness(response: ServerResponse): Promise<void> {
    const { checks, degraded = [] } = await options.readiness();
    if (resourceServer) checks.authorization_server = await resourceServer.ready();
    const failed = Object.keys(checks).filter((name) => !checks[name]);
    const ready = failed.every((name) => degraded.includes(name));
    const status = !ready ? 'not ready' : failed.length ? 'degraded' : 'ready';
    sendJson(response, ready ? 200 : 503, { status, checks });
  }

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      // Node looks for overdue requests this often; its default of 30 s would double the timeout.
      connectionsCheckingInterval: 1_000,
    },
    (request: IncomingMessage, response: ServerResponse) => serve(request, response),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket));

  function serve(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const facts: RequestFacts = {};
    response.once('close', () => {
      if (!response.writableFinished && !cutForSlowness.has(request.socket)) stats.count('gone before the answer');
    });
    response.once('finish', () => {
      if (facts.counted || PROBES.has(path)) return;
      const requestId = request.headers['x-request-id'];
      const { method } = request;
      const status = response.statusCode;
      log.info(
        {
          method,
          path,
          status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...(typeof requestId === 'string' ? { request_id: requestId.slice(0, CLIENT_TEXT_LIMIT) } : {}),
          ...(facts.sub ? { sub: facts.sub } : {}),
          ...(facts.rpc ? { rpc: facts.rpc } : {}),
          ...(facts.tool ? { tool: facts.tool } : {}),
        },
        `${method} ${path} ${status}`,
      );
    });
    let work: Promise<void> | void;
    if (path === '/healthz') work = sendJson(response, 200, { status: 'ok' });
    else if (path === '/readyz') work = serveReadiness(response);
    else if (path === '/mcp') work = serveMcpRequest(request, response, facts);
    else if (path.startsWith('/.well-known/') && resourceServer) {
      work = resourceServer
        .metadataResponse(webRequest(request))
        .then((answer) => (answer ? sendWeb(response, answer) : sendJson(response, 404, { error: `Not found: ${path}` })));
    } else work = sendJson(response, 404, { error: `Not found: ${path}. The MCP endpoint is /mcp.` });
    void Promise.resolve(work).catch((error: unknown) => {
      if (isClientGone(error) || request.socket.destroyed) return void response.destroy();
      log.error(`http: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
      else response.destroy();
    });
  }

  /** Node's own answers to broken requests (408, 431, 400), with the ending counted instead of logged. */
  function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
    const answered = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent ?? false;
    let status: string | undefined;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      cutForSlowness.add(socket);
      stats.count('too slow');
      status = '408 Request Timeout';
    } else if (!isClientGone(error)) {
      stats.count('malformed');
      status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    }
    if (status && socket.writable && !answered)
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host, backlog: CONNECTION_BACKLOG }, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    endpoint: `http://${host}:${port}/mcp`,
    async close() {
      stats.close();
      await Promise.all([...handlers.values()].map(({ handler }) => handler.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
