/**
 * The floors' one tool: get_invoice makes the one GET that `target` names (`{id}` replaced by the
 * invoice id) with undici and a keep-alive pool, the way ours calls the API, so that a floor
 * costs no more than it must; or, without a target, answers at once. undici is loaded with the
 * first call, so a cold start of the floor does not pay for it.
 */
import { z } from 'zod';

/** @type {Promise<{ request: typeof import('undici').request, dispatcher: import('undici').Agent }> | undefined} */
let client;
const http = () => (client ??= import('undici').then(({ Agent, request }) => ({ request, dispatcher: new Agent() })));

/**
 * @param {import('@modelcontextprotocol/server').McpServer} server
 * @param {string | undefined} target
 * @param {Record<string, string>} headers
 */
export function registerFloorTool(server, target, headers) {
  server.registerTool(
    'get_invoice',
    { description: 'One GET of an invoice', inputSchema: z.object({ invoice_id: z.string() }) },
    async ({ invoice_id }) => {
      if (!target) return { content: [{ type: 'text', text: invoice_id }] };
      const { request, dispatcher } = await http();
      const answer = await request(target.replace('{id}', invoice_id), { headers, dispatcher });
      const text = await answer.body.text();
      return { content: [{ type: 'text', text }], isError: answer.statusCode !== 200 };
    },
  );
}
