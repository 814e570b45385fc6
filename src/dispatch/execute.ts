/**
 * The generic executor: validated arguments of any declaration -> one REST request
 * -> a tool result with concise text and structured content. It knows no resource
 * by name; everything specific comes from the declaration.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { flattenIncluded, flattenResource, type FlatResource, type JsonApiDocument, type ResourceObject } from '../shape/jsonapi.js';
import { isMoney, sumMoney, type Money } from '../shape/money.js';
import { renderIncluded, renderResource, renderRow, renderTotals } from '../shape/text.js';
import { UpstreamError, type UpstreamClient } from '../upstream/client.js';
import { encodeCursor } from './cursor.js';
import type { Operation } from './operation.js';
import { ArgumentProblem, describeUpstreamFailure } from './problems.js';
import { prepareRequest } from './request.js';

export interface DispatchContext {
  upstream: UpstreamClient;
  signal?: AbortSignal;
}

type Args = Record<string, unknown>;

export function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function pageTotals(operation: Operation, items: readonly FlatResource[]): Record<string, Money[]> | undefined {
  const attributes = operation.result.totals;
  if (!attributes?.length || !items.length) return undefined;
  return Object.fromEntries(
    attributes.map((attribute) => [attribute, sumMoney(items.map((item) => item[attribute]).filter(isMoney))]),
  );
}

function listHeading(operation: Operation, count: number, nextCursor: string | null, firstPage: boolean): string {
  const { plural } = operation.result;
  if (count === 0) return firstPage ? `No ${plural} matched.` : `No further ${plural}.`;
  const size = `${count} ${plural}`;
  if (nextCursor) {
    return `${size} on this page; more exist. Next page: call ${operation.name} with {"cursor": "${nextCursor}"} (filters travel inside the cursor).`;
  }
  return firstPage ? `${size}, the complete list.` : `${size} on this last page.`;
}

function shapeList(operation: Operation, document: JsonApiDocument, baseUrl: string, firstPage: boolean): CallToolResult {
  const data = Array.isArray(document.data) ? document.data : [];
  const items = data.map(flattenResource);
  const nextLink = document.links?.next;
  const nextCursor = nextLink ? encodeCursor(nextLink, baseUrl) : null;
  const included = flattenIncluded(document);
  const totals = pageTotals(operation, items);
  const text = [
    listHeading(operation, items.length, nextCursor, firstPage),
    ...items.map((item) => renderRow(operation.result, item)),
  ].join('\n');
  return {
    content: [{ type: 'text', text: text + (totals ? renderTotals(totals) : '') + renderIncluded(included) }],
    structuredContent: {
      items,
      next_cursor: nextCursor,
      ...(totals ? { page_totals: totals } : {}),
      ...(included.length ? { included } : {}),
    },
  };
}

function shapeOne(operation: Operation, document: JsonApiDocument): CallToolResult {
  const item = flattenResource(document.data as ResourceObject);
  const included = flattenIncluded(document);
  return {
    content: [{ type: 'text', text: renderResource(operation.result, item) + renderIncluded(included) }],
    structuredContent: included.length ? { ...item, included } : item,
  };
}

function unreachable(operation: Operation, error: UpstreamError): CallToolResult {
  if (operation.method === 'GET' || error.delivery === 'not-sent') {
    return errorResult(`${operation.name} could not reach the API (${error.message}). Nothing was changed; try again shortly.`);
  }
  return errorResult(
    `${operation.name} lost contact with the API after sending (${error.message}). The change may or may not have been applied. ` +
      'Do not repeat it blindly: read the current state first (for a payment, list_invoice_payments) and only then decide.',
  );
}

/** Runs one operation with arguments already validated against its input schema. */
export async function runOperation(operation: Operation, args: Args, context: DispatchContext): Promise<CallToolResult> {
  try {
    const prepared = prepareRequest(operation, args);
    const response = await context.upstream.send({ product: operation.product, ...prepared, signal: context.signal });
    if (response.status >= 400) return errorResult(describeUpstreamFailure(operation, response));
    const document = (response.body ?? {}) as JsonApiDocument;
    return operation.list
      ? shapeList(operation, document, context.upstream.baseUrl(operation.product), args.cursor === undefined)
      : shapeOne(operation, document);
  } catch (error) {
    if (error instanceof ArgumentProblem) {
      return errorResult(`Invalid argument for ${operation.name}; nothing was sent to the API.\n- ${error.message}`);
    }
    if (error instanceof UpstreamError) return unreachable(operation, error);
    throw error;
  }
}
