/**
 * JSON Schema of the tool schemas, converted once per process. Over stateless HTTP every
 * request builds a fresh server, and converting every tool's schemas again for each
 * tools/list (or each search_tools answer) would dominate the request.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** The JSON Schema target the SDK advertises. */
export const JSON_SCHEMA_TARGET = 'draft-2020-12';

const converted = new WeakMap<z.ZodType, StandardSchemaWithJSON>();

/** The schema as the SDK takes it, its JSON Schema conversions remembered. */
export function convertedOnce(schema: z.ZodType): StandardSchemaWithJSON {
  let wrapped = converted.get(schema);
  if (!wrapped) {
    const standard = schema['~standard'];
    const cache = new Map<string, Record<string, unknown>>();
    const convert =
      (io: 'input' | 'output') =>
      (options: { target: string }): Record<string, unknown> => {
        const key = `${io}:${options.target}`;
        let json = cache.get(key);
        if (!json) cache.set(key, (json = standard.jsonSchema[io](options)));
        return json;
      };
    wrapped = { '~standard': { ...standard, jsonSchema: { input: convert('input'), output: convert('output') } } };
    converted.set(schema, wrapped);
  }
  return wrapped;
}

export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return convertedOnce(schema)['~standard'].jsonSchema.input({ target: JSON_SCHEMA_TARGET });
}
