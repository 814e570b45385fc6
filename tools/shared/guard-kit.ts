/** What the money guards share: exact comparison of money and readable before/after lines. */
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatMoney, isMoney, type Money } from '../../src/shape/money.js';
import { quoted } from '../../src/writes/quote.js';

type Args = Readonly<Record<string, unknown>>;

/** Whether two amounts are the same money (net and tax equal as decimals), whatever their notation. */
export function sameMoney(a: unknown, b: unknown): boolean {
  if (!isMoney(a) || !isMoney(b)) return a == null && b == null;
  return new Decimal(a.net).equals(b.net) && new Decimal(a.tax).equals(b.tax);
}

/** A value in a before/after line: money formatted, API text quoted. */
function shown(value: unknown, currency?: string): string {
  if (isMoney(value)) return formatMoney({ currency, ...value } as Money);
  return value == null ? '(none)' : quoted(value);
}

/**
 * The fields of `args` that would change `current`: `{field: {before, after}}`, and a line for
 * each ("paid_amount: 1,000.00 EUR net / 190.00 tax -> ...").
 */
export function differences(
  current: FlatResource,
  args: Args,
  fields: readonly string[],
): { changes: Record<string, { before: unknown; after: unknown }>; lines: string[] } {
  const currency = [current.paid_amount, current.unaudited_amount].find(isMoney)?.currency;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const lines: string[] = [];
  for (const field of fields) {
    const after = args[field];
    if (after === undefined) continue;
    const before = current[field];
    const same = isMoney(after) || isMoney(before) ? sameMoney(before, after) : (before ?? null) === (after ?? null);
    if (same) continue;
    changes[field] = { before: before ?? null, after };
    lines.push(`${field}: ${shown(before, currency)} -> ${shown(after, currency)}`);
  }
  return { changes, lines };
}

/** The fields in which `resource` holds what `args` asked for. */
export function holds(resource: FlatResource, args: Args, fields: readonly string[]): boolean {
  return fields.every((field) => {
    const wanted = args[field];
    if (wanted === undefined) return true;
    return isMoney(wanted) ? sameMoney(resource[field], wanted) : (resource[field] ?? null) === (wanted ?? null);
  });
}
