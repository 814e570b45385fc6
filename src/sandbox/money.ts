import { Decimal } from 'decimal.js';

/**
 * A private Decimal constructor, so the sandbox never depends on (or changes) the
 * global decimal.js configuration used elsewhere in the process.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;

export const CURRENCY = 'EUR';

export interface Money {
  currency: string;
  net: Dec;
  tax: Dec;
}

interface MoneyJson {
  currency: string;
  net: string;
  tax: string;
}

export function money(net: Decimal.Value, tax: Decimal.Value, currency = CURRENCY): Money {
  return { currency, net: new Dec(net), tax: new Dec(tax) };
}

export function grossOf(amount: Money): Dec {
  return amount.net.plus(amount.tax);
}

/** Decimal string with at least two fractional digits and no exponent ("1200.00", "0.125"). */
export function formatAmount(value: Dec): string {
  return value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed();
}

export function renderMoney(amount: Money): MoneyJson;
export function renderMoney(amount: Money | null): MoneyJson | null;
export function renderMoney(amount: Money | null): MoneyJson | null {
  if (amount === null) return null;
  return { currency: amount.currency, net: formatAmount(amount.net), tax: formatAmount(amount.tax) };
}

/** A gross amount as the API shows one: `{amount, currency}`. */
export function renderGross(amount: Dec, currency = CURRENCY): { amount: string; currency: string } {
  return { amount: formatAmount(amount), currency };
}

/**
 * Splits a gross amount into net and tax in the ratio of `basis` (net : tax).
 * Net is rounded to cents; tax takes the remainder so net + tax equals gross exactly.
 */
export function splitGross(gross: Dec, basis: Money): { net: Dec; tax: Dec } {
  const basisGross = grossOf(basis);
  const net = basisGross.isZero()
    ? gross
    : gross.times(basis.net).dividedBy(basisGross).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { net, tax: gross.minus(net) };
}

export function zeroMoney(currency = CURRENCY): Money {
  return money(0, 0, currency);
}

/** Sum of amounts of one currency; absent amounts count as zero. */
export function sumMoney(amounts: Iterable<Money | null | undefined>): Money {
  const total = zeroMoney();
  for (const amount of amounts) {
    if (!amount) continue;
    total.net = total.net.plus(amount.net);
    total.tax = total.tax.plus(amount.tax);
  }
  return total;
}

export function subtractMoney(minuend: Money, subtrahend: Money): Money {
  return money(minuend.net.minus(subtrahend.net), minuend.tax.minus(subtrahend.tax), minuend.currency);
}

/** `percent` % of an amount, net and tax each rounded to cents. */
export function percentOfMoney(amount: Money, percent: Decimal.Value): Money {
  const rate = new Dec(percent).dividedBy(100);
  return money(amount.net.times(rate).toDecimalPlaces(2), amount.tax.times(rate).toDecimalPlaces(2), amount.currency);
}

export function scaleMoney(amount: Money, factor: Decimal.Value): Money {
  return money(amount.net.times(factor), amount.tax.times(factor), amount.currency);
}
