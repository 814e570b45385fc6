/**
 * The declaration format: one API operation = one small object in tools/. The
 * dispatcher turns any declaration plus validated arguments into a REST request
 * and a shaped result, so a declaration never builds URLs or touches HTTP.
 */
import type { z } from 'zod';
import type { FlatResource } from '../shape/jsonapi.js';
import type { WriteJudge } from '../writes/judge.js';

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

/** A filter's value as given: text, true/false for `is`, a list for in, not_in and range. */
export type FilterValue = string | boolean | string[];

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
  /** Adds something new; repeating it adds it again (creates, payments, uploads). */
  append: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  /** Overwrites existing values; repeating it changes nothing more (PATCH, upserts). */
  overwrite: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  /** Removes something; repeating it finds nothing left to remove. */
  remove: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
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
  /** Money attributes whose gross (net + tax, exact) the answer adds as `<attribute>_gross`. */
  gross?: readonly string[];
  /** Columns shown only where they differ from another attribute: column -> that attribute. */
  unlessEqualTo?: Readonly<Record<string, string>>;
  /** What an attribute means where its name misleads; said under an answer whose rows show it. */
  meanings?: Readonly<Record<string, string>>;
  /** Schema of one flattened resource (loose: the API may add attributes). */
  schema: z.ZodObject;
  /** Figures worked out from the rows beyond money totals, e.g. quantities in one unit with their totals. */
  derived?: DerivedFigures;
}

/** What a view adds to the API's rows, computed from the rows alone. */
export interface DerivedFigures {
  /** Fields added to each row (the view's schema describes them). */
  row(item: FlatResource): Record<string, unknown>;
  /** What the rows of a list answer add up to: lines after the rows, and fields beside `items`. */
  list(items: readonly FlatResource[]): { lines: string[]; fields: Record<string, unknown> };
  /** The schema of those fields. */
  listFields: z.ZodRawShape;
}

/** What an operation answers, and so how its result is shaped. */
export type ResultSpec =
  /** One JSON:API resource, or a page of them when the operation has `list`. */
  | ResourceView
  /** 204 No Content: `done` says what happened, e.g. "Tag deleted". */
  | { kind: 'empty'; done: string }
  /** A bulk write: the rows created (and updated), and for 207 the rows that failed and why. */
  | { kind: 'batch'; view: ResourceView }
  /** A file: a 302 to a download link, the bytes themselves, or JSON whose `linkAttribute` holds the link. */
  | { kind: 'file'; linkAttribute?: string };

export function isResourceView(result: ResultSpec): result is ResourceView {
  return !('kind' in result);
}

/** An attribute filled from an argument of another name, e.g. `property` from `property_id`. */
export interface RenamedAttribute {
  name: string;
  arg: string;
}

/** Where arguments go in a JSON:API request body. */
export interface BodySpec {
  /** `data.type`. */
  type: string;
  /** Arguments copied into `data.attributes` when given (null included: it clears a value). */
  attributes: readonly (string | RenamedAttribute)[];
  /** `data.relationships.<name> = {data: {id: args[arg], type}}` when the argument is given. */
  relationships?: Readonly<Record<string, { arg: string; type: string }>>;
  /** The argument repeated as `data.id` (some updates require it). */
  idArg?: string;
  /** Bulk: `data` is an array built from this array argument, one `{type, attributes}` per row. */
  rows?: string;
}

/** A multipart upload: the file plus plain text fields. */
export interface UploadSpec {
  /** The multipart field that carries the file. */
  fileField: 'upload' | 'file';
  /** Arguments sent as text fields under the same names, e.g. document_type. */
  fields?: readonly string[];
  /** The API accepts only PDF documents here; anything else is refused before sending. */
  pdfOnly: boolean;
}

export interface ListSpec {
  /** Filterable attributes (money ones as `amount.net`) and their operations. */
  filters?: Readonly<Record<string, readonly FilterOperation[]>>;
  /** Typed arguments sent as filters, e.g. { project_ids: 'project.in' } where the API requires one. */
  filterArgs?: Readonly<Record<string, string>>;
  /** Filter attributes the API compares as date-times: a date given alone stands for the start or end of that day. */
  datetimes?: readonly string[];
}

/** Reads through other declared operations, by tool name; a failed read throws. */
export interface Reader {
  one(tool: string, args: Readonly<Record<string, unknown>>): Promise<FlatResource>;
  /** Like `one`, but a resource that does not exist (404) is undefined. */
  find(tool: string, args: Readonly<Record<string, unknown>>): Promise<FlatResource | undefined>;
  /** Every row of a list, all pages. */
  all(tool: string, args: Readonly<Record<string, unknown>>): Promise<FlatResource[]>;
  /** The rows of a list one API page at a time, to the end: for totals over lists too long to hold. */
  pages(tool: string, args: Readonly<Record<string, unknown>>): AsyncIterable<FlatResource[]>;
}

/**
 * Completes the answer of a successful call with what the API's reply leaves out, read through
 * other operations (a payment's net and tax split, what the invoice still owes). Its heading
 * goes first in the text, its fields join the structured content. When a read fails, the
 * answer stays the API's own, with `confirmed` and the reason in front: the call did succeed.
 */
export interface AnswerSupplement {
  /** The fields `build` adds, for the output schema (optional there). */
  fields: z.ZodRawShape;
  /** What succeeded, for when the follow-up reads fail, e.g. "The payment was registered". */
  confirmed: string;
  build(call: {
    args: Readonly<Record<string, unknown>>;
    answer: FlatResource;
    read: Reader;
  }): Promise<{ heading: string; fields: Record<string, unknown> }>;
}

/**
 * A write that moves money: previewed, confirmed by a person, then committed once. The write
 * path (src/writes) runs the contract with the judge; the guard adds how its state is read
 * through the declared operations, and when a call moves money at all.
 */
export interface MoneyGuard extends WriteJudge {
  /** Whether this call moves money (e.g. a contract unit update only when it sets the budget). */
  applies?(args: Readonly<Record<string, unknown>>): boolean;
  /** Reads the state the write depends on (the invoice and its payments, say). */
  read(args: Readonly<Record<string, unknown>>, read: Reader): Promise<unknown>;
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
  /** Path, query and body arguments, each described. */
  args?: z.ZodRawShape;
  /** Arguments sent as plain query parameters under the same names (ESG style). */
  query?: readonly string[];
  /** An update: its body arguments are optional, and at least one of them must be given. */
  partialUpdate?: boolean;
  /** A rule across arguments the API enforces too, checked first so nothing is sent in vain; for a bulk body, on each row. */
  check?: (args: Readonly<Record<string, unknown>>) => { field: string; fix: string } | undefined;
  /**
   * Relationship paths the API accepts in `include`, each with the list tool that reads its records
   * by `id.in` (null where the API has no read of its own, e.g. certificates it adds into attributes).
   * The path's last name is the attribute of the parent record that holds the related id.
   */
  include?: Readonly<Record<string, string | null>>;
  list?: ListSpec;
  body?: BodySpec;
  upload?: UploadSpec;
  /** The API answers 201 when it created the resource and 200 when it updated an existing one. */
  upsert?: boolean;
  /** The API may answer `data: null`; this says what that means, e.g. "No CO2 analysis was done yet". */
  absent?: string;
  /** What to tell the model when the API refuses the call in the resource's current state (409). */
  onConflict?: string;
  /** More for the answer than the API's reply says, read after a success. */
  supplement?: AnswerSupplement;
  /** The call moves money: preview, confirmation, commit (see MoneyGuard). */
  guard?: MoneyGuard;
  result: ResultSpec;
}

export interface Operation extends OperationDeclaration {
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
}

/** The argument bound to each path template variable. */
export function pathArgument(operation: OperationDeclaration, variable: string): string {
  return operation.pathArgs?.[variable] ?? variable;
}

/** Each path template's variables, found once: every call of a tool expands its path. */
const variablesOfPath = new Map<string, readonly string[]>();

export function pathVariables(path: string): readonly string[] {
  let variables = variablesOfPath.get(path);
  if (!variables) {
    variables = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
    variablesOfPath.set(path, variables);
  }
  return variables;
}
