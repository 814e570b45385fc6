/**
 * Runs after every other test file (vitest project order): each API operation must have a
 * sandbox route, and every tool must have been called end to end by some test.
 */
import { describe, expect, it } from 'vitest';
import { sandboxOperations } from '../../src/sandbox/index.js';
import { apiOperations, catalog } from '../../tools/index.js';
import { calledTools } from '../support/call-log.js';

const key = (operation: { product: string; method: string; path: string }) =>
  `${operation.product} ${operation.method} ${operation.path}`;

describe('coverage of the catalog', () => {
  it('has a sandbox route for every operation, and no route without a tool', () => {
    const routes = new Set(sandboxOperations().map(key));
    const declared = new Set(apiOperations.map(key));
    expect(apiOperations.filter((operation) => !routes.has(key(operation))).map((operation) => operation.name)).toEqual([]);
    expect([...routes].filter((route) => !declared.has(route))).toEqual([]);
  });

  it('has called every tool successfully through an MCP client in some end-to-end test of this run', () => {
    const called = calledTools();
    expect(catalog.map((tool) => tool.name).filter((name) => !called.has(name))).toEqual([]);
  });
});
