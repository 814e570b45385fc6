/**
 * Reads through declared operations, for answers that need more than the one call a tool makes
 * (a payment's net and tax split, what an invoice still owes). Requests, auth and error texts
 * stay those of the operations; lists are read page by page to the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { JsonApiDocument, ResourceObject } from '../shape/jsonapi.js';
import { headerValue, UpstreamError } from '../upstream/client.js';
import { askedWaitMs, backoffMs, RETRYABLE_STATUSES } from '../upstream/retry.js';
import type { DispatchContext } from './context.js';
import { LinkElsewhere, nextPage } from './cursor.js';
import { isResourceView, type Operation, type Reader, type ResourceView } from './operation.js';
import { documentProblem } from './documents.js';
import { describeUpstreamFailure, linkElsewhere, redirected, unreachable, unreadable } from './problems.js';
import { prepareRequest } from './request.js';
import { flattenAs } from './results.js';
import { isSummary } from './summary.js';

/** A read that did not give an answer; the message says which and why, as the tool would. */
export class ReadFailure extends Error {
  override name = 'ReadFailure';
  constructor(
    message: string,
    /** The HTTP status, when the API answered. */
    readonly status?: number,
    /** Worth asking again (429, 502-504, a failed connection, a timeout), after this many ms when the API said. */
    readonly retry?: { afterMs?: number },
  ) {
    super(message);
  }
}

/**
 * The reads of one call, each an exchange at a time with at most `context.parallelReads` in
 * flight: a summary may start its independent reads together and they take turns here (a retry's
 * wait holds no place).
 */
export function createReader(context: DispatchContext): Reader {
  const inTurn = pLimit(context.parallelReads);
  const readable = (name: string): { operation: Operation; view: ResourceView } => {
    const operation = context.operations.get(name);
    if (!operation || isSummary(operation) || operation.method !== 'GET' || !isResourceView(operation.result)) {
      throw new Error(`${name} is not a reading operation of this server`);
    }
    return { operation, view: operation.result };
  };

  /** One API exchange for a read; a failure says whether it is worth asking again. */
  async function fetchOnce(operation: Operation, path: string, page?: number): Promise<JsonApiDocument> {
    let response;
    try {
      response = await context.upstream.send({
        product: operation.product,
        method: 'GET',
        path,
        compressible: Boolean(operation.list),
        signal: context.signal,
        log: context.log,
      });
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw new ReadFailure(unreachable(operation, error), undefined, error.kind === 'too-large' ? undefined : {});
      }
      throw error;
    }
    if (response.status >= 400) {
      // The read's patience decides whether a long Retry-After is waited for.
      const retry = RETRYABLE_STATUSES.has(response.status)
        ? { afterMs: askedWaitMs(headerValue(response.headers, 'retry-after')) }
        : undefined;
      throw new ReadFailure(describeUpstreamFailure(operation, response), response.status, retry);
    }
    if (response.status >= 300) throw new ReadFailure(redirected(operation, response), response.status);
    const problem = documentProblem(operation, response);
    if (problem) throw new ReadFailure(unreadable(operation, response.status, problem));
    const step = `${operation.name}${page ? ` page ${page}` : ''} read`;
    context.progress?.(step);
    context.log?.('info', 'reads', () => step);
    return response.body as JsonApiDocument;
  }

  /** One API read, asked again within the context's patience while the API is busy or unreachable. */
  async function fetchDocument(operation: Operation, path: string, page?: number): Promise<JsonApiDocument> {
    const until = Date.now() + (context.patienceMs ?? 0);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await inTurn(() => fetchOnce(operation, path, page));
      } catch (error) {
        if (!(error instanceof ReadFailure) || !error.retry) throw error;
        const wait = error.retry.afterMs ?? Math.max(100, backoffMs(attempt));
        if (Date.now() + wait >= until) throw error;
        context.log?.('warning', 'reads', () => `${operation.name}: ${error.message} Asking again in ${wait} ms.`);
        await sleep(wait, undefined, { signal: context.signal });
      }
    }
  }

  const reader: Reader = {
    async find(name, args) {
      try {
        return await reader.one(name, args);
      } catch (error) {
        if (error instanceof ReadFailure && error.status === 404) return undefined;
        throw error;
      }
    },

    async one(name, args) {
      const { operation, view } = readable(name);
      const { path } = await prepareRequest(operation, operation.inputSchema.parse(args), context.files);
      const document = await fetchDocument(operation, path);
      if (Array.isArray(document.data) || !document.data) throw new ReadFailure(`${operation.name}: the API sent no resource.`);
      return flattenAs(view, document.data);
    },

    async all(name, args) {
      const rows = [];
      for await (const page of reader.pages(name, args)) rows.push(...page);
      return rows;
    },

    async *pages(name, args) {
      const { operation, view } = readable(name);
      const baseUrl = context.upstream.baseUrl(operation.product);
      const seen = new Set<string>();
      let path: string | null = (await prepareRequest(operation, operation.inputSchema.parse(args), context.files)).path;
      while (path) {
        if (seen.has(path)) {
          throw new ReadFailure(
            `${operation.name}: the API's link to the next page leads back to a page already read, so the list has no end.`,
          );
        }
        seen.add(path);
        const document = await fetchDocument(operation, path, seen.size);
        const data = Array.isArray(document.data) ? document.data : [];
        yield data.map((resource: ResourceObject) => flattenAs(view, resource));
        try {
          path = nextPage(document.links, baseUrl);
        } catch (error) {
          if (error instanceof LinkElsewhere) throw new ReadFailure(linkElsewhere(operation, error.link));
          throw error;
        }
      }
    },
  };
  return reader;
}

/** A reader that comes into being on its first read (the guides' reads wait for the catalog). */
export function deferredReader(load: () => Promise<Reader>): Reader {
  let reader: Promise<Reader> | undefined;
  const ready = () => (reader ??= load());
  return {
    one: async (tool, args) => (await ready()).one(tool, args),
    find: async (tool, args) => (await ready()).find(tool, args),
    all: async (tool, args) => (await ready()).all(tool, args),
    async *pages(tool, args) {
      yield* (await ready()).pages(tool, args);
    },
  };
}
