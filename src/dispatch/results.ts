/** Shapes a successful API answer into concise text plus structured content. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { flattenResource, type FlatResource, type JsonApiDocument, type ResourceObject } from '../shape/jsonapi.js';
import { grossOf, isMoney, sumMoney, type Money } from '../shape/money.js';
import { renderIncluded, renderMeanings, renderResource, renderRow, renderTotals } from '../shape/text.js';
import { escapeUntrusted, untrustedBlock } from '../shape/untrusted.js';
import { encodeCursor, nextPage } from './cursor.js';
import type { Operation, ResourceView } from './operation.js';

/** A resource as the view shows it: flattened, with the exact gross of the view's `gross` attributes and its derived fields. */
export function flattenAs(view: ResourceView, resource: ResourceObject): FlatResource {
  const item = flattenResource(resource);
  for (const attribute of view.gross ?? []) {
    const money = item[attribute];
    if (isMoney(money)) {
      item[`${attribute}_gross`] = { amount: grossOf(money), ...(money.currency ? { currency: money.currency } : {}) };
    }
  }
  return view.derived ? Object.assign(item, view.derived.row(item)) : item;
}

/** Exact totals of the view's money attributes; an attribute no row of the page carries has none. */
function pageTotals(view: ResourceView, items: readonly FlatResource[]): Record<string, Money[]> | undefined {
  const totals = (view.totals ?? [])
    .map((attribute) => [attribute, sumMoney(items.map((item) => item[attribute]).filter(isMoney))] as const)
    .filter(([, sums]) => sums.length > 0);
  return totals.length ? Object.fromEntries(totals) : undefined;
}

/** Said under the totals of an answer the list goes on after. */
const PARTIAL_TOTALS =
  "These totals add up only this answer's rows; the list goes on, so they are not the list's totals (those need every page).";

/** Where the rows of a list answer came from. */
export interface ListPosition {
  /** The API page requested, relative to the product base URL. */
  path: string;
  /** Rows of that page shown by earlier answers. */
  skip: number;
  /** No cursor was given: this is the start of the list. */
  first: boolean;
}

function listHeading(
  operation: Operation,
  view: ResourceView,
  shown: number,
  nextCursor: string | null,
  position: ListPosition,
  cut: boolean,
): string {
  const { plural } = view;
  const size = `${shown} ${plural}`;
  if (nextCursor) {
    const why = cut ? 'only these fit into one answer' : 'the API sends them page by page';
    return `${size} here; more exist (${why}). Next: call ${operation.name} again with the same arguments plus {"cursor": "${nextCursor}"}.`;
  }
  if (shown === 0) return position.first ? `No ${plural} matched.` : `No further ${plural}.`;
  return position.first ? `${size}, the complete list.` : `${size}, the rest of the list.`;
}

/** As many rows as fit the budget (in characters); always at least one. */
function fitRows(view: ResourceView, items: readonly FlatResource[], budget: number): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const item of items) {
    const line = renderRow(view, item);
    if (lines.length > 0 && used + line.length > budget) break;
    lines.push(line);
    used += line.length + 1;
  }
  return lines;
}

/** Where the list goes on: in this API page after the rows shown, else on the API's next page. Throws LinkElsewhere. */
function followingCursor(
  document: JsonApiDocument,
  baseUrl: string,
  position: ListPosition,
  shownUpTo: number,
  pageRows: number,
): string | null {
  if (shownUpTo < pageRows) return encodeCursor({ page: position.path, skip: shownUpTo });
  const page = nextPage(document.links, baseUrl);
  return page ? encodeCursor({ page, skip: 0 }) : null;
}

export function shapeList(
  operation: Operation,
  view: ResourceView,
  document: JsonApiDocument,
  baseUrl: string,
  position: ListPosition,
  budget: number,
  included: readonly FlatResource[],
): CallToolResult {
  const rows = Array.isArray(document.data) ? document.data : [];
  const remaining = rows.slice(position.skip).map((resource) => flattenAs(view, resource));
  const lines = fitRows(view, remaining, budget);
  const items = remaining.slice(0, lines.length);
  const cut = items.length < remaining.length;
  const nextCursor = followingCursor(document, baseUrl, position, position.skip + items.length, rows.length);
  const totals = pageTotals(view, items);
  const derived = view.derived?.list(items);
  const heading = listHeading(operation, view, items.length, nextCursor, position, cut);
  const data = lines.length ? `\n${untrustedBlock([...lines, ...renderIncluded(included)])}` : '';
  const figures = derived?.lines.length ? `\n${derived.lines.join('\n')}` : '';
  const partial = nextCursor && (totals || figures) ? `\n${PARTIAL_TOTALS}` : '';
  return {
    content: [
      {
        type: 'text',
        text: heading + data + (totals ? renderTotals(totals, view.gross) : '') + figures + partial + renderMeanings(view, items),
      },
    ],
    structuredContent: {
      items,
      next_cursor: nextCursor,
      ...(totals ? { page_totals: totals } : {}),
      ...derived?.fields,
      ...(included.length ? { included } : {}),
    },
  };
}

export function shapeOne(
  operation: Operation,
  view: ResourceView,
  document: JsonApiDocument,
  status: number,
  included: readonly FlatResource[],
): CallToolResult {
  if (!document.data && operation.absent) {
    return { content: [{ type: 'text', text: `${operation.absent}.` }], structuredContent: { absent: operation.absent } };
  }
  const item = flattenAs(view, document.data as ResourceObject);
  const outcome = operation.upsert ? (status === 201 ? 'created' : 'updated') : undefined;
  const heading = outcome ? `The ${view.singular} was ${outcome}.\n` : '';
  return {
    content: [
      {
        type: 'text',
        text: heading + untrustedBlock([renderResource(view, item), ...renderIncluded(included)]) + renderMeanings(view, [item]),
      },
    ],
    structuredContent: { ...item, ...(included.length ? { included } : {}), ...(outcome ? { outcome } : {}) },
  };
}

export function shapeEmpty(done: string): CallToolResult {
  return { content: [{ type: 'text', text: `${done}.` }], structuredContent: { done } };
}

interface BatchProblem {
  loc?: unknown[];
  msg?: string;
  code?: string;
}

interface BatchError {
  index: number;
  attributes?: Record<string, unknown>;
  detail?: BatchProblem[];
}

interface BatchData {
  created?: ResourceObject[];
  updated?: ResourceObject[];
  errors?: BatchError[];
}

function describeProblem(problem: BatchProblem): string {
  const where = (problem.loc ?? []).filter((part) => part !== 'body' && part !== 'data' && part !== 'attributes').join('.');
  const said = `${problem.msg ?? 'rejected'}${problem.code ? ` [${problem.code}]` : ''}`;
  return `${where ? `${escapeUntrusted(where)}: ` : ''}${escapeUntrusted(said)}`;
}

/** Bulk writes: which rows were created or updated, and which failed and why (207 partial results). */
export function shapeBatch(view: ResourceView, document: { data?: BatchData | null }): CallToolResult {
  const data = document.data ?? {};
  // Rows come back as full resources or as bare references; flattening takes both.
  const created = (data.created ?? []).map(flattenResource);
  const updated = data.updated?.map(flattenResource);
  const failed = data.errors?.map((error) => ({
    index: error.index,
    ...(error.attributes ? { attributes: error.attributes } : {}),
    problems: (error.detail ?? []).map(describeProblem),
  }));
  const counts = [`${created.length} ${view.plural} created`];
  if (updated) counts.push(`${updated.length} updated`);
  const lines = [counts.join(', ') + (failed?.length ? `; ${failed.length} rows failed and were not written:` : '.')];
  if (failed?.length) {
    lines.push(untrustedBlock(failed.map((failure) => `- row ${failure.index}: ${failure.problems.join('; ') || 'rejected'}`)));
    lines.push('Fix those rows and send only them again; the others are stored.');
  }
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { created, ...(updated ? { updated } : {}), ...(failed ? { failed } : {}) },
  };
}
