/**
 * The floor: a one-tool server made the plain way with the same SDK, started as
 * `node floor-server.mjs`, serving stdio. Its tool makes the one GET that FLOOR_GET_URL names
 * (`{id}` replaced by the invoice id) with Node's own fetch, or answers at once without it.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const target = process.env.FLOOR_GET_URL;
const headers = { 'x-api-key': 'bench', 'x-api-token': 'bench' };

function floorServer() {
  const server = new McpServer({ name: 'floor', version: '1.0.0' });
  server.registerTool(
    'get_invoice',
    { description: 'One GET of an invoice', inputSchema: z.object({ invoice_id: z.string() }) },
    async ({ invoice_id }) => {
      if (!target) return { content: [{ type: 'text', text: invoice_id }] };
      const answer = await fetch(target.replace('{id}', invoice_id), { headers });
      return { content: [{ type: 'text', text: await answer.text() }] };
    },
  );
  return server;
}

serveStdio(() => floorServer());
