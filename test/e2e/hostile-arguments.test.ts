/**
 * Property-based: for every tool the server lists, arguments generated to break its advertised
 * schema (unknown names, wrong types, missing required ones, values outside an enum, text past
 * its length) are answered with isError, and not one request reaches the API. The schemas come
 * from tools/list, as any client sees them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { connectStdio, textOf, type TestClient } from '../support/harness.js';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

type Args = Record<string, unknown>;

let sandbox: SandboxHandle;
let proxy: FaultProxy;
let client: TestClient;
let tools: Array<{ name: string; inputSchema: JsonSchema }>;

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.origin);
  const api = (product: string) => [`--${product}-url`, `${proxy.origin}/${product}/v1`];
  client = await connectStdio('modern', {
    args: [...api('fincon'), ...api('capex'), ...api('esg'), '--toolsets', 'all'],
    env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
  });
  tools = (await client.listTools()) as typeof tools;
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await sandbox?.close();
});

/** The JSON types a property accepts (through anyOf); empty when the schema does not say. */
function typesOf(schema: JsonSchema): Set<string> {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  return new Set([...own, ...(schema.anyOf ?? []).flatMap((variant) => [...typesOf(variant)])]);
}

/** Values of a JSON type the property does not accept. */
function wrongValues(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  if (types.size === 0) return [];
  const candidates: Array<[string[], unknown]> = [
    [['string'], 'not-this-type'],
    [['number', 'integer'], 42],
    [['boolean'], true],
    [['object'], { nested: 'object' }],
    [['array'], ['a', 'list']],
    [['null'], null],
  ];
  return candidates.filter(([kinds]) => !kinds.some((kind) => types.has(kind))).map(([, value]) => value);
}

/** One way to break a tool's schema, as an arbitrary of whole argument objects. */
function hostileArguments(schema: JsonSchema): fc.Arbitrary<Args> {
  const properties = Object.entries(schema.properties ?? {});
  const declared = new Set(properties.map(([name]) => name));
  const ways: Array<fc.Arbitrary<Args>> = [
    fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((key) => !declared.has(key) && key !== '__proto__')
      .chain((key) => fc.jsonValue().map((value) => ({ [key]: value }))),
  ];
  if (schema.required?.length) ways.push(fc.constant({}));
  for (const [name, property] of properties) {
    const wrong = wrongValues(property);
    if (wrong.length) ways.push(fc.constantFrom(...wrong).map((value) => ({ [name]: value })));
    const enums = property.enum?.filter((value) => typeof value === 'string') as string[] | undefined;
    if (enums?.length) {
      ways.push(
        fc
          .string({ minLength: 1, maxLength: 30 })
          .filter((value) => !enums.includes(value))
          .map((value) => ({ [name]: value })),
      );
    }
    const strings = [property, ...(property.anyOf ?? [])].filter((variant) => variant.type === 'string' && variant.maxLength);
    for (const string of strings) {
      const limit = string.maxLength!;
      ways.push(fc.integer({ min: 1, max: 50 }).map((extra) => ({ [name]: 'ü'.repeat(limit + extra) })));
    }
  }
  return fc.oneof(...ways);
}

describe('hostile arguments, generated for every tool', () => {
  it('lists the whole catalog with its schemas', () => {
    expect(tools.length).toBeGreaterThan(180);
    for (const tool of tools) expect(tool.inputSchema.properties, tool.name).toBeDefined();
  });

  it('are refused with isError, and nothing reaches the API', { timeout: 600_000 }, async () => {
    let calls = 0;
    for (const tool of tools) {
      await fc.assert(
        fc.asyncProperty(hostileArguments(tool.inputSchema), async (args) => {
          const before = proxy.seen.length;
          const result = await client.callTool(tool.name, args);
          calls += 1;
          expect(result.isError, `${tool.name} ${JSON.stringify(args).slice(0, 200)}: ${textOf(result)}`).toBe(true);
          expect(proxy.seen.slice(before), `${tool.name} sent a request`).toEqual([]);
        }),
        { numRuns: 25, seed: 2026 },
      );
    }
    expect(calls).toBeGreaterThan(4000);
  });
});
