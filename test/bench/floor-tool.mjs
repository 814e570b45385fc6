/**
 * The floors' one tool: get_invoice makes the one GET that `target` names (`{id}` replaced by the
 * invoice id), or, without a target, answers at once. It makes the GET the plain way, with
 * Node's fetch, as the trivial server the targets are set against would; or, with
 * FLOOR_CLIENT=undici, with undici and a keep-alive pool as ours does: the least a trivial server
 * can cost, shown beside the targets without one. undici is loaded with the first call, so a cold
 * start does not pay for it.
 */
import { z } from 'zod';

/** @type {Promise<{ request: typeof import('undici').request, dispatcher: import('undici').Agent }> | undefined} */
let pool;
const undici = () => (pool ??= import('undici').then(({ Agent, request }) => ({ request, dispatcher: new Agent() })));

/**
 * The body of a GET and whether it answered 200.
 * @param {string} url @param {Record<string, string>} headers
 */
async function get(url, headers) {
  if (process.env.FLOOR_CLIENT !== 'undici') {
    const answer = await fetch(url, { headers });
    return { ok: answer.status === 200, text: await answer.text() };
  }
  const { request, dispatcher } = await undici();
  const answer = await request(url, { headers, dispatcher });
  return { ok: answer.statusCode === 200, text: await answer.body.text() };
}

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
      const { ok, text } = await get(target.replace('{id}', invoice_id), headers);
      return { content: [{ type: 'text', text }], isError: !ok };
    },
  );
}
