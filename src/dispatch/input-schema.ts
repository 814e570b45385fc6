/** The arguments a declaration implies beyond its own: filters, include, cursor, file source and target. */
import { z } from 'zod';
import { DATETIME_RULE } from './datetime-filters.js';
import { EMBED_LIMIT_TEXT } from './files.js';
import type { FilterOperation, FilterValue, OperationDeclaration } from './operation.js';
import { strictObject } from './strict-object.js';

type Filters = Readonly<Record<string, readonly FilterOperation[]>>;

function filterKeys(filters: Filters): string[] {
  return Object.entries(filters).flatMap(([attribute, operations]) => operations.map((op) => `${attribute}.${op}`));
}

const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** Filter keys may name an id inside the attribute, e.g. `custom_fields.<uuid>.exact`. */
export function filterKeyMatcher(filters: Filters): (key: string) => boolean {
  const exact = new Set(filterKeys(filters));
  const patterns = filterKeys(filters)
    .filter((key) => key.includes('<uuid>'))
    .map((key) => new RegExp(`^${key.replaceAll('.', '\\.').replace('<uuid>', UUID_PATTERN)}$`));
  return (key) => exact.has(key) || patterns.some((pattern) => pattern.test(key));
}

/** The word for less_than_equal, greater_than_equal and range in filter descriptions, and its date-time twin. */
const COMPARE = 'compare';
const DATETIME_COMPARE = 'datetime';
/** How a filter description labels date-time attributes: the word and, briefly, what a date alone means there. */
const DATETIME_LABEL = `${DATETIME_COMPARE} (date: start/end of day)`;

/** How filters are written, said once in the server instructions rather than in every list tool. */
export const FILTER_RULE = `List filters are {"<attribute>.<operation>": value}, e.g. {"invoice_process_state.in": ["APPROVED"], "date_due.less_than_equal": "2026-12-31", "unaudited_amount.net.greater_than_equal": "10000"}: in/not_in take a list, range takes [from, to], is takes true/false; each list tool names its attributes per operation, "text" standing for exact and contains, "${COMPARE}" for less_than_equal, greater_than_equal and range ("${DATETIME_COMPARE}" the same on a date-time: ${DATETIME_RULE}), "in" for in and not_in.`;

/** `amount.net` and `amount.tax` as `amount.net/tax`: money attributes come in pairs. */
function pairedNames(attributes: readonly string[]): string[] {
  const names: string[] = [];
  for (const attribute of attributes) {
    if (attribute.endsWith('.tax') && names.at(-1) === `${attribute.slice(0, -4)}.net`) names[names.length - 1] += '/tax';
    else names.push(attribute);
  }
  return names;
}

/** Operations that come together, named by one word in filter descriptions (see FILTER_RULE). */
const OPERATION_GROUPS: ReadonlyArray<readonly [string, readonly FilterOperation[]]> = [
  ['text', ['exact', 'contains']],
  [COMPARE, ['less_than_equal', 'greater_than_equal', 'range']],
  ['in', ['in', 'not_in']],
];

/** The operations as a filter description names them: each complete group as its word. */
function operationsText(operations: readonly FilterOperation[]): string {
  let names: string[] = [...operations];
  for (const [word, members] of OPERATION_GROUPS) {
    if (!members.every((member) => names.includes(member))) continue;
    const first = names.findIndex((name) => members.includes(name as FilterOperation));
    names = names.filter((name, index) => index === first || !members.includes(name as FilterOperation));
    names[first] = word;
  }
  return names.join('|');
}

/**
 * Attributes grouped by the operations they allow, compact enough for every list tool; date-time
 * attributes compare as "datetime", labelled with what a date alone stands for (see FILTER_RULE).
 */
function describeFilters(filters: Filters, datetimes: readonly string[]): string {
  const groups = new Map<string, string[]>();
  for (const [attribute, operations] of Object.entries(filters)) {
    const text = operationsText(operations);
    const key = datetimes.includes(attribute) ? text.replace(COMPARE, DATETIME_LABEL) : text;
    groups.set(key, [...(groups.get(key) ?? []), attribute]);
  }
  return [...groups].map(([operations, attributes]) => `${operations}: ${pairedNames(attributes).join(', ')}`).join('; ');
}

/** Free text the API documents no length for: long enough for any comment, short of abuse. */
export const TEXT_LIMIT = 10_000;

/** A filter value: as long as any text the API stores. */
const filterText = z.string().max(TEXT_LIMIT);
/** A local path: as long as file systems allow. */
const PATH_LIMIT = 4096;

/** Operations that take several values: the API separates them with commas. */
export const LIST_OPERATIONS: ReadonlySet<string> = new Set(['in', 'not_in', 'range']);

/** What is wrong with the value of a filter key, or undefined. */
function filterValueProblem(key: string, value: FilterValue): string | undefined {
  const operation = key.slice(key.lastIndexOf('.') + 1);
  if (!LIST_OPERATIONS.has(operation)) {
    return Array.isArray(value) ? `takes one value, not a list` : undefined;
  }
  const values = Array.isArray(value) ? value : String(value).split(',');
  if (operation === 'range' && values.length !== 2) return 'takes exactly two values: [from, to]';
  if (!Array.isArray(value) && values.length > 1 && operation !== 'range') {
    return `takes its values as a list, e.g. ${JSON.stringify(values.map((item) => item.trim()))}`;
  }
  return undefined;
}

function filtersArgument(filters: Filters, datetimes: readonly string[]) {
  const isAllowed = filterKeyMatcher(filters);
  return z
    .record(z.string().max(300), z.union([filterText, z.boolean(), z.array(filterText).min(1).max(1000)]))
    .superRefine((given, context) => {
      for (const [key, value] of Object.entries(given)) {
        const problem = isAllowed(key)
          ? filterValueProblem(key, value)
          : `is not a supported filter here; use one of: ${filterKeys(filters).join(', ')}`;
        if (problem) context.addIssue({ code: 'custom', path: [key], message: problem });
      }
    })
    .meta({ description: describeFilters(filters, datetimes) });
}

/**
 * What the arguments every list, upload, download and guarded write shares mean, said once in
 * the server instructions rather than in each tool's schema.
 */
export const SHARED_ARGUMENTS_RULE = `Arguments many tools share: include adds related records to each row, those along the path too; cursor takes next_cursor; confirmation takes the one from the preview once the user agreed; uploads take file_path (a local file inside the file roots) or content_base64 with filename; downloads are embedded up to ${EMBED_LIMIT_TEXT}, larger files need save_to (a local path inside the file roots).`;

/** The paths no other path extends. */
function longestPaths(paths: readonly string[]): string[] {
  return paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)));
}

/**
 * Every path is accepted; only the longest are advertised, since a path brings the records along
 * it too (JSON:API full linkage): contract.contractor includes the contract.
 */
function includeArgument(paths: readonly string[]) {
  return z
    .array(z.enum(paths as [string, ...string[]], { error: `must be one of ${paths.join(', ')}` }))
    .meta({ items: { type: 'string', enum: longestPaths(paths) } });
}

const cursorArgument = z.string().min(1).max(10_000);

/** Where an upload comes from: a local file (streamed) or inline base64. */
const uploadArguments = {
  file_path: z.string().min(1).max(PATH_LIMIT).optional(),
  content_base64: z.string().min(1).optional(),
  filename: z.string().min(1).max(255).optional(),
};

const confirmationArgument = z.string().min(1).max(4096);

const saveToArgument = z.string().min(1).max(PATH_LIMIT);

/** The arguments that end up in the request body. */
function bodyArguments({ body }: OperationDeclaration): string[] {
  return [
    ...(body?.attributes ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.arg)),
    ...Object.values(body?.relationships ?? {}).map((relationship) => relationship.arg),
  ];
}

export function buildInputSchema(declaration: OperationDeclaration): z.ZodObject {
  const shape: Record<string, z.core.$ZodType> = { ...declaration.args };
  const list = declaration.list;
  if (list?.filters) shape.filters = filtersArgument(list.filters, list.datetimes ?? []).optional();
  if (declaration.include) shape.include = includeArgument(Object.keys(declaration.include)).optional();
  if (declaration.list) shape.cursor = cursorArgument.optional();
  if (declaration.upload) Object.assign(shape, uploadArguments);
  if ('kind' in declaration.result && declaration.result.kind === 'file') shape.save_to = saveToArgument.optional();
  if (declaration.guard) shape.confirmation = confirmationArgument.optional();

  const { upload, check } = declaration;
  const requireOneOf = declaration.partialUpdate ? bodyArguments(declaration) : undefined;
  return strictObject(shape).superRefine((args, context) => {
    const rows = declaration.body?.rows;
    const checked = rows
      ? ((args[rows] as Array<Record<string, unknown>>) ?? []).map((row, index) => ({ row, at: [rows, index] }))
      : [{ row: args, at: [] }];
    for (const { row, at } of checked) {
      const broken = check?.(row);
      if (broken) context.addIssue({ code: 'custom', path: [...at, broken.field], message: broken.fix });
    }
    if (requireOneOf && !requireOneOf.some((name) => args[name] !== undefined)) {
      context.addIssue({ code: 'custom', path: [], message: `give at least one of ${requireOneOf.join(', ')} to change` });
    }
    if (upload && (args.file_path === undefined) === (args.content_base64 === undefined)) {
      context.addIssue({ code: 'custom', path: ['file_path'], message: 'give exactly one of file_path or content_base64' });
    }
    if (upload && args.content_base64 !== undefined && args.filename === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['filename'],
        message: 'is required with content_base64, e.g. "Rechnung-2026-118.pdf"',
      });
    }
  });
}
