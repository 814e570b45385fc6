/**
 * The floor: a one-tool server made the plain way with the same SDK, started as
 * `node floor-server.mjs`, serving stdio. Its tool makes the one GET that FLOOR_GET_URL names, or
 * answers at once without it (floor-tool.mjs).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { registerFloorTool } from './floor-tool.mjs';

serveStdio(() => {
  const server = new McpServer({ name: 'floor', version: '1.0.0' });
  registerFloorTool(server, process.env.FLOOR_GET_URL, { 'x-api-key': 'bench', 'x-api-token': 'bench' });
  return server;
});
