/**
 * What the server does, told to the client as MCP log messages (notifications/message): API
 * requests, retries, upstream errors, pages read, writes refused. Only a client that asked gets
 * them: a 2025-era client with logging/setLevel (for its session), a 2026-07-28 client with the
 * level in each request's `_meta`. Clients that did not ask get nothing, and a message below the
 * level asked for is never built.
 */
import { LOG_LEVEL_META_KEY, type LoggingLevel, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { ClientLog } from './upstream/log.js';

const SEVERITY: Readonly<Record<LoggingLevel, number>> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/**
 * Keeps the level a 2025-era client sets with logging/setLevel for this server's session (over
 * stdio, the client's connection; over stateless HTTP, the one request). The SDK keeps it where
 * tools cannot read it, so the server answers logging/setLevel itself.
 */
export function sessionLogLevel(server: McpServer): () => LoggingLevel | undefined {
  let level: LoggingLevel | undefined;
  server.server.setRequestHandler('logging/setLevel', (request) => {
    level = request.params.level;
    return {};
  });
  return () => level;
}

/** The log of one request, or undefined when its client asked for none. */
export function clientLog(request: ServerContext, sessionLevel: LoggingLevel | undefined): ClientLog | undefined {
  // A 2026-07-28 request always carries its envelope; its level, if any, is the one that counts.
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const level = envelope ? (envelope[LOG_LEVEL_META_KEY] as LoggingLevel | undefined) : sessionLevel;
  // No level, or one the protocol does not have: nothing is sent.
  const threshold = level === undefined ? undefined : SEVERITY[level];
  if (threshold === undefined) return undefined;
  return (messageLevel, logger, message) => {
    if (SEVERITY[messageLevel] < threshold) return;
    // A client that went away misses the message; the call itself goes on.
    request.mcpReq.log(messageLevel, message(), logger).catch(() => {});
  };
}
