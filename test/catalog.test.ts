import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathArgument, pathVariables } from '../src/dispatch/operation.js';
import { catalog, defaultToolsets, toolsets } from '../tools/index.js';

const openapi = (product: string) =>
  JSON.parse(readFileSync(new URL(`../../shared/api/openapi/${product}.json`, import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };

/** Operations the product spec adds that the July 2026 OpenAPI copy does not have yet. */
const PRODUCT_SPEC_ONLY = new Set(['GET /invoices/{id}/payments/', 'PATCH /invoices/{invoice_id}/payments/{payment_id}/']);

describe('the catalog', () => {
  it('names every tool snake_case verb_noun, once, with the product prefix', () => {
    const names = catalog.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const operation of catalog) {
      expect(operation.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
      const prefix = { fincon: '', capex: 'capex_', esg: 'esg_' }[operation.product];
      if (prefix) expect(operation.name.startsWith(prefix)).toBe(true);
      else expect(operation.name).not.toMatch(/^(capex|esg)_/);
    }
  });

  it('declares each operation with the API method and path of the spec', () => {
    for (const operation of catalog) {
      const key = `${operation.method} ${operation.path}`;
      if (PRODUCT_SPEC_ONLY.has(key)) continue;
      const spec = openapi(operation.product).paths[operation.path];
      expect(spec?.[operation.method.toLowerCase()], `${operation.name}: ${key} is not in the OpenAPI`).toBeDefined();
    }
  });

  it('sets all four hints deliberately: reads are read-only and idempotent, writes are not read-only', () => {
    for (const operation of catalog) {
      expect(Object.keys(operation.hints).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']);
      expect(operation.hints.openWorldHint).toBe(true);
      if (operation.method === 'GET') {
        expect(operation.hints).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      } else {
        expect(operation.hints.readOnlyHint).toBe(false);
      }
      if (operation.method === 'PATCH') expect(operation.hints.idempotentHint).toBe(true);
      if (operation.method === 'POST') expect(operation.hints.idempotentHint).toBe(false);
    }
  });

  it('binds every path variable and body field to a declared argument', () => {
    for (const operation of catalog) {
      const args = Object.keys(operation.inputSchema.shape);
      for (const variable of pathVariables(operation.path)) {
        expect(args, `${operation.name} {${variable}}`).toContain(pathArgument(operation, variable));
      }
      const body = operation.body;
      if (!body) continue;
      const used = [...body.attributes, ...Object.values(body.relationships ?? {}).map((r) => r.arg), body.idArg ?? args[0]!];
      for (const name of used) expect(args, `${operation.name} body ${name}`).toContain(name);
    }
  });

  it('puts every tool in a known toolset, and the defaults exist', () => {
    for (const operation of catalog) expect(Object.keys(toolsets)).toContain(operation.toolset);
    for (const name of defaultToolsets) expect(catalog.some((operation) => operation.toolset === name)).toBe(true);
  });

  it('describes every argument for the model', () => {
    for (const operation of catalog) {
      const advertised = z.toJSONSchema(operation.inputSchema) as { properties: Record<string, { description?: string }> };
      for (const [name, property] of Object.entries(advertised.properties)) {
        expect(property.description, `${operation.name}.${name}`).toBeTruthy();
      }
    }
  });
});
