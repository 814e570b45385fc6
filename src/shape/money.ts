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

const minorUnits = new Map<string, number>();

/**
 * Decimal places of a currency's minor unit (EUR 2, JPY 0, KWD 3), from the ICU data Node
 * ships with; 2 when the currency is not given or not known.
 */
export function minorUnitDigits(currency: string | undefined): number {
  if (!currency) return 2;
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorUnits.set(currency, digits);
  }
  return digits;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const LEADING_ZEROS = /^0+(?=\d)/;

/**
 * For reading only: "775297.33675" EUR -> "775,297.34", rounded half-up (away from zero) to the
 * currency's minor unit and grouped by thousands. Exact values stay in structured content, and
 * sums are taken of exact values before they are shown.
 */
export function formatAmount(value: string, currency?: string): string {
  const digits = minorUnitDigits(currency);
  // Most amounts come as plain decimals with no more places than the minor unit: they need no
  // rounding, only padding, which the text can be given as it is.
  const plain = PLAIN_DECIMAL.exec(value);
  const [negative, whole, fraction] =
    plain && (plain[3]?.length ?? 0) <= digits
      ? [plain[1] === '-' && /[1-9]/.test(value), plain[2]!.replace(LEADING_ZEROS, ''), (plain[3] ?? '').padEnd(digits, '0')]
      : roundedParts(value, digits);
  return `${negative ? '-' : ''}${grouped(whole || '0')}${digits > 0 ? `.${fraction}` : ''}`;
}

/** Sign, whole digits and fraction of `value` rounded half-up (away from zero) to `digits` places. */
function roundedParts(value: string, digits: number): [boolean, string, string] {
  const rounded = new Decimal(value).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
  const [whole = '0', fraction = ''] = rounded.abs().toFixed(digits).split('.');
  return [rounded.isNegative() && !rounded.isZero(), whole, fraction];
}

/** "1234567" -> "1,234,567" */
function grouped(whole: string): string {
  let text = '';
  for (let end = whole.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    text = start > 0 ? `,${whole.slice(start, end)}${text}` : `${whole.slice(start, end)}${text}`;
  }
  return text;
}

/** "12,400.00 EUR" */
export function formatCurrency(amount: string, currency: string | undefined): string {
  return currency ? `${formatAmount(amount, currency)} ${currency}` : formatAmount(amount);
}

/** "12,400.00 EUR net / 2,356.00 tax" */
export function formatMoney(money: Money): string {
  return `${formatCurrency(money.net, money.currency)} net / ${formatAmount(money.tax, money.currency)} tax`;
}

/** "14,756.00 EUR gross" */
export function formatGross(money: GrossMoney): string {
  return `${formatCurrency(money.amount, money.currency)} gross`;
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
