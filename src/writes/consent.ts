/**
 * Asking the person behind the client, for writes that move money: through an input_required
 * result (2026-07-28 clients; the SDK's shim turns it into elicitation/create for 2025-11-25
 * clients on stdio). Clients that cannot be asked get a preview and a confirmation instead.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type ClientCapabilities,
  type McpServer,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';

/**
 * Asking the person for consent through the client. The request goes out as an input_required
 * result (the SDK turns it into elicitation/create for 2025-11-25 clients); the client calls again
 * with the person's answer and the state the request carried.
 */
export interface ConsentChannel {
  /** The person's answer carried by this call, when it is such a retry. */
  answer?: { action: 'accept' | 'decline' | 'cancel'; confirmed: boolean; state?: string };
  /** The result that asks: `message` shown to the person, `state` echoed back with the answer. */
  ask(message: string, state: string): InputRequiredResult;
}

const QUESTION = 'confirm';

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Yes, do this', description: 'Tick to agree; anything else changes nothing.' },
  },
  required: ['confirm'],
};

/** How the person can be asked in this request, or undefined when they cannot. */
export function consentChannel(server: McpServer, request: ServerContext): ConsentChannel | undefined {
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const modern = envelope !== undefined;
  const capabilities = (modern ? envelope[CLIENT_CAPABILITIES_META_KEY] : server.server.getClientCapabilities()) as
    ClientCapabilities | undefined;
  if (!capabilities?.elicitation) return undefined;
  // A 2025-era client is asked while its call stays open, which stateless HTTP does not do.
  if (!modern && request.http) return undefined;
  const view = inputResponse(request.mcpReq.inputResponses, QUESTION);
  const state = request.mcpReq.requestState<unknown>();
  return {
    answer:
      view.kind === 'elicit'
        ? { action: view.action, confirmed: view.content?.confirm === true, state: typeof state === 'string' ? state : undefined }
        : undefined,
    ask: (message, sealed) =>
      inputRequired({
        inputRequests: { [QUESTION]: inputRequired.elicit({ message, requestedSchema: CONFIRM_SCHEMA }) },
        requestState: sealed,
      }),
  };
}
