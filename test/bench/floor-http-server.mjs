/**
 * The HTTP floor: a trivial stateless streamable-HTTP server made the plain way with the same SDK
 * (createMcpHandler on node:http), one tool that makes the one GET FLOOR_GET_URL names
 * (floor-tool.mjs), with API keys or, when FLOOR_AUTHORIZATION is set, that Authorization header.
 * Prints its endpoint on stdout.
 */
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { registerFloorTool } from './floor-tool.mjs';

const target = process.env.FLOOR_GET_URL ?? '';
/** @type {Record<string, string>} */
const headers = process.env.FLOOR_AUTHORIZATION
  ? { authorization: process.env.FLOOR_AUTHORIZATION }
  : { 'x-api-key': 'bench', 'x-api-token': 'bench' };

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'floor', version: '1.0.0' });
  registerFloorTool(server, target, headers);
  return server;
});
const serve = toNodeHandler(handler);
const server = createServer((request, response) => void serve(request, response));
server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`http://127.0.0.1:${address.port}/mcp`);
});
