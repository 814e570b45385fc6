/**
 * Everything that goes wrong becomes one readable paragraph for the model: which
 * argument, what the API said, and what to do next. Only the API's own messages and
 * our argument names are echoed.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { core } from 'zod';
import { type Operation, pathArgument, pathVariables } from './operation.js';
import type { UpstreamResponse } from '../upstream/client.js';

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
  source?: Record<string, string> | null;
}

/** Maps an API location (`["body","data","attributes","name"]`) to our argument name. */
function argumentFor(operation: Operation, location: readonly unknown[]): string {
  const parts = location.map(String);
  if (parts[0] === 'path' && parts[1]) return pathArgument(operation, parts[1]);
  const attributes = parts.indexOf('attributes');
  if (attributes >= 0 && parts[attributes + 1]) return parts.slice(attributes + 1).join('.');
  const relationships = parts.indexOf('relationships');
  const relation = relationships >= 0 ? parts[relationships + 1] : undefined;
  if (relation) return operation.body?.relationships?.[relation]?.arg ?? relation;
  const filter = parts[0] === 'query' ? /^filter\[(.+)\]$/.exec(parts[1] ?? '') : null;
  if (filter) return `filters.${filter[1]}`;
  return parts.filter((part) => part !== 'body' && part !== 'data').join('.') || '(request)';
}

/** A JSON pointer into the body, or the name of a path or query parameter. */
function sourceArgument(operation: Operation, source: ApiError['source']): string | undefined {
  if (source?.pointer) return argumentFor(operation, source.pointer.replace(/^\//, '').split('/'));
  const parameter = source?.parameter;
  if (!parameter) return undefined;
  const where = pathVariables(operation.path).includes(parameter) ? 'path' : 'query';
  return argumentFor(operation, [where, parameter]);
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
      return field ? `${field}: ${message}` : message;
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
  const changes = operation.method !== 'GET';
  if (status === 401 || status === 403) {
    return 'The API refused the credentials. Check PFM_API_KEY and PFM_API_TOKEN (or the OAuth settings) of this server.';
  }
  if (status === 404) {
    const ids = idArguments(operation);
    return ids ? `Nothing was found; check ${ids} (list tools return valid ids).` : 'Nothing was found.';
  }
  if (status === 409) {
    return `Nothing was changed: the current state does not allow this. ${operation.onConflict ?? 'Read the current state before deciding what to do.'}`;
  }
  if (status === 429) {
    const wait = response.headers['retry-after'];
    return `The API is rate limiting requests; wait${wait ? ` ${String(wait)} seconds` : ' a little'} before trying again.`;
  }
  if (status >= 500) {
    return changes
      ? 'The API failed while handling the request; it may or may not have been applied. Read the current state before trying again.'
      : 'The API failed; try again shortly.';
  }
  return changes
    ? 'Nothing was changed; fix the arguments named above and try again.'
    : 'Fix the arguments named above and try again.';
}

export function describeUpstreamFailure(operation: Operation, response: UpstreamResponse): string {
  const messages = apiMessages(operation, response.body);
  const said = messages.length ? `\n${messages.map((message) => `- ${message}`).join('\n')}` : '';
  return `${operation.name} failed: the API answered HTTP ${response.status}.${said}\n${nextStep(operation, response)}`;
}
