/** Hand-made 2025-era MCP requests over plain HTTP, for tests of the transport itself. */
import { type Agent, request } from 'undici';

export const LEGACY_VERSION = '2025-11-25';

export const listProjects = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'list_projects', arguments: {} },
});

/** A stateless 2025-era POST to /mcp; `signal` gives up on it. */
export function postMcp(
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
  dispatcher?: Agent,
  signal?: AbortSignal,
) {
  return request(endpoint, {
    method: 'POST',
    dispatcher,
    signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LEGACY_VERSION,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}
