/**
 * JSON-RPC batches (an array of messages in one POST) exist only in protocol version
 * 2025-03-26: 2025-06-18 removed them and later versions never had them. Without an
 * MCP-Protocol-Version header a stateless server must assume 2025-03-26, so such a batch is
 * still served; `initialize` never belongs in one.
 */
const VERSION_WITH_BATCHES = '2025-03-26';

/** Why this body may not be served, or undefined when it may. */
export function batchRefusal(body: unknown, protocolVersionHeader: string | undefined): string | undefined {
  if (!Array.isArray(body)) return undefined;
  const version = protocolVersionHeader?.trim() || VERSION_WITH_BATCHES;
  if (version !== VERSION_WITH_BATCHES) {
    return `JSON-RPC batches are not part of MCP protocol version ${version.slice(0, 40)}; send each message in a request of its own`;
  }
  const initializes = body.some((message) => (message as { method?: unknown } | null)?.method === 'initialize');
  if (initializes) return 'initialize must be sent on its own, not inside a JSON-RPC batch';
  return undefined;
}
