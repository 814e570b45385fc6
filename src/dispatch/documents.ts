/**
 * Whether a successful answer is the JSON:API document the operation expects. An answer that
 * is not (an HTML page, an empty body, a document without `data`) must become an error: shaped
 * as it is, it would read as "nothing matched", a wrong answer rather than a failure.
 */
import type { UpstreamResponse } from '../upstream/client.js';
import { isResourceView, type Operation } from './operation.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is wrong with a 2xx answer, or undefined when it has the expected shape. */
export function documentProblem(operation: Operation, response: UpstreamResponse): string | undefined {
  const { result } = operation;
  if (!isResourceView(result) && (result.kind === 'empty' || result.kind === 'file')) return undefined;
  if (response.unreadable) return response.unreadable;
  const document = response.body;
  if (document === null) return 'the body is empty';
  if (!isObject(document)) return 'the body is not a JSON:API document';
  if (!('data' in document)) return 'the document has no "data"';
  const { data } = document;
  if (!isResourceView(result)) return isObject(data) ? undefined : '"data" is not an object';
  if (operation.list) {
    if (!Array.isArray(data)) return '"data" is not a list';
    return data.every(isObject) ? undefined : '"data" holds an entry that is not an object';
  }
  if (data === null) return operation.absent ? undefined : '"data" is null';
  return isObject(data) ? undefined : '"data" is not a resource object';
}
