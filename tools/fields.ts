/**
 * Input field builders shared by every declaration. Each one validates strictly,
 * advertises a compact JSON Schema (format instead of long regex patterns) and
 * fails with a message that says how to fix the value.
 */
import { z } from 'zod';
import { Decimal, DECIMAL_STRING } from '../src/shape/money.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

function requiredString(expectation: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `is required: ${expectation}` : `must be a string: ${expectation}`),
  });
}

/** A resource id. `source` names where the model finds one, e.g. "list_invoices". */
export function uuid(description: string, source: string) {
  const expectation = `a UUID like 3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c (get one from ${source})`;
  return requiredString(expectation)
    .refine((value) => UUID.test(value), { error: `must be ${expectation}`, abort: true })
    .meta({ format: 'uuid', description });
}

export function isoDate(description: string) {
  return requiredString('a calendar date as YYYY-MM-DD, e.g. 2026-11-22')
    .refine(isCalendarDate, { error: 'must be a real calendar date as YYYY-MM-DD, e.g. 2026-11-22' })
    .meta({ format: 'date', description });
}

const DECIMAL_HINT =
  'a decimal string with a dot and no thousands separators, e.g. "12400.00" (up to 12 decimals; send it as a string, not a number)';

export function decimalString(description: string) {
  return requiredString(DECIMAL_HINT)
    .refine((value) => DECIMAL_STRING.test(value), { error: `must be ${DECIMAL_HINT}`, abort: true })
    .meta({ description });
}

export function positiveAmount(description: string) {
  return decimalString(description).refine((value) => new Decimal(value).greaterThan(0), {
    error: 'must be greater than 0',
  });
}

/** Net and tax of an amount as the API takes it on input. */
export function netTaxInput(description: string) {
  return z
    .object({
      net: decimalString('Net amount, decimal string'),
      tax: decimalString('Tax amount, decimal string'),
    })
    .meta({ description });
}

export function text(description: string, maxLength?: number) {
  const base = requiredString('text');
  return (maxLength ? base.max(maxLength, { error: `must be at most ${maxLength} characters` }) : base).meta({
    description,
  });
}

/** Text where null is meaningful (it clears the stored value). */
export function clearableText(description: string) {
  return requiredString('text, or null to clear it').nullable().meta({ description });
}

export function choice<const T extends readonly [string, ...string[]]>(values: T, description: string) {
  return z
    .enum(values, {
      error: (issue) =>
        `must be one of ${values.join(', ')}${issue.input === undefined ? '' : `, got ${JSON.stringify(issue.input)}`}`,
    })
    .meta({ description });
}

export function flag(description: string) {
  return z
    .boolean({ error: (issue) => (issue.input === undefined ? 'is required: true or false' : 'must be true or false') })
    .meta({ description });
}
