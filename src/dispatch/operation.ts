/**
 * The declaration format: one API operation = one small object in tools/. The
 * dispatcher turns any declaration plus validated arguments into a REST request
 * and a shaped result, so a declaration never builds URLs or touches HTTP.
 */
import { z } from 'zod';
import { moneySchema } from '../shape/schemas.js';

export const PRODUCTS = ['fincon', 'capex', 'esg'] as const;
export type Product = (typeof PRODUCTS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const FILTER_OPERATIONS = [
  'exact',
  'contains',
  'less_than_equal',
  'greater_than_equal',
  'range',
  'in',
  'not_in',
  'is',
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

/** All four MCP tool hints, always set. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The hint sets the catalog uses; every one talks to an outside system. */
export const hints = {
  read: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  /** Adds something new; repeating it adds it again (creates, payments). */
  append: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  /** Overwrites existing values; repeating it changes nothing more (PATCH). */
  overwrite: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
} as const satisfies Record<string, ToolHints>;

/** How one kind of resource is shown to the model. */
export interface ResourceView {
  /** JSON:API type constant, e.g. INVOICE. */
  type: string;
  singular: string;
  plural: string;
  /** Attributes that name a row; the first one present wins. */
  label: readonly string[];
  /** Attributes shown in a compact list row, in order. */
  columns: readonly string[];
  /** Money attributes a list page totals exactly, per currency. */
  totals?: readonly string[];
  /** Schema of one flattened resource (loose: the API may add attributes). */
  schema: z.ZodObject;
}

/** Where arguments go in a JSON:API request body. */
export interface BodySpec {
  /** `data.type`. */
  type: string;
  /** Arguments copied, under the same names, into `data.attributes` when given. */
  attributes: readonly string[];
  /** `data.relationships.<name> = {data: {id: args[arg], type}}` when the argument is given. */
  relationships?: Readonly<Record<string, { arg: string; type: string }>>;
  /** The argument repeated as `data.id` (some updates require it). */
  idArg?: string;
}

/** A list operation: the API pages it (links.next); these are its server-side filters. */
export interface ListSpec {
  /** Filterable attributes (money ones as `amount.net`) and their operations. */
  filters?: Readonly<Record<string, readonly FilterOperation[]>>;
}

export interface OperationDeclaration {
  /** snake_case verb_noun; `capex_` / `esg_` prefixes for those products. */
  name: string;
  title: string;
  /** What it returns and when to use it, one or two sentences. */
  description: string;
  product: Product;
  toolset: string;
  method: HttpMethod;
  /** The API's own path template, verbatim (e.g. /invoices/{id}/register-payment/). */
  path: string;
  /** Path template variables whose argument has another name, e.g. { id: 'invoice_id' }. */
  pathArgs?: Readonly<Record<string, string>>;
  hints: ToolHints;
  /** Path and body arguments, each described. */
  args?: z.ZodRawShape;
  /** For updates: at least one of these arguments must be given. */
  requireOneOf?: readonly string[];
  /** Relationship paths the API accepts in `include`. */
  include?: readonly string[];
  list?: ListSpec;
  body?: BodySpec;
  /** What to tell the model when the API refuses the call in the resource's current state (409). */
  onConflict?: string;
  result: ResourceView;
}

export interface Operation extends OperationDeclaration {
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
}

export type FilterValue = string | boolean | string[];

function filterKeys(filters: Readonly<Record<string, readonly FilterOperation[]>>): string[] {
  return Object.entries(filters).flatMap(([attribute, operations]) => operations.map((op) => `${attribute}.${op}`));
}

/** Attributes grouped by the operations they allow: compact enough for every list tool. */
function describeFilters(filters: Readonly<Record<string, readonly FilterOperation[]>>): string {
  const groups = new Map<string, string[]>();
  for (const [attribute, operations] of Object.entries(filters)) {
    const key = operations.join('|');
    groups.set(key, [...(groups.get(key) ?? []), attribute]);
  }
  const allowed = [...groups].map(([operations, attributes]) => `${operations}: ${attributes.join(', ')}`).join('; ');
  return `{"<attribute>.<operation>": value}; in/not_in take a list, range [from, to], is true/false. Allowed ${allowed}.`;
}

function filtersArgument(filters: Readonly<Record<string, readonly FilterOperation[]>>) {
  const allowed = new Set(filterKeys(filters));
  return z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string()).min(1)]))
    .superRefine((given, context) => {
      for (const [key, value] of Object.entries(given)) {
        if (!allowed.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `is not a supported filter here; use one of: ${[...allowed].join(', ')}`,
          });
        } else if (key.endsWith('.range') && (Array.isArray(value) ? value.length : String(value).split(',').length) !== 2) {
          context.addIssue({ code: 'custom', path: [key], message: 'takes exactly two values: [from, to]' });
        }
      }
    })
    .meta({ description: describeFilters(filters) });
}

function includeArgument(paths: readonly string[]) {
  return z
    .array(z.enum(paths as [string, ...string[]], { error: `must be one of ${paths.join(', ')}` }))
    .meta({ description: 'Related resources to return alongside, in "included".' });
}

const cursorArgument = z
  .string()
  .min(1)
  .meta({ description: 'next_cursor from the previous page of this list; omit for the first page.' });

/** The flattened related resources a request asked for with `include`. */
const includedSchema = z.array(z.looseObject({ id: z.string(), type: z.string() }));

function buildInputSchema(declaration: OperationDeclaration): z.ZodObject {
  const shape: Record<string, z.core.$ZodType> = { ...declaration.args };
  if (declaration.list?.filters) shape.filters = filtersArgument(declaration.list.filters).optional();
  if (declaration.include) shape.include = includeArgument(declaration.include).optional();
  if (declaration.list) shape.cursor = cursorArgument.optional();
  const { requireOneOf } = declaration;
  if (!requireOneOf) return z.object(shape);
  return z.object(shape).superRefine((args, context) => {
    if (!requireOneOf.some((name) => args[name] !== undefined)) {
      context.addIssue({ code: 'custom', path: [], message: `give at least one of ${requireOneOf.join(', ')} to change` });
    }
  });
}

function buildOutputSchema(declaration: OperationDeclaration): z.ZodObject {
  const item = declaration.result.schema;
  if (declaration.list) {
    return z.object({
      items: z.array(item),
      next_cursor: z.string().nullable(),
      ...(declaration.result.totals ? { page_totals: z.record(z.string(), z.array(moneySchema)).optional() } : {}),
      ...(declaration.include ? { included: includedSchema.optional() } : {}),
    });
  }
  return declaration.include ? item.extend({ included: includedSchema.optional() }) : item;
}

export function defineOperation(declaration: OperationDeclaration): Operation {
  return { ...declaration, inputSchema: buildInputSchema(declaration), outputSchema: buildOutputSchema(declaration) };
}

/** The argument bound to each path template variable. */
export function pathArgument(operation: OperationDeclaration, variable: string): string {
  return operation.pathArgs?.[variable] ?? variable;
}

export function pathVariables(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}
