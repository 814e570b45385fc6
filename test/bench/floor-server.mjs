/**
 * The floor: a one-tool server made the plain way with the same SDK, started as
 * `node floor-server.mjs`, serving stdio.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

function floorServer() {
  const server = new McpServer({ name: 'floor', version: '1.0.0' });
  server.registerTool(
    'get_invoice',
    { description: 'Returns the id it was given', inputSchema: z.object({ invoice_id: z.string() }) },
    async ({ invoice_id }) => ({ content: [{ type: 'text', text: invoice_id }] }),
  );
  return server;
}

serveStdio(() => floorServer());
