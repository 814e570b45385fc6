import { ApiError, parameter } from './envelope.js';
import { checkDate, checkDecimal, checkUuid, type Checked } from './fields.js';
import { Dec } from './money.js';
import type { Store } from './store.js';
import type { Row } from './table.js';

/*
 * The query language of list endpoints: `filter[<attribute>.<operation>]`, money as
 * `filter[<attribute>.net|tax.<operation>]`, `include=a,b.c` and `cursor[position]`.
 */

export type FilterOperation = 'exact' | 'contains' | 'less_than_equal' | 'greater_than_equal' | 'range' | 'in' | 'not_in' | 'is';

type FilterKind = 'text' | 'id' | 'choice' | 'date' | 'datetime' | 'decimal' | 'money' | 'boolean';

export interface FilterSpec<R extends Row> {
  kind: FilterKind;
  operations: readonly FilterOperation[];
  /** Allowed values of a `choice` attribute. */
  choices?: readonly string[];
  /**
   * The value filtered on; defaults to the record's id for `id`, else the rendered attribute of the
   * same name. `attributes` renders the record on first call: most records of a long list fail a
   * cheap filter before any needs rendering.
   */
  value?(record: R, attributes: () => Record<string, unknown>, store: Store): unknown;
}

export type FilterSpecs<R extends Row> = Record<string, FilterSpec<R>>;

/** Filters whose attribute names are data: `filter[<prefix>.<member>.<operation>]`, e.g. custom fields by id. */
export interface FilterFamily<R extends Row> {
  prefix: string;
  /** The spec of one member (with its own `value`), or undefined when there is no such member. */
  member(name: string, store: Store): FilterSpec<R> | undefined;
  /** How the family is named in the list of supported filters. */
  hint: string;
}

type Accessor<R extends Row> = FilterSpec<R>['value'];

const COMPARISONS: readonly FilterOperation[] = ['less_than_equal', 'greater_than_equal', 'range'];
/** Comparisons plus `is` (null / not_null), as nullable numbers and dates offer them. */
export const COMPARISONS_OR_NULL: readonly FilterOperation[] = [...COMPARISONS, 'is'];

/** Declarative filter specs; `operations` are those the endpoint documents for the attribute. */
export const filterOn = {
  text: <R extends Row>(operations: readonly FilterOperation[] = ['exact', 'contains']): FilterSpec<R> => ({
    kind: 'text',
    operations,
  }),
  ids: <R extends Row>(value?: Accessor<R>): FilterSpec<R> => ({
    kind: 'id',
    operations: ['in', 'not_in'],
    ...(value && { value }),
  }),
  choice: <R extends Row>(choices: readonly string[]): FilterSpec<R> => ({
    kind: 'choice',
    operations: ['in', 'not_in'],
    choices,
  }),
  date: <R extends Row>(operations: readonly FilterOperation[] = COMPARISONS): FilterSpec<R> => ({ kind: 'date', operations }),
  datetime: <R extends Row>(operations: readonly FilterOperation[] = COMPARISONS): FilterSpec<R> => ({
    kind: 'datetime',
    operations,
  }),
  decimal: <R extends Row>(operations: readonly FilterOperation[] = COMPARISONS): FilterSpec<R> => ({
    kind: 'decimal',
    operations,
  }),
  money: <R extends Row>(operations: readonly FilterOperation[] = COMPARISONS): FilterSpec<R> => ({ kind: 'money', operations }),
  flag: <R extends Row>(): FilterSpec<R> => ({ kind: 'boolean', operations: ['is'] }),
};

type RowPredicate<R extends Row> = (record: R, attributes: () => Record<string, unknown>, store: Store) => boolean;

/** Reads every `filter[...]` parameter; unsupported attributes or operations and bad values answer 400. */
export function parseFilters<R extends Row>(
  query: URLSearchParams,
  specs: FilterSpecs<R> | undefined,
  families: readonly FilterFamily<R>[] = [],
  store?: Store,
): RowPredicate<R>[] {
  const predicates: RowPredicate<R>[] = [];
  for (const [key, raw] of query) {
    const inner = /^filter\[(.*)\]$/.exec(key)?.[1];
    if (inner === undefined) continue;
    const resolved = (specs ? resolveFilter(inner, specs) : undefined) ?? resolveFamily(inner, families, store);
    if (!resolved) {
      const supported = [...(specs ? supportedFilters(specs) : []), ...families.map((family) => family.hint)];
      throw new ApiError(
        400,
        supported.length === 0
          ? `Filter '${key}' is not supported: this endpoint has no filters.`
          : `Filter '${key}' is not supported. Supported filters: ${supported.join(', ')}.`,
        parameter(key),
      );
    }
    const { spec, attribute, component, operation } = resolved;
    const test = buildTest(spec, operation, raw, key);
    predicates.push((record, attributes, store) => {
      const value = spec.value ? spec.value(record, attributes, store) : attribute === 'id' ? record.id : attributes()[attribute];
      return test(component === undefined ? value : pickComponent(value, component));
    });
  }
  return predicates;
}

function supportedFilters<R extends Row>(specs: FilterSpecs<R>): string[] {
  return Object.entries(specs).flatMap(([attribute, spec]) => {
    const names = spec.kind === 'money' ? [`${attribute}.net`, `${attribute}.tax`] : [attribute];
    return names.flatMap((name) => spec.operations.map((operation) => `filter[${name}.${operation}]`));
  });
}

function resolveFilter<R extends Row>(inner: string, specs: FilterSpecs<R>) {
  const dot = inner.lastIndexOf('.');
  if (dot < 0) return undefined;
  const operation = inner.slice(dot + 1) as FilterOperation;
  let attribute = inner.slice(0, dot);
  let component: 'net' | 'tax' | undefined;
  const money = /^(.*)\.(net|tax)$/.exec(attribute);
  if (money && specs[money[1] as string]?.kind === 'money') {
    attribute = money[1] as string;
    component = money[2] as 'net' | 'tax';
  }
  const spec = Object.hasOwn(specs, attribute) ? specs[attribute] : undefined;
  if (!spec || !spec.operations.includes(operation)) return undefined;
  if ((spec.kind === 'money') !== (component !== undefined)) return undefined;
  return { spec, attribute, component, operation };
}

function resolveFamily<R extends Row>(inner: string, families: readonly FilterFamily<R>[], store: Store | undefined) {
  const dot = inner.lastIndexOf('.');
  if (dot < 0 || !store) return undefined;
  const attribute = inner.slice(0, dot);
  const operation = inner.slice(dot + 1) as FilterOperation;
  for (const family of families) {
    if (!attribute.startsWith(`${family.prefix}.`)) continue;
    const spec = family.member(attribute.slice(family.prefix.length + 1), store);
    if (spec?.operations.includes(operation)) return { spec, attribute, component: undefined, operation };
  }
  return undefined;
}

function pickComponent(value: unknown, component: 'net' | 'tax'): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[component] : null;
}

type Test = (value: unknown) => boolean;

function buildTest<R extends Row>(spec: FilterSpec<R>, operation: FilterOperation, raw: string, key: string): Test {
  const reject = (expected: string): never => {
    throw new ApiError(400, `Invalid value '${raw}' for filter '${key}': expected ${expected}.`, parameter(key));
  };
  const list = raw.split(',').map((item) => item.trim());

  if (operation === 'is') {
    if (spec.kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false') reject('true or false');
      return (value) => value === (raw === 'true');
    }
    if (raw !== 'null' && raw !== 'not_null') reject('null or not_null');
    return (value) => (value === null || value === undefined) === (raw === 'null');
  }

  if (spec.kind === 'text') {
    if (operation === 'exact') return (value) => value === raw;
    const needle = raw.toLowerCase();
    return (value) => typeof value === 'string' && value.toLowerCase().includes(needle);
  }

  if (spec.kind === 'id' || spec.kind === 'choice') {
    const wanted = new Set(
      list.map((item) => {
        if (spec.kind === 'id') return valueOrReject(checkUuid(item), reject, 'comma-separated uuids');
        if (!spec.choices?.includes(item)) reject(`comma-separated values of ${spec.choices?.join(', ')}`);
        return item;
      }),
    );
    const hit = (value: unknown) =>
      Array.isArray(value) ? value.some((item) => wanted.has(item)) : typeof value === 'string' && wanted.has(value);
    // `exact` (one value) and `in` both test membership.
    return operation === 'not_in' ? (value) => !hit(value) : hit;
  }

  const compare = comparatorFor(spec.kind, reject);
  const bounds = operation === 'range' ? list : [raw];
  if (operation === 'range' && bounds.length !== 2) reject('two comma-separated values');
  const [low, high] = bounds.map(compare.parse);
  return (value) => {
    const actual = compare.read(value);
    if (actual === null) return false;
    switch (operation) {
      case 'exact':
        return compare.order(actual, low) === 0;
      case 'less_than_equal':
        return compare.order(actual, low) <= 0;
      case 'greater_than_equal':
        return compare.order(actual, low) >= 0;
      default:
        return compare.order(actual, low) >= 0 && compare.order(actual, high) <= 0;
    }
  };
}

interface Comparator {
  parse(raw: string): unknown;
  read(value: unknown): unknown;
  order(a: unknown, b: unknown): number;
}

function comparatorFor(kind: FilterKind, reject: (expected: string) => never): Comparator {
  switch (kind) {
    case 'date':
      return {
        parse: (raw) => valueOrReject(checkDate(raw), reject, 'a date YYYY-MM-DD'),
        read: (value) => (typeof value === 'string' ? value : null),
        order: (a, b) => (a === b ? 0 : String(a) < String(b) ? -1 : 1),
      };
    case 'datetime':
      return {
        // A date alone is refused, as the API documents date-times here (e.g. 2022-08-05T15:04:07).
        parse: (raw) =>
          (raw.includes('T') ? parseInstant(raw) : null) ?? reject('an ISO 8601 date-time such as 2022-08-05T15:04:07'),
        read: (value) => (typeof value === 'string' ? parseInstant(value) : null),
        order: (a, b) => (a as number) - (b as number),
      };
    default:
      return {
        parse: (raw) => valueOrReject(checkDecimal(raw), reject, 'a decimal number such as 1000.00'),
        read: (value) => (typeof value === 'string' ? new Dec(value) : null),
        order: (a, b) => (a as Dec).comparedTo(b as Dec),
      };
  }
}

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Epoch milliseconds of a date or date-time; a value without offset is read as UTC. */
function parseInstant(raw: string): number | null {
  if (!INSTANT.test(raw)) return null;
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(raw) && raw.includes('T');
  const ms = Date.parse(raw.includes('T') && !hasOffset ? `${raw}Z` : raw);
  return Number.isNaN(ms) ? null : ms;
}

function valueOrReject<T>(checked: Checked<T>, reject: (expected: string) => never, expected: string): T {
  return checked.ok ? checked.value : reject(expected);
}

/** Validates `include` against the endpoint's relationship paths. */
export function parseInclude(query: URLSearchParams, allowed: readonly string[] | undefined): string[] | null {
  const raw = query.get('include');
  if (raw === null) return null;
  const paths = raw
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  for (const path of paths) {
    if (!allowed?.includes(path)) {
      const options = allowed?.length ? `Available: ${allowed.join(', ')}.` : 'This endpoint does not support include.';
      throw new ApiError(400, `Cannot include '${path}'. ${options}`, parameter('include'));
    }
  }
  return paths;
}

export const CURSOR_PARAMETER = 'cursor[position]';

/** Cursors are opaque to clients; inside they name the sequence number of the last row served. */
function encodeCursor(afterSeq: number): string {
  return Buffer.from(`after:${afterSeq}`).toString('base64url');
}

export function decodeCursor(query: URLSearchParams): number {
  const raw = query.get(CURSOR_PARAMETER);
  if (raw === null || raw === '') return 0;
  const seq = /^after:(\d{1,15})$/.exec(Buffer.from(raw, 'base64url').toString('utf8'))?.[1];
  if (seq === undefined) {
    throw new ApiError(
      400,
      `Invalid ${CURSOR_PARAMETER} '${raw}'. Omit it for the first page, then follow links.next.`,
      parameter(CURSOR_PARAMETER),
    );
  }
  return Number(seq);
}

/**
 * The link to the page that starts after the row numbered `afterSeq` (null: the first page),
 * repeating the request's parameters that `carried` accepts.
 */
export function pageLink(url: URL, afterSeq: number | null, carried: (name: string) => boolean): string {
  const link = new URL(url.pathname, url.origin);
  for (const [key, value] of url.searchParams) {
    if (key !== CURSOR_PARAMETER && carried(key)) link.searchParams.append(key, value);
  }
  if (afterSeq !== null) link.searchParams.set(CURSOR_PARAMETER, encodeCursor(afterSeq));
  return link.toString();
}
