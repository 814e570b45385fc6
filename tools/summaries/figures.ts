/**
 * The arithmetic of summaries: exact decimals from the API's money values, amounts written
 * with two decimals, one currency per answer, and compact text tables.
 */
import { z } from 'zod';
import { Unanswerable } from '../../src/dispatch/summary.js';
import { Decimal, formatAmount, isGrossMoney, isMoney } from '../../src/shape/money.js';
import { untrustedBlock } from '../../src/shape/untrusted.js';

/** An amount in structured content: a decimal string with two decimals. */
export const amountOut = z.string().meta({ description: 'decimal string, 2 decimals' });

/**
 * Open change orders as every summary names them: `open_change_orders` is the reporting API's
 * probability-weighted figure (its "real case"), `open_change_orders_unweighted` the full amounts.
 */
export const openChangeOrdersShape = {
  open_change_orders: amountOut.meta({
    description:
      'weighted (probability): open change orders (OPEN, DETAILS_ENTERED), each at its audited, else claimed, amount times its weighting factor',
  }),
  open_change_orders_unweighted: amountOut.meta({
    description: 'the same open change orders at their full audited, else claimed, amount',
  }),
};

/** Contracts still in DRAFT: in neither contracted nor deducted from uncommitted. */
export const inDraftOut = amountOut.meta({ description: 'amount of contracts still in DRAFT (planned), not part of contracted' });

/** "open change orders 197,643.64 weighted by probability (374,299.70 unweighted)" */
export function describeOpenChangeOrders(figures: { open_change_orders: string; open_change_orders_unweighted: string }): string {
  return `open change orders ${formatAmount(figures.open_change_orders)} weighted by probability (${formatAmount(figures.open_change_orders_unweighted)} unweighted)`;
}

/** The net of a Money value; an absent value (no budget, say) counts as zero. */
export function netOf(value: unknown): Decimal {
  return new Decimal(isMoney(value) ? value.net : 0);
}

export function taxOf(value: unknown): Decimal {
  return new Decimal(isMoney(value) ? value.tax : 0);
}

/** The amount of a gross money value ({amount, currency}) or the gross of a Money value. */
export function grossValueOf(value: unknown): Decimal {
  if (isGrossMoney(value)) return new Decimal(value.amount);
  if (isMoney(value)) return new Decimal(value.net).plus(value.tax);
  return new Decimal(0);
}

/** Two decimals, rounded half up: what every summary amount is written as. */
export function cents(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export function sumOf(values: Iterable<string>): string {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return cents(total);
}

/** Field-wise sums of rows that carry the same amount fields. */
export function totalsOf<K extends string>(rows: readonly Record<K, string>[], fields: readonly K[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field, sumOf(rows.map((row) => row[field]))])) as Record<K, string>;
}

/**
 * The one currency of the money values read; an answer never adds up different currencies.
 * Values without a currency take the others'; none at all is the account currency, unnamed.
 */
export function currencyOf(values: Iterable<unknown>, what: string): string | null {
  const found = new Set<string>();
  for (const value of values) {
    const currency = (value as { currency?: unknown } | null)?.currency;
    if ((isMoney(value) || isGrossMoney(value)) && typeof currency === 'string') found.add(currency);
  }
  if (found.size > 1) {
    throw new Unanswerable(
      `The amounts of ${what} are in several currencies (${[...found].join(', ')}); they cannot be added up. Read them with the list tools instead.`,
    );
  }
  return [...found][0] ?? null;
}

/** A table whose cells may hold API text (already escaped): header and rows inside one envelope. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return untrustedBlock([header.join(' | '), ...rows.map((row) => row.join(' | '))]);
}

/** An invoice's cash discount in structured content (tools/shared/cash-discount.ts). */
export const cashDiscountOut = z
  .object({
    until: z.string().nullable().meta({ description: 'last day the discount may be taken' }),
    lapsed: z.boolean().meta({ description: 'until lies before today: the undiscounted amount is due' }),
    discounted_approved_gross: amountOut,
    undiscounted_approved_gross: amountOut,
  })
  .nullable()
  .meta({ description: 'null: the invoice has no cash discount' });
