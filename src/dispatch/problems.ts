/**
 * Everything that goes wrong becomes one readable paragraph for the model: which
 * argument, what the API said, and what to do next. Only the API's own messages and
 * our argument names are echoed.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { core } from 'zod';
import { headerValue, type UpstreamError, type UpstreamResponse } from '../upstream/client.js';
import { type Operation, pathArgument, pathVariables } from './operation.js';
import { escapeUntrusted, untrustedBlock } from '../shape/untrusted.js';

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** An argument the server refused before anything was sent. */
export class ArgumentProblem extends Error {
  constructor(
    readonly field: string,
    readonly fix: string,
  ) {
    super(`${field}: ${fix}`);
    this.name = 'ArgumentProblem';
  }
}

/** Arguments that failed a tool's input schema, as call_tool reports them. */
export function describeIssues(toolName: string, issues: readonly core.$ZodIssue[]): string {
  const lines = issues.map((issue) => `- ${issue.path.join('.') || '(arguments)'}: ${issue.message}`);
  return `Invalid arguments for ${toolName}; nothing was sent to the API.\n${lines.join('\n')}`;
}

interface ValidationDetail {
  loc?: unknown[];
  msg?: string;
  input?: unknown;
}

interface ApiError {
  status?: string;
  title?: string;
  detail?: string;
  /** ESG errors carry a machine-readable code, e.g. ALA-4003. */
  code?: string | null;
  source?: Record<string, string> | null;
}

/** The argument that fills a body attribute (most share its name; some are renamed, e.g. property_id). */
function bodyArgument(operation: Operation, attribute: string): string {
  for (const entry of operation.body?.attributes ?? []) {
    if (typeof entry !== 'string' && entry.name === attribute) return entry.arg;
  }
  return attribute;
}

function queryArgument(operation: Operation, parameter: string): string {
  const filter = /^filter\[(.+)\]$/.exec(parameter)?.[1];
  if (!filter) return parameter;
  const typed = Object.entries(operation.list?.filterArgs ?? {}).find(([, key]) => key === filter);
  return typed ? typed[0] : `filters.${filter}`;
}

/** Maps an API location (`["body","data","attributes","name"]`, `["query","year"]`) to our argument name. */
function argumentFor(operation: Operation, location: readonly unknown[]): string {
  const parts = location.map(String);
  const [where, name] = parts;
  if (where === 'path' && name) return pathArgument(operation, name);
  if (where === 'query' && name) return queryArgument(operation, name);
  const attributes = parts.indexOf('attributes');
  if (attributes >= 0 && parts[attributes + 1]) {
    const field = [bodyArgument(operation, parts[attributes + 1]!), ...parts.slice(attributes + 2)].join('.');
    const row = parts[parts.indexOf('data') + 1];
    return operation.body?.rows && row !== undefined && /^\d+$/.test(row) ? `${operation.body.rows}.${row}.${field}` : field;
  }
  const relationships = parts.indexOf('relationships');
  const relation = relationships >= 0 ? parts[relationships + 1] : undefined;
  if (relation) return operation.body?.relationships?.[relation]?.arg ?? relation;
  if (where === 'body' && name && operation.upload?.fileField === name) return 'file_path';
  return parts.filter((part) => part !== 'body' && part !== 'data').join('.') || '(request)';
}

/** A JSON pointer into the body, or the name of a path or query parameter. */
function sourceArgument(operation: Operation, source: ApiError['source']): string | undefined {
  if (source?.pointer) return argumentFor(operation, source.pointer.replace(/^\//, '').split('/'));
  const parameter = source?.parameter;
  if (!parameter) return undefined;
  return argumentFor(operation, [pathVariables(operation.path).includes(parameter) ? 'path' : 'query', parameter]);
}

function apiMessages(operation: Operation, body: unknown): string[] {
  const document = (body ?? {}) as { detail?: unknown; errors?: unknown };
  if (Array.isArray(document.detail)) {
    return (document.detail as ValidationDetail[]).map((item) => {
      const field = argumentFor(operation, item.loc ?? []);
      const got = item.input === undefined || typeof item.input === 'object' ? '' : ` (got ${JSON.stringify(item.input)})`;
      return `${field}: ${item.msg ?? 'invalid'}${got}`;
    });
  }
  if (typeof document.detail === 'string') return [document.detail];
  if (Array.isArray(document.errors)) {
    return (document.errors as ApiError[]).map((error) => {
      const field = sourceArgument(operation, error.source);
      const message = [error.title, error.detail].filter(Boolean).join(': ') || 'error';
      const coded = error.code ? `[${error.code}] ${message}` : message;
      return field ? `${field}: ${coded}` : coded;
    });
  }
  return [];
}

function idArguments(operation: Operation): string {
  return pathVariables(operation.path)
    .map((variable) => pathArgument(operation, variable))
    .join(', ');
}

function nextStep(operation: Operation, response: UpstreamResponse): string {
  const { status } = response;
  const unchanged = operation.method === 'GET' ? '' : 'Nothing was changed. ';
  if (status === 401) {
    return 'The API refused the credentials. Check PFM_API_KEY and PFM_API_TOKEN of this server.';
  }
  if (status === 403) {
    return `${unchanged}The API does not allow this: the account lacks the permission, or the resource cannot be changed this way (see the message above).`;
  }
  if (status === 404) {
    const ids = idArguments(operation);
    return `${unchanged}Nothing was found${ids ? `; check ${ids} (list tools return valid ids)` : ''}.`;
  }
  if (status === 409) {
    return `${unchanged}The current state does not allow this. ${operation.onConflict ?? 'Read the current state before deciding what to do.'}`;
  }
  if (status === 429) {
    const wait = headerValue(response.headers, 'retry-after');
    return `The API is rate limiting requests; wait${wait ? ` ${wait} seconds` : ' a little'} before trying again.`;
  }
  if (status >= 500) {
    return unchanged
      ? 'The API failed while handling the request; it may or may not have been applied. Read the current state before trying again.'
      : 'The API failed; try again shortly.';
  }
  return `${unchanged}Fix the arguments named above and try again.`;
}

export function describeUpstreamFailure(operation: Operation, response: UpstreamResponse): string {
  const messages = apiMessages(operation, response.body);
  const said = messages.length ? `\n${untrustedBlock(messages.map((message) => `- ${escapeUntrusted(message)}`))}` : '';
  return `${operation.name} failed: the API answered HTTP ${response.status}.${said}\n${nextStep(operation, response)}`;
}

/** The API could not be reached, or gave no usable answer in time or within size: whether anything may have changed. */
export function unreachable(operation: Operation, error: UpstreamError): string {
  const read = operation.method === 'GET';
  if (error.kind === 'too-large' && read) {
    return `${operation.name} failed: ${error.message}. Narrow the request (filters, fewer includes) or raise --max-response-mb.`;
  }
  if (read || error.delivery === 'not-sent') {
    return `${operation.name} could not reach the API (${error.message}). Nothing was changed; try again shortly.`;
  }
  return (
    `${operation.name} got no usable answer after sending (${error.message}). The change may or may not have been applied. ` +
    'Do not repeat it blindly: read the current state first (for a payment, list_invoice_payments) and only then decide.'
  );
}

/**
 * A redirect to a JSON call: never followed (credentials must not travel to another address),
 * and not a success. A write that got one may or may not have been applied.
 */
export function redirected(operation: Operation, response: UpstreamResponse): string {
  const location = headerValue(response.headers, 'location');
  const to = location ? ` to ${location.slice(0, 200)}` : '';
  const said = `${operation.name} failed: the API answered HTTP ${response.status}, a redirect${to}, which this server does not follow.`;
  if (operation.method === 'GET') return `${said} Check the API base URL this server is configured with.`;
  return `${said} The change may or may not have been applied: read the current state first (for a payment, list_invoice_payments) and only then decide.`;
}

/** A list whose next page the API puts away from the configured base URL: as a redirect, never followed. */
export function linkElsewhere(operation: Operation, link: string): string {
  return (
    `${operation.name} failed: the API says the list goes on, but its link to the next page (${escapeUntrusted(link.slice(0, 200))}) ` +
    'leads away from the API base URL this server is configured with, which it does not follow; so the list cannot be read to its end. Check that base URL.'
  );
}

/**
 * The API answered with success but the answer cannot be read or does not have the
 * documented shape. For a write this must not read as a failure: the change was made,
 * and repeating it could, for a payment, record it twice.
 */
export function unreadable(operation: Operation, status: number, problem: string): string {
  if (operation.method === 'GET') {
    return `${operation.name}: the API answered HTTP ${status}, but in an unexpected form (${problem}).`;
  }
  return (
    `${operation.name}: the API accepted the request (HTTP ${status}), so the change was most likely made, but its answer has an unexpected form (${problem}). ` +
    'Do not repeat it: read the current state first (for a payment, list_invoice_payments).'
  );
}
