import { decodeCursor } from './cursor.js';
import { datetimeBound } from './datetime-filters.js';
import { MultipartForm } from '../upstream/multipart.js';
import { uploadSource, type FileAccess } from './files.js';
import { filterKeyMatcher } from './input-schema.js';
import { type BodySpec, type FilterValue, type Operation, pathArgument, pathVariables } from './operation.js';
import { ArgumentProblem } from './problems.js';

export interface PreparedRequest {
  method: Operation['method'];
  /** Below the product base URL, query included. */
  path: string;
  /** A JSON body, or multipart form data. */
  body?: unknown;
  /** Rows of this page an earlier answer already showed (from a cursor). */
  skip?: number;
}

type Args = Record<string, unknown>;

/** One path segment from an argument: never empty, `.` or `..` (they would change the path), encoded otherwise. */
function pathSegment(argument: string, value: unknown): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new ArgumentProblem(argument, `must not be ${text === '' ? 'empty' : `"${text}"`}: it names one resource in the path`);
  }
  return encodeURIComponent(text);
}

function expandPath(operation: Operation, args: Args): string {
  let path = operation.path;
  for (const variable of pathVariables(operation.path)) {
    const argument = pathArgument(operation, variable);
    path = path.replace(`{${variable}}`, pathSegment(argument, args[argument]));
  }
  return path;
}

/** A list value joined the API's way; a value holding the separator would split in two, so it is refused. */
function joined(argument: string, values: readonly string[]): string {
  const split = values.find((value) => value.includes(','));
  if (split !== undefined) {
    throw new ArgumentProblem(
      argument,
      `the value ${JSON.stringify(split.slice(0, 100))} contains a comma, which the API reads as a separator between values; filter with a part of it without the comma instead (e.g. a "contains" filter)`,
    );
  }
  return values.join(',');
}

function pair(argument: string, key: string, value: FilterValue | number): string {
  const text = Array.isArray(value) ? joined(argument, value) : String(value);
  return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
}

function buildQuery(operation: Operation, args: Args): string {
  const pairs: string[] = [];
  for (const name of operation.query ?? []) {
    if (args[name] !== undefined) pairs.push(pair(name, name, args[name] as FilterValue));
  }
  for (const [name, filter] of Object.entries(operation.list?.filterArgs ?? {})) {
    if (args[name] !== undefined) pairs.push(pair(name, `filter[${filter}]`, args[name] as FilterValue));
  }
  const datetimes = operation.list?.datetimes ?? [];
  for (const [key, value] of Object.entries((args.filters ?? {}) as Record<string, FilterValue>)) {
    pairs.push(pair(`filters.${key}`, `filter[${key}]`, datetimeBound(datetimes, key, value)));
  }
  const include = args.include as string[] | undefined;
  if (include?.length) pairs.push(pair('include', 'include', include));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Pagination parameters of API page links (`cursor[position]`), which carry no data of their own. */
const PAGINATION = /^(cursor|page)\[\w+\]$/;

/**
 * What a page link asks for beyond what the operation declares, or undefined. The API's own
 * links only repeat the first request's parameters; a cursor made by hand could carry anything.
 */
function undeclaredQuery(operation: Operation, query: URLSearchParams): string | undefined {
  const isFilter = filterKeyMatcher(operation.list?.filters ?? {});
  const typedFilters = new Set(Object.values(operation.list?.filterArgs ?? {}));
  const plain = new Set(operation.query ?? []);
  const included = (paths: string) => paths.split(',').every((path) => Object.hasOwn(operation.include ?? {}, path));
  for (const [key, value] of query) {
    const filter = /^filter\[(.+)\]$/.exec(key)?.[1];
    const declared =
      filter !== undefined
        ? isFilter(filter) || typedFilters.has(filter)
        : plain.has(key) || PAGINATION.test(key) || (key === 'include' && included(value));
    if (!declared) return key;
  }
  return undefined;
}

function pickAttributes(spec: BodySpec, source: Args): Args {
  const attributes: Args = {};
  for (const entry of spec.attributes) {
    const { name, arg } = typeof entry === 'string' ? { name: entry, arg: entry } : entry;
    if (source[arg] !== undefined) attributes[name] = source[arg];
  }
  return attributes;
}

function buildBody(spec: BodySpec, args: Args): unknown {
  if (spec.rows) {
    const rows = args[spec.rows] as Args[];
    return { data: rows.map((row) => ({ type: spec.type, attributes: pickAttributes(spec, row) })) };
  }
  const data: Args = { type: spec.type };
  if (spec.idArg) data.id = args[spec.idArg];
  data.attributes = pickAttributes(spec, args);
  const relationships: Args = {};
  for (const [name, { arg, type }] of Object.entries(spec.relationships ?? {})) {
    if (args[arg] !== undefined) relationships[name] = { data: { id: args[arg], type } };
  }
  if (Object.keys(relationships).length) data.relationships = relationships;
  return { data };
}

async function buildForm(operation: Operation, args: Args, files: FileAccess): Promise<MultipartForm> {
  const spec = operation.upload!;
  const { source, filename, type } = await uploadSource(args, files, spec.pdfOnly);
  const fields = (spec.fields ?? [])
    .filter((name) => args[name] !== undefined)
    .map((name) => [name, String(args[name])] as const);
  return new MultipartForm(fields, { field: spec.fileField, filename, type, source });
}

/**
 * Validated arguments -> method, path and body. A cursor replaces path and query;
 * an upload's file is checked (PDF where required) and attached as a stream.
 */
export async function prepareRequest(operation: Operation, args: Args, files: FileAccess): Promise<PreparedRequest> {
  const path = expandPath(operation, args);
  if (typeof args.cursor === 'string') {
    const position = decodeCursor(args.cursor, path);
    const query = position && new URLSearchParams(position.page.split('?')[1] ?? '');
    if (!position || undeclaredQuery(operation, query!) !== undefined) {
      throw new ArgumentProblem(
        'cursor',
        `is not a page cursor of ${operation.name}; pass next_cursor exactly as the previous ${operation.name} result gave it, or omit it for the first page`,
      );
    }
    return { method: operation.method, path: position.page, skip: position.skip };
  }
  const request: PreparedRequest = { method: operation.method, path: path + buildQuery(operation, args) };
  if (operation.upload) request.body = await buildForm(operation, args, files);
  else if (operation.body) request.body = buildBody(operation.body, args);
  return request;
}
