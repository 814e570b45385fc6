import { decodeCursor, pageLink } from '../query.js';
import { contextOf, PAGE_SIZE, type RenderContext, type Resource } from '../resource.js';
import type { Reply, SandboxRequest } from '../router.js';
import type { Row } from '../table.js';

/*
 * ESG responses: the same data/errors/included/links envelope as FinCon, but list links are
 * the `Links` schema, `{next, prev}` with both keys always present, and two kinds of resources
 * are numbered instead of uuid-keyed. Lists come in pages of 100 through the same
 * `cursor[position]` links as FinCon's, which repeat every other query parameter.
 */

export interface EsgResource<R extends Row> extends Resource<R> {
  /** The API identifies these records by an integer (their sequence number) instead of a uuid. */
  numbered?: boolean;
}

interface EsgResourceObject {
  id: string | number;
  type: string;
  attributes: Record<string, unknown> | null;
  relationships: null;
}

interface PageLinks {
  next: string | null;
  prev: string | null;
}

function renderEsg<R extends Row>(resource: EsgResource<R>, record: R, context: RenderContext): EsgResourceObject {
  return {
    id: resource.numbered ? record.seq : record.id,
    type: resource.type,
    attributes: resource.attributes(record, context),
    relationships: null,
  };
}

/** A document around `data`, which may be a resource, a list, a bulk result or null. */
export function esgDocument(data: unknown, status = 200, links: PageLinks | null = null): Reply {
  return { status, body: { data, errors: null, included: null, links } };
}

export function esgOne<R extends Row>(resource: EsgResource<R>, record: R, request: SandboxRequest, status = 200): Reply {
  return esgDocument(renderEsg(resource, record, contextOf(request)), status);
}

export function renderEach<R extends Row>(
  resource: EsgResource<R>,
  records: readonly R[],
  request: SandboxRequest,
): EsgResourceObject[] {
  const context = contextOf(request);
  return records.map((record) => renderEsg(resource, record, context));
}

const everyParameter = () => true;

/** The page of `records` after the request's cursor, in stored order, with links to the pages either side. */
export function esgList<R extends Row>(resource: EsgResource<R>, records: readonly R[], request: SandboxRequest): Reply {
  const after = decodeCursor(request.url.searchParams);
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const start = ordered.filter((record) => record.seq <= after).length;
  const page = ordered.slice(start, start + PAGE_SIZE);
  const link = (afterSeq: number | null) => pageLink(request.url, afterSeq, everyParameter);
  const before = start - PAGE_SIZE;
  const links = {
    next: start + PAGE_SIZE < ordered.length ? link(page[page.length - 1]!.seq) : null,
    prev: start === 0 ? null : link(before > 0 ? ordered[before - 1]!.seq : null),
  };
  return esgDocument(renderEach(resource, page, request), 200, links);
}
