import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hints, pathArgument, pathVariables } from '../src/dispatch/operation.js';
import { catalog, dailyToolsets, toolsets } from '../tools/index.js';

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

  it('sets all four hints deliberately: reads read, PATCH overwrites, DELETE removes, creates append', () => {
    const kindOf = (operation: (typeof catalog)[number]) =>
      Object.entries(hints).find(([, preset]) => preset === operation.hints)?.[0];
    for (const operation of catalog) {
      const kind = kindOf(operation);
      expect(kind, `${operation.name} uses one of the hint presets`).toBeDefined();
      if (operation.method === 'GET') expect(kind, operation.name).toBe('read');
      else expect(kind, operation.name).not.toBe('read');
      if (operation.method === 'PATCH') expect(kind, operation.name).toBe('overwrite');
      if (operation.method === 'DELETE') expect(kind, operation.name).toBe('remove');
      // POST serves creates (append) as well as update-style actions and upserts (overwrite) and unassigning (remove).
      if (operation.method === 'POST' && /^(capex_|esg_)?(bulk_)?create_/.test(operation.name)) {
        expect(kind, operation.name).toBe('append');
      }
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
      // Bulk bodies take their attributes from each row of the array argument.
      const rows = body.rows ? (operation.inputSchema.shape[body.rows] as z.ZodArray<z.ZodObject> | undefined) : undefined;
      if (body.rows) {
        expect(rows, `${operation.name} rows ${body.rows}`).toBeDefined();
        for (const entry of body.attributes) {
          const name = typeof entry === 'string' ? entry : entry.arg;
          expect(Object.keys(rows!.element.shape), `${operation.name} row ${name}`).toContain(name);
        }
        continue;
      }
      const attributeArgs = body.attributes.map((entry) => (typeof entry === 'string' ? entry : entry.arg));
      const used = [...attributeArgs, ...Object.values(body.relationships ?? {}).map((r) => r.arg), body.idArg ?? args[0]!];
      for (const name of used) expect(args, `${operation.name} body ${name}`).toContain(name);
    }
  });

  it('puts every tool in a known toolset, and the defaults exist', () => {
    for (const operation of catalog) expect(Object.keys(toolsets)).toContain(operation.toolset);
    for (const name of dailyToolsets(['fincon', 'capex', 'esg'])) expect(catalog.some((op) => op.toolset === name)).toBe(true);
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
