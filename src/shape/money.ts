import { Decimal as DecimalJs } from 'decimal.js';

/**
 * decimal.js configured for money: 50 significant digits keeps sums of amounts with
 * 12 fractional digits exact far beyond any realistic project volume.
 */
export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

/** The API's money object: decimal strings, currency on output. */
export interface Money {
  currency?: string;
  net: string;
  tax: string;
}

/** The API's single gross amount (invoice `payment_amount_gross`). */
export interface GrossMoney {
  amount: string;
  currency?: string;
}

/** A plain decimal string as the API writes it: optional sign, dot separator, no grouping. */
export const DECIMAL_STRING = /^-?\d+(\.\d{1,12})?$/;

export function isMoney(value: unknown): value is Money {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Money).net === 'string' &&
    typeof (value as Money).tax === 'string'
  );
}

export function isGrossMoney(value: unknown): value is GrossMoney {
  return typeof value === 'object' && value !== null && typeof (value as GrossMoney).amount === 'string';
}

export function grossOf(money: Money): string {
  return new Decimal(money.net).plus(money.tax).toFixed();
}

/** "12400.5" -> "12,400.50"; never rounds: digits beyond the second decimal are kept. */
export function formatAmount(value: string): string {
  const exact = new Decimal(value).toFixed();
  const negative = exact.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? exact.slice(1) : exact).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')}`;
}

function withCurrency(amount: string, currency: string | undefined): string {
  return currency ? `${formatAmount(amount)} ${currency}` : formatAmount(amount);
}

/** "12,400.00 EUR net / 2,356.00 tax" */
export function formatMoney(money: Money): string {
  return `${withCurrency(money.net, money.currency)} net / ${formatAmount(money.tax)} tax`;
}

/** "14,756.00 EUR gross" */
export function formatGross(money: GrossMoney): string {
  return `${withCurrency(money.amount, money.currency)} gross`;
}

/** Sums money objects per currency, exactly. */
export function sumMoney(amounts: readonly Money[]): Money[] {
  const totals = new Map<string, { net: Decimal; tax: Decimal }>();
  for (const amount of amounts) {
    const key = amount.currency ?? '';
    const total = totals.get(key) ?? { net: new Decimal(0), tax: new Decimal(0) };
    totals.set(key, { net: total.net.plus(amount.net), tax: total.tax.plus(amount.tax) });
  }
  return [...totals].map(([currency, total]) => ({
    ...(currency ? { currency } : {}),
    net: total.net.toFixed(),
    tax: total.tax.toFixed(),
  }));
}
