import { ApiError, listDocument, parameter, resourceDocument, type Relationship, type ResourceObject } from './envelope.js';
import { decodeCursor, pageLink, parseFilters, parseInclude, type FilterFamily, type FilterSpecs } from './query.js';
import type { Handler, Reply, SandboxRequest } from './router.js';
import type { Store } from './store.js';
import { Table, type Row } from './table.js';

/** What rendering needs: the data, and the absolute product base for links. */
export interface RenderContext {
  store: Store;
  base: string;
}

/** A relationship that `include` can follow. */
interface Related<R> {
  resource(): Resource<Row>;
  id(record: R): string | null;
}

/** How one kind of record appears in the API. */
export interface Resource<R extends Row> {
  type: string;
  /** Name used in messages, e.g. "Invoice". */
  label: string;
  table(store: Store): Table<R>;
  attributes(record: R, context: RenderContext): Record<string, unknown>;
  relationships?(record: R, context: RenderContext): Record<string, Relationship>;
  /** Resource-level links, e.g. a document's `self` and `download`. */
  links?(record: R, context: RenderContext): Record<string, string>;
  related?: Record<string, Related<R>>;
}

/**
 * A resource whose rows are computed per request (reporting views, custom field values):
 * listed through `rows` or `within`, never looked up by id.
 */
export function computedResource<R extends Row>(
  type: string,
  label: string,
  attributes: (record: R, context: RenderContext) => Record<string, unknown>,
): Resource<R> {
  const none = new Table<R>();
  return { type, label, table: () => none, attributes };
}

/** Page size of the Core API, CAPEX and ESG. */
export const PAGE_SIZE = 100;
/** Page size of the Reporting API. */
export const REPORTING_PAGE_SIZE = 1000;

function render<R extends Row>(resource: Resource<R>, record: R, context: RenderContext): ResourceObject {
  const rendered: ResourceObject = {
    id: record.id,
    type: resource.type,
    attributes: resource.attributes(record, context),
    relationships: resource.relationships?.(record, context) ?? null,
  };
  if (resource.links) rendered.links = resource.links(record, context);
  return rendered;
}

/** Attributes of a record stored under its API attribute names: everything but id and seq. */
export function storedAttributes<R extends Row>(record: R): Record<string, unknown> {
  const { id: _id, seq: _seq, ...attributes } = record;
  return attributes;
}

/** Stored attributes except fields the API does not show. */
export function attributesWithout<R extends Row>(...hidden: (keyof R)[]): (record: R) => Record<string, unknown> {
  return (record) => {
    const attributes = storedAttributes(record);
    for (const key of hidden) delete attributes[key as string];
    return attributes;
  };
}

export function related(base: string, path: string): Relationship {
  return { links: { related: `${base}${path}` } };
}

export function findOr404<R extends Row>(resource: Resource<R>, store: Store, id: string, param = 'id'): R {
  const record = resource.table(store).get(id);
  if (!record) throw new ApiError(404, `${resource.label} ${id} does not exist.`, parameter(param));
  return record;
}

export function contextOf(request: SandboxRequest): RenderContext {
  return { store: request.store, base: request.base };
}

export function single<R extends Row>(resource: Resource<R>, record: R, request: SandboxRequest, status = 200): Reply {
  return { status, body: resourceDocument(render(resource, record, contextOf(request))) };
}

interface ListOptions<R extends Row, P extends Row> {
  filters?: FilterSpecs<R>;
  /** Filters whose attribute names are data, e.g. `custom_fields.<uuid>`. */
  filterFamilies?: readonly FilterFamily<R>[];
  /** A filter parameter the endpoint cannot do without, e.g. `filter[project.in]`. */
  requiredFilter?: string;
  /** Defaults to the Core API's 100. */
  pageSize?: number;
  /** Rows computed per request instead of the resource's table, in list order. */
  rows?(store: Store): readonly R[];
  include?: readonly string[];
  /** A sub-collection: the parent named by a path parameter, and the parent's rows in list order. */
  within?: { param: string; parent: Resource<P>; rows(parent: P, store: Store): readonly R[] };
}

/** GET on a collection: filters, include, and cursor pagination in stored order. */
export function listOf<R extends Row, P extends Row = Row>(resource: Resource<R>, options: ListOptions<R, P> = {}): Handler {
  return (request) => {
    const { store } = request;
    const context = contextOf(request);
    const query = request.url.searchParams;
    if (options.requiredFilter && !query.has(options.requiredFilter)) {
      throw new ApiError(
        400,
        `This endpoint needs the filter ${options.requiredFilter}, e.g. ${options.requiredFilter}=<uuid>.`,
        parameter(options.requiredFilter),
      );
    }
    const predicates = parseFilters(query, options.filters, options.filterFamilies, store);
    const include = parseInclude(query, options.include);
    const after = decodeCursor(query);

    const { within } = options;
    const rows = within
      ? within.rows(findOr404(within.parent, store, request.params[within.param] as string, within.param), store)
      : (options.rows?.(store) ?? resource.table(store).all());
    const matching = rows.filter((record) => {
      if (record.seq <= after) return false;
      if (predicates.length === 0) return true;
      let attributes: Record<string, unknown> | undefined;
      const rendered = () => (attributes ??= resource.attributes(record, context));
      return predicates.every((predicate) => predicate(record, rendered, store));
    });
    const pageSize = options.pageSize ?? PAGE_SIZE;
    const page = matching.slice(0, pageSize);
    const last = page[page.length - 1];
    const next = matching.length > pageSize && last ? pageLink(request.url, last.seq, filterOrInclude) : null;
    const included = include && includedFor(resource, page, include, context);
    return {
      status: 200,
      body: listDocument(
        page.map((record) => render(resource, record, context)),
        included,
        next,
      ),
    };
  };
}

/** GET on one record by its `{id}`, with optional include. */
export function getOne<R extends Row>(resource: Resource<R>, options: { include?: readonly string[] } = {}): Handler {
  return (request) => {
    const include = parseInclude(request.url.searchParams, options.include);
    const record = findOr404(resource, request.store, request.params.id as string);
    const context = contextOf(request);
    const included = include && includedFor(resource, [record], include, context);
    return { status: 200, body: resourceDocument(render(resource, record, context), included) };
  };
}

/** The next page repeats the request's own filters and include. */
const filterOrInclude = (name: string) => name.startsWith('filter[') || name === 'include';

/**
 * Related records along each dot-separated path, intermediate ones included, each once,
 * never repeating a record of the primary data.
 */
function includedFor<R extends Row>(
  resource: Resource<R>,
  records: readonly R[],
  paths: readonly string[],
  context: RenderContext,
): ResourceObject[] {
  const seen = new Set(records.map((record) => `${resource.type}:${record.id}`));
  const included: ResourceObject[] = [];
  for (const path of paths) {
    let level: { resource: Resource<Row>; records: readonly Row[] } = { resource: resource as Resource<Row>, records };
    for (const name of path.split('.')) {
      const edge = level.resource.related?.[name];
      if (!edge) throw new Error(`${level.resource.type} has no relationship '${name}' for include '${path}'`);
      const target = edge.resource();
      const table = target.table(context.store);
      const reached = new Map<string, Row>();
      for (const record of level.records) {
        const id = edge.id(record);
        const found = id === null ? undefined : table.get(id);
        if (found) reached.set(found.id, found);
      }
      for (const record of reached.values()) {
        const key = `${target.type}:${record.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        included.push(render(target, record, context));
      }
      level = { resource: target, records: [...reached.values()] };
    }
  }
  return included;
}
