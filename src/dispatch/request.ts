import { type FilterValue, type Operation, pathArgument, pathVariables } from './operation.js';
import { decodeCursor } from './cursor.js';
import { ArgumentProblem } from './problems.js';

export interface PreparedRequest {
  method: Operation['method'];
  /** Below the product base URL, query included. */
  path: string;
  body?: unknown;
}

type Args = Record<string, unknown>;

function expandPath(operation: Operation, args: Args): string {
  let path = operation.path;
  for (const variable of pathVariables(operation.path)) {
    const value = args[pathArgument(operation, variable)];
    path = path.replace(`{${variable}}`, encodeURIComponent(String(value)));
  }
  return path;
}

function encodeFilterValue(value: FilterValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

function buildQuery(args: Args): string {
  const pairs: string[] = [];
  const filters = (args.filters ?? {}) as Record<string, FilterValue>;
  for (const [key, value] of Object.entries(filters)) {
    pairs.push(`${encodeURIComponent(`filter[${key}]`)}=${encodeURIComponent(encodeFilterValue(value))}`);
  }
  const include = args.include as string[] | undefined;
  if (include?.length) pairs.push(`include=${encodeURIComponent(include.join(','))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function buildBody(operation: Operation, args: Args): unknown {
  const spec = operation.body;
  if (!spec) return undefined;
  const attributes: Args = {};
  for (const name of spec.attributes) {
    if (args[name] !== undefined) attributes[name] = args[name];
  }
  const data: Args = { type: spec.type };
  if (spec.idArg) data.id = args[spec.idArg];
  data.attributes = attributes;
  const relationships: Args = {};
  for (const [name, { arg, type }] of Object.entries(spec.relationships ?? {})) {
    if (args[arg] !== undefined) relationships[name] = { data: { id: args[arg], type } };
  }
  if (Object.keys(relationships).length) data.relationships = relationships;
  return { data };
}

/** Validated arguments -> method, path and body. A cursor replaces path and query. */
export function prepareRequest(operation: Operation, args: Args): PreparedRequest {
  const path = expandPath(operation, args);
  if (typeof args.cursor === 'string') {
    const page = decodeCursor(args.cursor, path);
    if (!page) {
      throw new ArgumentProblem(
        'cursor',
        `is not a page cursor of ${operation.name}; pass next_cursor exactly as the previous ${operation.name} result gave it, or omit it for the first page`,
      );
    }
    return { method: operation.method, path: page };
  }
  return { method: operation.method, path: path + buildQuery(args), body: buildBody(operation, args) };
}
