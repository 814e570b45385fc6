import type { z } from 'zod';

/**
 * Request validation failures in the shape the service's framework (FastAPI/Pydantic)
 * answers with HTTP 422: `{"detail": [{type, loc, msg, input, ctx?}]}`.
 */
export interface ValidationDetail {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** What is wrong with one value, in Pydantic's vocabulary. */
export interface Problem {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
}

export class ValidationFailure extends Error {
  constructor(readonly detail: ValidationDetail[]) {
    super(detail.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; '));
  }

  toBody(): { detail: ValidationDetail[] } {
    return { detail: this.detail };
  }
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') {
    throw new ValidationFailure([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    const position = Number(/position (\d+)/.exec(reason)?.[1] ?? 0);
    throw new ValidationFailure([
      { type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: reason } },
    ]);
  }
}

/** Validates a parsed JSON body; on failure throws the 422 detail list with `["body", ...]` locations. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ValidationFailure(result.error.issues.map((issue) => toDetail(issue, body, 'body')));
}

/**
 * Validates plain query parameters (the first value of each) against an object schema;
 * on failure throws the 422 detail list with `["query", name]` locations.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  const values = Object.fromEntries([...new Set(query.keys())].map((name) => [name, query.get(name)]));
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw new ValidationFailure(result.error.issues.map((issue) => toDetail(issue, values, 'query')));
}

function toDetail(issue: z.core.$ZodIssue, input: unknown, root: 'body' | 'query'): ValidationDetail {
  const path = issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
  const loc = [root, ...path];
  const parent = valueAt(input, path.slice(0, -1));
  const last = path[path.length - 1];
  const present = last === undefined ? input !== undefined : isObject(parent) && Object.hasOwn(parent, last);
  if (!present) {
    // A missing body field shows the object it is missing from; a missing query parameter shows null.
    return { type: 'missing', loc, msg: 'Field required', input: last === undefined || root === 'query' ? null : parent };
  }
  const value = valueAt(input, path);
  if (issue.code === 'custom' && isProblem(issue.params)) {
    return withCtx({ type: issue.params.type, loc, msg: issue.params.msg, input: value }, issue.params.ctx);
  }
  if (issue.code === 'invalid_type' && issue.expected === 'array') {
    return { type: 'list_type', loc, msg: 'Input should be a valid list', input: value };
  }
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return {
      type: 'model_attributes_type',
      loc,
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: value,
    };
  }
  return { type: 'value_error', loc, msg: `Value error, ${issue.message}`, input: value };
}

function withCtx(detail: ValidationDetail, ctx: Record<string, unknown> | undefined): ValidationDetail {
  return ctx === undefined ? detail : { ...detail, ctx };
}

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const segment of path) {
    if (!isObject(value)) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isProblem(value: unknown): value is Problem {
  return isObject(value) && typeof (value as Problem).type === 'string' && typeof (value as Problem).msg === 'string';
}
