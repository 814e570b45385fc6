/**
 * A web-standard MCP handler served on node:http, the way the SDK's toNodeHandler serves it, but
 * without turning a body this server has already parsed back into JSON. The SDK reads a parsed
 * body from its argument and never from the request, so a POST's web Request carries the headers
 * and no body: toNodeHandler would serialise the message again, count its bytes and wrap them in
 * a body stream on every call, for nobody to read. Other requests go to toNodeHandler itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { AuthInfo } from '@modelcontextprotocol/server';

export interface WebHandler {
  fetch(request: Request, options?: { authInfo?: AuthInfo; parsedBody?: unknown }): Promise<Response>;
}

export type NodeHandler = (
  request: IncomingMessage & { auth?: AuthInfo },
  response: ServerResponse,
  parsedBody?: unknown,
) => Promise<void>;

/** Headers that describe a body; a Request without one must not claim it. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/** The web Request of a POST whose body has been read and parsed already: its headers, no body. */
function parsedPostRequest(request: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':') || BODY_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const host = request.headers.host ?? 'localhost';
  return new Request(`http://${host}${request.url ?? '/'}`, { method: 'POST', headers, signal });
}

/** The JSON-RPC id an error answer echoes: that of a single request, else null (as the SDK's adapter does). */
function echoableRequestId(body: unknown): string | number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const { method, id } = body as { method?: unknown; id?: unknown };
  if (typeof method !== 'string') return null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The handler served on node:http: a parsed POST as a bodiless Request, anything else through toNodeHandler. */
export function toNodeExchange(handler: WebHandler, onerror: (error: Error) => void): NodeHandler {
  const unparsed = toNodeHandler(handler, { onerror });
  return async (request, response, parsedBody) => {
    if (parsedBody === undefined || request.method !== 'POST') return unparsed(request, response, parsedBody);
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableEnded) abort.abort();
    });
    if (response.destroyed) abort.abort();
    let answer: Response;
    try {
      answer = await handler.fetch(parsedPostRequest(request, abort.signal), {
        ...(request.auth !== undefined && { authInfo: request.auth }),
        parsedBody,
      });
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
      answer = Response.json(
        { jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: echoableRequestId(parsedBody) },
        { status: 500 },
      );
    }
    await writeAnswer(answer, response, abort.signal);
  };
}

/** The answer written out, a stream as it comes (waiting when the socket is full) until it ends or the client goes. */
async function writeAnswer(answer: Response, response: ServerResponse, gone: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of answer.headers) headers[name] = value;
  response.writeHead(answer.status, headers);
  if (answer.body === null) return void response.end();
  try {
    for await (const chunk of answer.body) {
      if (gone.aborted) break;
      if (!response.write(chunk)) await drainedOrGone(response, gone);
    }
  } catch {
    // A stream that fails mid-way ends the answer where it stands, as the SDK's adapter does.
  }
  response.end();
}

/** Settles once the socket takes more, or the client has gone; listens only while it waits. */
function drainedOrGone(response: ServerResponse, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      response.off('drain', settle);
      gone.removeEventListener('abort', settle);
      resolve();
    };
    response.once('drain', settle);
    gone.addEventListener('abort', settle, { once: true });
  });
}
