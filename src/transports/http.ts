import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type AuthInfo, type McpServer } from '@modelcontextprotocol/server';
import type { AuditSink } from '../audit.js';
import type { ResourceServer } from '../auth/resource-server.js';
import { callerOf } from '../auth/caller.js';
import { MODIFY_SCOPE } from '../auth/scopes.js';
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
  /** Requests to /mcp per minute per caller (token subject, or address without auth). */
  rateLimitPerMinute: number;
  /** With OAuth: authenticates every /mcp request and serves the metadata documents. */
  resourceServer?: ResourceServer;
  /** Whether a tool called by this name changes data (a call_tool call counts as the tool it names). */
  changesData(toolName: string): boolean;
  /** /readyz: each check and whether it passes (e.g. the upstream API answers). */
  readiness(): Promise<Record<string, boolean>>;
  /** Where writes refused for want of scope are recorded. */
  audit?: AuditSink;
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

const subjectOf = (caller: AuthInfo) => callerOf(caller).sub;

/** The body as text, refused past `limit` bytes (announced or actually sent). */
async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
 */
export async function serveOverHttp(
  createMcpServer: (caller: AuthInfo | undefined) => McpServer,
  options: HttpOptions,
): Promise<HttpServerHandle> {
  const log = (message: string) => console.error(message);
  const handler = createMcpHandler((context) => createMcpServer(context.authInfo), {
    onerror: (error) => log(`http: ${error.message}`),
  });
  const serveMcp = toNodeHandler(handler, { onerror: (error) => log(`http: ${error.message}`) });
  const checkOrigin = originValidation([...options.allowedOrigins]);
  const checkHost = options.allowedHosts ? hostHeaderValidation([...options.allowedHosts]) : () => true;
  const limiter = createRateLimiter(options.rateLimitPerMinute);
  const { resourceServer } = options;

  async function serveMcpRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!checkHost(request, response) || !checkOrigin(request, response)) return;
    let caller: AuthInfo | undefined;
    if (resourceServer) {
      const verdict = await resourceServer.authenticate(request.headers.authorization);
      if (verdict instanceof Response) return sendWeb(response, verdict);
      caller = verdict;
    }
    const waitSeconds = limiter.take(caller ? `sub:${subjectOf(caller)}` : `ip:${request.socket.remoteAddress}`);
    if (waitSeconds > 0) {
      request.resume();
      return sendJson(
        response,
        429,
        {
          error: 'rate_limited',
          error_description: `More than ${options.rateLimitPerMinute} requests a minute; try again in ${waitSeconds} s.`,
        },
        { 'retry-after': String(waitSeconds) },
      );
    }
    let parsed: unknown;
    if (request.method === 'POST') {
      let text: string;
      try {
        text = await readBody(request, options.maxBodyBytes);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        response.setHeader('connection', 'close');
        return sendJson(response, 413, {
          error: `Request body larger than ${options.maxBodyBytes} bytes; send less (the limit is --max-body-mb).`,
        });
      }
      try {
        parsed = JSON.parse(text);
      } catch {
        return sendJson(response, 400, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error: the body is not JSON' },
        });
      }
      const writes = caller && !caller.scopes.includes(MODIFY_SCOPE) ? calledTools(parsed).filter(options.changesData) : [];
      if (caller && writes.length > 0) {
        for (const tool of writes) options.audit?.({ audit: 'tool_call', sub: subjectOf(caller), tool, outcome: 'refused' });
        return sendWeb(response, resourceServer!.insufficientScope());
      }
    }
    (request as IncomingMessage & { auth?: AuthInfo }).auth = caller;
    await serveMcp(request, response, parsed);
  }

  async function serveReadiness(response: ServerResponse): Promise<void> {
    const checks = await options.readiness();
    if (resourceServer) checks.authorization_server = await resourceServer.ready();
    const ready = Object.values(checks).every(Boolean);
    sendJson(response, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    let work: Promise<void> | void;
    if (path === '/healthz') work = sendJson(response, 200, { status: 'ok' });
    else if (path === '/readyz') work = serveReadiness(response);
    else if (path === '/mcp') work = serveMcpRequest(request, response);
    else if (path.startsWith('/.well-known/') && resourceServer) {
      work = resourceServer
        .metadataResponse(webRequest(request))
        .then((answer) => (answer ? sendWeb(response, answer) : sendJson(response, 404, { error: `Not found: ${path}` })));
    } else work = sendJson(response, 404, { error: `Not found: ${path}. The MCP endpoint is /mcp.` });
    void Promise.resolve(work).catch((error: unknown) => {
      log(`http: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal error' });
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    endpoint: `http://${host}:${port}/mcp`,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
