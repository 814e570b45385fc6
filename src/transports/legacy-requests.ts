/**
 * 2025-era requests (without the 2026-07-28 per-request envelope), served statelessly: a fresh
 * server per request, as the SDK's own fallback serves them. A request that asked for no progress
 * is answered with one JSON body instead of an event stream. Nothing else could come before its
 * result: over stateless HTTP a 2025 client's log level and capabilities were set on other
 * requests, which this request's server never saw. The stream's framing goes through web streams
 * on both sides of the SDK, on every call.
 */
import {
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type LegacyHttpHandler,
  type McpServer,
} from '@modelcontextprotocol/server';

/** A server for one request, for its caller. */
export type ServerForRequest = (context: { authInfo?: AuthInfo }) => McpServer;

/** Whether a JSON-RPC message, or any message of a batch, asks to hear the progress of its request. */
function asksForProgress(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some(
    (one) => (one as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta?.progressToken !== undefined,
  );
}

export function legacyRequests(factory: ServerForRequest, onerror: (error: Error) => void): LegacyHttpHandler {
  const streamed = legacyStatelessFallback(factory, onerror);
  return async (request, options = {}) => {
    const { parsedBody, authInfo } = options;
    if (request.method !== 'POST' || parsedBody === undefined || asksForProgress(parsedBody)) return streamed(request, options);
    const server = factory(authInfo ? { authInfo } : {});
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    transport.onerror = onerror;
    await server.connect(transport);
    // A client that goes away cancels what its request started. Once answered, the server and its
    // transport hold nothing and are left to the garbage collector: closing them made an error
    // object and settled nothing, a tenth of a call's CPU.
    const cancel = () => void server.close().catch(onerror);
    request.signal.addEventListener('abort', cancel, { once: true });
    try {
      return await transport.handleRequest(request, { parsedBody, ...(authInfo ? { authInfo } : {}) });
    } finally {
      request.signal.removeEventListener('abort', cancel);
    }
  };
}
