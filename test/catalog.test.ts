import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hints,
  isResourceView,
  pathArgument,
  pathVariables,
  type Operation,
  type ResourceView,
} from '../src/dispatch/operation.js';
import { isSummary } from '../src/dispatch/summary.js';
import { dailyToolsets } from '../src/surface.js';
import { apiOperations, catalog, toolsets } from '../tools/index.js';
import { FIXTURE, type OperationFacts } from './fixtures/openapi-facts.mjs';

/** What the API's OpenAPI descriptions publish per operation (test/fixtures, written by `npm run fixtures`). */
const published = JSON.parse(readFileSync(FIXTURE, 'utf8')) as OperationFacts[];

const factsOf = (operation: Operation) =>
  published.find(
    (facts) => facts.product === operation.product && facts.method === operation.method && facts.path === operation.path,
  );

/** Operations the product spec adds that the July 2026 OpenAPI copy does not have yet. */
const PRODUCT_SPEC_ONLY = new Set(['GET /invoices/{id}/payments/', 'PATCH /invoices/{invoice_id}/payments/{payment_id}/']);

/** Each declared operation with its published facts. */
const declared = apiOperations
  .filter((operation) => !PRODUCT_SPEC_ONLY.has(`${operation.method} ${operation.path}`))
  .map((operation) => ({ operation, facts: factsOf(operation) }));

const sorted = (values: Iterable<string>) => [...values].sort();

/** Everything the arguments are validated against, abuse bounds included (tools/list advertises less). */
const validatedJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

/** The CAPEX contract reads, which all take the same include paths. */
const CAPEX_CONTRACT_READS = [
  '/contracts/',
  '/contracts/{id}/',
  '/contractors/{contractor_id}/contracts/',
  '/contracting_entities/{contracting_entity_id}/contracts/',
  '/measures/{id}/contracts/',
];

interface Undocumented {
  include?: readonly string[];
  body?: readonly string[];
  /** Enum values by body field or query parameter. */
  enums?: Readonly<Record<string, readonly string[]>>;
}

/**
 * What the declarations send that the July 2026 OpenAPI copy does not document, by
 * `<product> <METHOD> <path>`, each with the reason; anything else undocumented fails the tests
 * below. README, API notes, says which reading we follow where the documents disagree.
 */
const UNDOCUMENTED: Readonly<Record<string, Undocumented>> = {
  // capex.json lists FinCon's contract_unit… include paths on CAPEX contracts (prose copied from
  // FinCon; /measures/{id}/contracts/ names none). CAPEX contracts have a measure, not a contract
  // unit (ReadContractAttributesCapEx, product spec), so we send the measure's paths; a refusal
  // falls back to reading measures and assets by id.
  ...Object.fromEntries(
    CAPEX_CONTRACT_READS.map((path) => [
      `capex GET ${path}`,
      { include: ['measure', 'measure.asset', ...(path.startsWith('/measures/') ? ['contractor', 'contracting_entity'] : [])] },
    ]),
  ),
  'capex GET /invoices/': { include: ['contract.measure', 'contract.measure.asset'] },
  'capex GET /invoices/{id}/': { include: ['contract.measure', 'contract.measure.asset'] },
  // The product spec adds partial payments (api/README.md).
  'fincon POST /invoices/{id}/register-payment/': { body: ['is_final_payment'] },
  'capex POST /invoices/{id}/register-payment/': { body: ['is_final_payment'] },
  // Product spec: "update contract: the change history also allows the measure (capex) or contract
  // unit (finance control) relationship".
  'fincon PATCH /contracts/{id}/': { body: ['contract_unit'] },
  'capex PATCH /contracts/{id}/': { body: ['measure'] },
};

const undocumented = (facts: OperationFacts): Undocumented =>
  UNDOCUMENTED[`${facts.product} ${facts.method} ${facts.path}`] ?? {};

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
}

/** The enum values a property allows: its own, its alternatives' and its items'. */
const enumValues = (schema: JsonSchema | undefined): unknown[] =>
  schema ? [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap(enumValues), ...enumValues(schema.items)] : [];

/** The string schemas a property may be (itself, or the string alternatives of a nullable one). */
const stringsOf = (schema: JsonSchema): JsonSchema[] =>
  schema.type === 'string' ? [schema] : (schema.anyOf ?? []).flatMap(stringsOf);

/** The `attribute.operation` keys a list declares. */
function declaredFilterKeys(operation: Operation): string[] {
  return Object.entries(operation.list?.filters ?? {}).flatMap(([attribute, operations]) =>
    operations.map((op) => `${attribute}.${op}`),
  );
}

/** Whether the API publishes a filter key, e.g. `name.contains` or `unaudited_amount.net.range`. */
function publishedFilter(facts: OperationFacts, key: string): boolean {
  const dot = key.lastIndexOf('.');
  const [attribute, op] = [key.slice(0, dot), key.slice(dot + 1)];
  const money = facts.money_filters_by_part ? /^(.+)\.(net|tax)$/.exec(attribute)?.[1] : undefined;
  return [attribute, money].some((name) => name !== undefined && (facts.filters?.[name] ?? []).includes(op));
}

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

  it('declares each operation with a method and path the API publishes, and every published operation', () => {
    for (const { operation, facts } of declared) {
      expect(
        facts,
        `${operation.name}: ${operation.method} ${operation.path} is not published for ${operation.product}`,
      ).toBeDefined();
    }
    const covered = new Set(declared.map(({ facts }) => facts));
    const missing = published
      .filter((facts) => !covered.has(facts))
      .map((facts) => `${facts.product} ${facts.method} ${facts.path}`);
    expect(missing).toEqual([]);
  });

  it('binds exactly the path parameters the API publishes', () => {
    for (const { operation, facts } of declared) {
      expect(sorted(pathVariables(operation.path)), operation.name).toEqual(facts!.path_params);
    }
  });

  it('sends only query parameters, filters and include paths the API publishes', () => {
    for (const { operation, facts } of declared) {
      for (const name of operation.query ?? []) expect(facts!.query_params, `${operation.name} ?${name}`).toContain(name);
      const allowed = (key: string) => publishedFilter(facts!, key);
      for (const key of Object.values(operation.list?.filterArgs ?? {}))
        expect(allowed(key), `${operation.name} filter ${key}`).toBe(true);
      for (const key of declaredFilterKeys(operation)) expect(allowed(key), `${operation.name} filter ${key}`).toBe(true);
      const includes = [...(facts!.include ?? []), ...(undocumented(facts!).include ?? [])];
      for (const path of Object.keys(operation.include ?? {}))
        expect(includes, `${operation.name} include ${path}`).toContain(path);
    }
  });

  it('offers every filter the API publishes on a list it declares with filters', () => {
    for (const { operation, facts } of declared) {
      if (!operation.list?.filters || !facts!.filters) continue;
      const keys = new Set(declaredFilterKeys(operation));
      for (const [attribute, operations] of Object.entries(facts!.filters)) {
        for (const op of operations) {
          const offered =
            keys.has(`${attribute}.${op}`) || (keys.has(`${attribute}.net.${op}`) && keys.has(`${attribute}.tax.${op}`));
          expect(offered, `${operation.name} filter ${attribute}.${op}`).toBe(true);
        }
      }
    }
  });

  it('puts body arguments only into fields the API publishes', () => {
    for (const { operation, facts } of declared) {
      const body = facts!.body;
      if (operation.upload) {
        expect(body?.content, operation.name).toBe('multipart');
        const fields = body?.content === 'multipart' ? body.fields : [];
        for (const field of [operation.upload.fileField, ...(operation.upload.fields ?? [])]) {
          expect(fields, `${operation.name} form field ${field}`).toContain(field);
        }
      }
      if (!operation.body) continue;
      expect(body?.content, operation.name).toBe('json');
      if (body?.content !== 'json') continue;
      expect(Boolean(operation.body.rows), `${operation.name} sends rows`).toBe(body.rows);
      const added = undocumented(facts!).body ?? [];
      for (const entry of operation.body.attributes) {
        const name = typeof entry === 'string' ? entry : entry.name;
        expect([...body.attributes, ...added], `${operation.name} attribute ${name}`).toContain(name);
      }
      for (const name of Object.keys(operation.body.relationships ?? {})) {
        expect([...body.relationships, ...added], `${operation.name} relationship ${name}`).toContain(name);
      }
    }
  });

  it('sends only enum values the API documents, in body fields, form fields and query parameters', () => {
    const unpublished: string[] = [];
    for (const { operation, facts } of declared) {
      const advertised = validatedJsonSchema(operation.inputSchema);
      const allowed = undocumented(facts!).enums ?? {};
      const check = (arg: string, field: string, schema: JsonSchema | undefined, published: Record<string, string[]> = {}) => {
        for (const value of enumValues(schema)) {
          if (![...(published[field] ?? []), ...(allowed[field] ?? [])].includes(String(value))) {
            unpublished.push(`${operation.name}.${arg}: ${String(value)}`);
          }
        }
      };
      const body = facts!.body;
      const fields = operation.body?.rows ? advertised.properties![operation.body.rows]!.items! : advertised;
      for (const entry of operation.body?.attributes ?? []) {
        const { name, arg } = typeof entry === 'string' ? { name: entry, arg: entry } : entry;
        check(arg, name, fields.properties![arg], body?.enums);
      }
      for (const name of operation.upload?.fields ?? []) check(name, name, advertised.properties![name], body?.enums);
      for (const name of operation.query ?? []) check(name, name, advertised.properties![name], facts!.query_enums);
    }
    expect(unpublished).toEqual([]);
  });

  it('widens dates to date-times on exactly the filters the API documents on date-time attributes', () => {
    for (const { operation, facts } of declared) {
      const filters = Object.keys(operation.list?.filters ?? {});
      const published = (facts!.datetime_filters ?? []).filter((name) => filters.includes(name));
      expect(sorted(operation.list?.datetimes ?? []), operation.name).toEqual(sorted(published));
    }
  });

  it('can read every include path on its own: a list of the same product by id, from an attribute of the parent', () => {
    const byName = new Map(apiOperations.map((operation) => [operation.name, operation]));
    for (const operation of apiOperations) {
      const include = operation.include ?? {};
      const viewAt = (path: string): ResourceView | undefined => {
        if (!path) return isResourceView(operation.result) ? operation.result : undefined;
        const list = byName.get(include[path] ?? '');
        return list && isResourceView(list.result) ? list.result : undefined;
      };
      for (const [path, list] of Object.entries(include)) {
        if (list === null) continue;
        const reader = byName.get(list);
        const at = `${operation.name} include ${path}`;
        expect(reader, `${at}: ${list}`).toMatchObject({ method: 'GET', product: operation.product });
        expect(reader!.list?.filters?.id, `${at}: ${list} filters by id.in`).toContain('in');
        const dot = path.lastIndexOf('.');
        const parent = viewAt(dot < 0 ? '' : path.slice(0, dot));
        expect(Object.keys(parent?.schema.shape ?? {}), `${at}: the parent's attribute`).toContain(path.slice(dot + 1));
      }
    }
  });

  it('limits text arguments to the lengths the API documents', () => {
    const tooLong: string[] = [];
    for (const { operation, facts } of declared) {
      const body = facts!.body;
      if (!operation.body || body?.content !== 'json' || !body.max_lengths) continue;
      const advertised = validatedJsonSchema(operation.inputSchema);
      const fields = operation.body.rows ? advertised.properties![operation.body.rows]!.items! : advertised;
      for (const entry of operation.body.attributes) {
        const { name, arg } = typeof entry === 'string' ? { name: entry, arg: entry } : entry;
        const documented = body.max_lengths[name];
        if (documented === undefined) continue;
        const allowed = Math.max(...stringsOf(fields.properties![arg]!).map((string) => string.maxLength ?? Infinity));
        if (allowed > documented) tooLong.push(`${operation.name}.${arg}: ${allowed} > ${documented}`);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('bounds every free text argument (10,000 characters where the API documents no length)', () => {
    const unbounded: string[] = [];
    const visit = (schema: JsonSchema, at: string) => {
      if (schema.type === 'string' && !schema.enum && !schema.pattern && !schema.format && schema.maxLength === undefined) {
        unbounded.push(at);
      }
      if ((schema.maxLength ?? 0) > 10_000) unbounded.push(`${at} (${schema.maxLength})`);
      for (const [name, property] of Object.entries(schema.properties ?? {})) visit(property, `${at}.${name}`);
      for (const variant of schema.anyOf ?? []) visit(variant, at);
      if (schema.items) visit(schema.items, `${at}[]`);
      if (typeof schema.additionalProperties === 'object') visit(schema.additionalProperties, `${at}{}`);
    };
    for (const operation of catalog) visit(validatedJsonSchema(operation.inputSchema), operation.name);
    // An inline upload is bounded by the request body limit (--max-body-mb), not by a text length.
    expect(unbounded.filter((at) => !at.endsWith('.content_base64'))).toEqual([]);
  });

  it('sets all four hints deliberately: reads read, PATCH overwrites, DELETE removes, creates append', () => {
    const kindOf = (operation: (typeof catalog)[number]) =>
      Object.entries(hints).find(([, preset]) => preset === operation.hints)?.[0];
    for (const summary of catalog.filter(isSummary)) expect(kindOf(summary), summary.name).toBe('read');
    for (const operation of apiOperations) {
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
    for (const operation of apiOperations) {
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
    for (const name of dailyToolsets(catalog, ['fincon', 'capex', 'esg']))
      expect(catalog.some((op) => op.toolset === name)).toBe(true);
  });
});
