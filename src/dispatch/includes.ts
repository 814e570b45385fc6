/**
 * Related records asked for with `include`, whatever the API makes of it. When it refuses the
 * parameter (400 or 422 naming it), the read goes again without it; the records an answer lacks
 * are then read through the list operation each include path names, by `id.in`.
 */
import { flattenIncluded, flattenResource, type FlatResource, type JsonApiDocument } from '../shape/jsonapi.js';
import type { UpstreamResponse } from '../upstream/client.js';
import type { DispatchContext } from './context.js';
import type { Operation } from './operation.js';
import { createReader, ReadFailure } from './reader.js';

const INCLUDE_KEY = 'include';
/** Ids per `id.in` filter: long lists are asked for in parts, as the API's users do (facts.md). */
const IDS_PER_READ = 50;

interface ErrorEntry {
  detail?: unknown;
  source?: { parameter?: unknown; pointer?: unknown } | null;
  loc?: unknown;
  msg?: unknown;
}

const namesInclude = (text: unknown) => typeof text === 'string' && /\binclude\b/i.test(text);

/** Whether an error answer says the include parameter is what it refused. */
function blamesInclude(body: unknown): boolean {
  const document = (body ?? {}) as { errors?: unknown; detail?: unknown };
  if (namesInclude(document.detail)) return true;
  const entries = [document.errors, document.detail].flatMap((list) => (Array.isArray(list) ? (list as ErrorEntry[]) : []));
  return entries.some(
    (entry) =>
      entry.source?.parameter === INCLUDE_KEY ||
      (Array.isArray(entry.loc) && entry.loc.includes(INCLUDE_KEY)) ||
      namesInclude(entry.detail) ||
      namesInclude(entry.msg),
  );
}

/** The query pairs of a request path, as sent (encoded). */
function queryPairs(path: string): { base: string; pairs: string[] } {
  const mark = path.indexOf('?');
  return mark < 0 ? { base: path, pairs: [] } : { base: path.slice(0, mark), pairs: path.slice(mark + 1).split('&') };
}

const isIncludePair = (pair: string) => new URLSearchParams(pair).has(INCLUDE_KEY);

/** The include paths a request path asks for. */
export function includeOf(path: string): string[] {
  const value = new URLSearchParams(queryPairs(path).pairs.join('&')).get(INCLUDE_KEY) ?? '';
  return value.split(',').filter((name) => name !== '');
}

/** The same request path without its include parameter; every other pair stays as it was. */
export function withoutInclude(path: string): string {
  const { base, pairs } = queryPairs(path);
  const kept = pairs.filter((pair) => !isIncludePair(pair));
  return kept.length ? `${base}?${kept.join('&')}` : base;
}

/** The include paths a read sent that the API refused, or undefined when it refused something else. */
export function refusedInclude(operation: Operation, path: string, response: UpstreamResponse): string[] | undefined {
  if (operation.method !== 'GET' || (response.status !== 400 && response.status !== 422)) return undefined;
  const sent = includeOf(path);
  return sent.length && blamesInclude(response.body) ? sent : undefined;
}

/** Every path with the paths it runs through (contract.contractor brings contract), shallow first. */
function withParents(paths: readonly string[]): string[] {
  const all = new Set(paths.flatMap((path) => path.split('.').map((_, index, names) => names.slice(0, index + 1).join('.'))));
  return [...all].sort((a, b) => a.split('.').length - b.split('.').length);
}

/** The ids records hold for a relationship, each once: an attribute of its name, or `<name>_id` from relationships. */
function relatedIds(records: readonly FlatResource[], name: string): string[] {
  const ids = records.map((record) => record[name] ?? record[`${name}_id`]);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

export interface RelatedRecords {
  included: FlatResource[];
  /** Said under the answer when some related records are missing from it. */
  note?: string;
}

/**
 * The related records of a read's answer for the include paths asked for: those the API included,
 * and the ones it left out read by id through each path's list operation. `refused` holds the
 * paths the API would not take; those without a read of their own are named in the note.
 */
export async function relatedRecords(
  operation: Operation,
  document: JsonApiDocument,
  asked: readonly string[],
  refused: readonly string[],
  context: DispatchContext,
): Promise<RelatedRecords> {
  const included = flattenIncluded(document);
  const declared = operation.include ?? {};
  const paths = withParents(asked).filter((path) => Object.hasOwn(declared, path));
  const unreadable = refused.filter((path) => declared[path] === null);
  const notes = unreadable.length ? [`The API refused include=${unreadable.join(',')}, so this answer comes without them.`] : [];

  const answer = (): RelatedRecords => (notes.length ? { included, note: notes.join(' ') } : { included });
  if (!paths.some((path) => declared[path])) return answer();

  const byId = new Map(included.map((record) => [record.id, record]));
  const primary = Array.isArray(document.data) ? document.data : document.data ? [document.data] : [];
  const reached = new Map<string, FlatResource[]>([['', primary.map(flattenResource)]]);
  const reads = new Map<string, number>();
  const reader = createReader(context);
  try {
    for (const path of paths) {
      const list = declared[path];
      if (!list) continue;
      const dot = path.lastIndexOf('.');
      const parents = reached.get(dot < 0 ? '' : path.slice(0, dot)) ?? [];
      const ids = relatedIds(parents, path.slice(dot + 1));
      const missing = ids.filter((id) => !byId.has(id));
      for (let start = 0; start < missing.length; start += IDS_PER_READ) {
        const rows = await reader.all(list, { filters: { 'id.in': missing.slice(start, start + IDS_PER_READ) } });
        for (const row of rows.filter((record) => !byId.has(record.id))) {
          byId.set(row.id, row);
          included.push(row);
        }
        reads.set(list, (reads.get(list) ?? 0) + rows.length);
      }
      reached.set(
        path,
        ids.flatMap((id) => byId.get(id) ?? []),
      );
    }
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    notes.push(`Some related records asked for with include could not be read: ${error.message}`);
  }
  if (reads.size) {
    const how = [...reads].map(([list, count]) => `${count} through ${list}`).join(', ');
    const why = refused.length ? 'the API refused the include' : 'the API left them out of its answer';
    context.log?.('info', 'reads', () => `${operation.name}: related records read on their own (${why}): ${how}`);
  }
  return answer();
}
