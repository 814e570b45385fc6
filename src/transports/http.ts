import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostHeaderValidation, originValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';

export interface HttpOptions {
  host: string;
  port: number;
  /** Browser Origin hostnames allowed on /mcp; requests without Origin always pass. */
  allowedOrigins: readonly string[];
  /** Host header hostnames accepted on /mcp; null disables the check. */
  allowedHosts: readonly string[] | null;
}

export interface HttpServerHandle {
  /** e.g. http://127.0.0.1:3000/mcp */
  endpoint: string;
  close(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Streamable HTTP on /mcp, stateless: every request gets a fresh server from the
 * factory, so nothing has to survive in this process and instances can be scaled
 * out. 2025-era clients are served per request as well. /healthz answers probes.
 */
export async function serveOverHttp(createMcpServer: () => McpServer, options: HttpOptions): Promise<HttpServerHandle> {
  const handler = createMcpHandler(() => createMcpServer(), {
    onerror: (error) => console.error(`http: ${error.message}`),
  });
  const serveMcp = toNodeHandler(handler, { onerror: (error) => console.error(`http: ${error.message}`) });
  const checkOrigin = originValidation([...options.allowedOrigins]);
  const checkHost = options.allowedHosts ? hostHeaderValidation([...options.allowedHosts]) : () => true;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/healthz') {
      sendJson(response, 200, { status: 'ok' });
    } else if (path === '/mcp') {
      if (checkHost(request, response) && checkOrigin(request, response)) void serveMcp(request, response);
    } else {
      sendJson(response, 404, { error: `Not found: ${path}. The MCP endpoint is /mcp.` });
    }
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
