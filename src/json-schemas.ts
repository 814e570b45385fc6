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

export type JsonSchema = Record<string, unknown>;

/** Marks an object that takes the arguments of the tool it names (the rows of a bulk call). */
export const SAME_ARGUMENTS_AS = 'x-same-arguments-as';

/** More choices than this (tax authorities, country codes) are not listed; a description gives examples. */
const LONG_ENUM = 12;
/** Bounds a model never comes near in practice; a value beyond one is refused with the limit named. */
const BOUNDS = new Set(['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems']);

/** Words a description may add to a property name and still say nothing more. */
const FILLER = new Set(['the', 'a', 'an', 'of', 'new', 'to', 'change', 'this', 'id']);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !FILLER.has(word));

/** "The invoice id" for invoice_id, "Amount paid" for paid_amount: the name already says it. */
function restatesName(description: unknown, name: string): boolean {
  if (typeof description !== 'string') return false;
  const nameWords = new Set(wordsOf(name));
  return wordsOf(description).every((word) => nameWords.has(word));
}

/** A property with one allowed value that is also its default: there is nothing to choose. */
function isFixed(property: JsonSchema): boolean {
  const { enum: values, default: fallback } = property;
  return Array.isArray(values) && values.length === 1 && values[0] === fallback;
}

/** The variant of "X or null" as one schema with a type list, where X is a plain typed schema. */
function nullableVariant(variants: unknown[]): JsonSchema | undefined {
  if (variants.length !== 2) return undefined;
  const [value, nothing] = variants as [JsonSchema, JsonSchema];
  if (nothing?.type !== 'null' || Object.keys(nothing).length !== 1) return undefined;
  if (typeof value?.type !== 'string' || value.type === 'null') return undefined;
  return { ...value, type: [value.type, 'null'] };
}

/**
 * What a model needs of an input schema: types, date formats, enums, required names and
 * descriptions. Length and number bounds, patterns, uuid formats, record value schemas the
 * descriptions explain, properties whose one allowed value is their default, the dialect marker,
 * null defaults and descriptions that only repeat the property's name cost tokens in every
 * tools/list and say nothing a model acts on; arguments are still validated in full. `name` is
 * the property's.
 */
export function forModels(schema: JsonSchema, name?: string): JsonSchema {
  const sameAs = schema[SAME_ARGUMENTS_AS];
  if (typeof sameAs === 'string') return { type: 'object', description: `The arguments of ${sameAs}` };
  const advertised: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'pattern' || key === 'propertyNames' || BOUNDS.has(key)) continue;
    // Record values (filters) are described in words; unknown names are refused with the nearest known one.
    if (key === 'additionalProperties') continue;
    // A long list of codes is named in the refusal of a wrong one.
    if (key === 'enum' && Array.isArray(value) && value.length > LONG_ENUM) continue;
    // Ids are named *_id and taken from other answers; the instructions say they are UUIDs.
    if (key === 'format' && value === 'uuid') continue;
    if (key === 'default' && value === null) continue;
    if (key === 'description' && name !== undefined && restatesName(value, name)) continue;
    if ((key === 'properties' || key === '$defs') && value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, JsonSchema>).filter(
        ([, inner]) => key !== 'properties' || !isFixed(inner),
      );
      advertised[key] = Object.fromEntries(
        entries.map(([entry, inner]) => [entry, forModels(inner, key === 'properties' ? entry : undefined)]),
      );
      continue;
    }
    if (key === 'anyOf' && Array.isArray(value)) {
      // "A or null": the description around says what the choice means.
      const variants = schema.description ? value.map(withoutDescription) : value;
      const nullable = nullableVariant(variants);
      if (nullable) Object.assign(advertised, forModels(nullable));
      else advertised[key] = variants.map(trimmed);
      continue;
    }
    advertised[key] = trimmed(value);
  }
  return advertised;
}

function withoutDescription(variant: unknown): unknown {
  if (!variant || typeof variant !== 'object') return variant;
  const { description: _description, ...rest } = variant as JsonSchema;
  return rest;
}

function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(trimmed);
  if (value && typeof value === 'object') return forModels(value as JsonSchema);
  return value;
}

/** The schema as the SDK takes it, its JSON Schema conversions remembered; inputs as models need them. */
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
        if (!json) {
          json = standard.jsonSchema[io](options);
          if (io === 'input') json = forModels(json);
          cache.set(key, json);
        }
        return json;
      };
    wrapped = { '~standard': { ...standard, jsonSchema: { input: convert('input'), output: convert('output') } } };
    converted.set(schema, wrapped);
  }
  return wrapped;
}

export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return convertedOnce(schema)['~standard'].jsonSchema.input({ target: JSON_SCHEMA_TARGET });
}

export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  return convertedOnce(schema)['~standard'].jsonSchema.output({ target: JSON_SCHEMA_TARGET });
}

type Validate = StandardSchemaWithJSON['~standard']['validate'];

function advertising(json: JsonSchema, validate: Validate): StandardSchemaWithJSON {
  const asWritten = () => json;
  return {
    '~standard': { version: 1, vendor: 'project-finance-mcp', validate, jsonSchema: { input: asWritten, output: asWritten } },
  };
}

/**
 * A tool's schemas for the SDK from its card (catalog/cards.ts): advertised as the card has them.
 * Arguments are validated against the tool's own zod schema, which `inputSchema` loads with the
 * catalog on the first call. Structured answers are not checked again: the dispatcher checked
 * them before the SDK sees them (runTool), and a second parse of a long list would only cost
 * time and garbage on every call.
 */
export function cardSchemas(
  card: { input: JsonSchema; output: JsonSchema },
  inputSchema: () => Promise<z.ZodType>,
): { input: StandardSchemaWithJSON; output: StandardSchemaWithJSON } {
  return {
    input: advertising(card.input, async (value) => (await inputSchema())['~standard'].validate(value)),
    output: advertising(card.output, (value) => ({ value })),
  };
}
