import { contextOf, type RenderContext, type Resource } from '../resource.js';
import type { Reply, SandboxRequest } from '../router.js';
import type { Row } from '../table.js';

/*
 * ESG responses: the same data/errors/included/links envelope as FinCon, but lists are never
 * paginated (everything comes back, with `links: {next: null, prev: null}`) and two kinds of
 * resources are numbered instead of uuid-keyed.
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

const NO_MORE_PAGES = { next: null, prev: null };

function renderEsg<R extends Row>(resource: EsgResource<R>, record: R, context: RenderContext): EsgResourceObject {
  return {
    id: resource.numbered ? record.seq : record.id,
    type: resource.type,
    attributes: resource.attributes(record, context),
    relationships: null,
  };
}

/** A document around `data`, which may be a resource, a list, a bulk result or null. */
export function esgDocument(data: unknown, status = 200, links: typeof NO_MORE_PAGES | null = null): Reply {
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

export function esgList<R extends Row>(resource: EsgResource<R>, records: readonly R[], request: SandboxRequest): Reply {
  return esgDocument(renderEach(resource, records, request), 200, NO_MORE_PAGES);
}
