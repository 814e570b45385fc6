/**
 * Input field builders shared by every declaration. Each one validates strictly,
 * advertises a compact JSON Schema (format instead of long regex patterns) and
 * fails with a message that says how to fix the value.
 */
import { z } from 'zod';
import { TEXT_LIMIT } from '../src/dispatch/input-schema.js';
import { strictObject } from '../src/dispatch/strict-object.js';
import { Decimal, DECIMAL_STRING } from '../src/shape/money.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Dates outside these years are typing mistakes (0000-01-01, 9999-12-31), not bookings. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;
const DATE_RANGE = `between ${FIRST_YEAR}-01-01 and ${LAST_YEAR}-12-31`;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

function withinYears(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

function requiredString(expectation: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `is required: ${expectation}` : `must be a string: ${expectation}`),
  });
}

/** A resource id. `source` names where the model finds one, e.g. "list_invoices". */
export function uuid(description: string | undefined, source: string) {
  const expectation = `a UUID like 3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c (get one from ${source})`;
  return requiredString(expectation)
    .refine((value) => UUID.test(value), { error: `must be ${expectation}`, abort: true })
    .meta({ format: 'uuid', description });
}

export function isoDate(description?: string) {
  return requiredString('a calendar date as YYYY-MM-DD, e.g. 2026-11-22')
    .refine(isCalendarDate, { error: 'must be a real calendar date as YYYY-MM-DD, e.g. 2026-11-22', abort: true })
    .refine(withinYears, { error: `must be a date ${DATE_RANGE}` })
    .meta({ format: 'date', description });
}

/** A calendar month, YYYY-MM; a date YYYY-MM-DD is taken for its month (see monthOf). */
export function month(description: string) {
  const expectation = 'a month as YYYY-MM, e.g. 2026-03 (or a date in it)';
  return requiredString(expectation)
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, { error: `must be ${expectation}`, abort: true })
    .refine((value) => value.length === 7 || isCalendarDate(value), { error: `must be ${expectation}`, abort: true })
    .refine(withinYears, { error: `must be a month between ${FIRST_YEAR}-01 and ${LAST_YEAR}-12` })
    .meta({ description });
}

/** The YYYY-MM of a value `month` accepted. */
export const monthOf = (value: string) => value.slice(0, 7);

const DECIMAL_HINT =
  'a decimal string with a dot and no thousands separators, e.g. "12400.00" (up to 12 decimals; send it as a string, not a number)';
/** A measure (area, rate, meter value): up to 15 digits before the dot and 12 after. */
const MEASURE = /^-?\d{1,15}(\.\d{1,12})?$/;

export function decimalString(description?: string) {
  return requiredString(DECIMAL_HINT)
    .regex(MEASURE, {
      error: (issue) =>
        typeof issue.input === 'string' && DECIMAL_STRING.test(issue.input)
          ? 'is too large: at most 15 digits before the dot and 12 after'
          : `must be ${DECIMAL_HINT}`,
      abort: true,
    })
    .meta({ description });
}

/** Money: cents at most (the minor unit of the currencies the API keeps), below 10^12. */
const AMOUNT = /^-?\d{1,12}(\.\d{1,2})?$/;
const AMOUNT_HINT =
  'an amount as a decimal string with a dot, at most 2 decimals and no thousands separators, e.g. "12400.00" (send it as a string, not a number)';

function amountProblem(input: unknown): string {
  if (typeof input !== 'string' || !DECIMAL_STRING.test(input)) return `must be ${AMOUNT_HINT}`;
  const [whole = '', decimals = ''] = input.replace('-', '').split('.');
  if (decimals.length > 2) return `has ${decimals.length} decimals; amounts take at most 2 (cents), e.g. "12400.50"`;
  return `is too large (${whole.length} digits before the dot); amounts must be below 1,000,000,000,000`;
}

/** A money amount as a decimal string. */
export function amount(description?: string) {
  return requiredString(AMOUNT_HINT)
    .regex(AMOUNT, { error: (issue) => amountProblem(issue.input), abort: true })
    .meta({ description });
}

export function positiveAmount(description: string) {
  return amount(description).refine((value) => new Decimal(value).greaterThan(0), {
    error: 'must be greater than 0',
  });
}

const netTax = {
  net: amount('Net'),
  tax: amount('Tax'),
};

/** Defined once per tool schema ($defs), however many amounts the tool takes. */
const netTaxObject = strictObject(netTax).meta({ id: 'NetTax' });

/** Net and tax of an amount as the API takes it on input. */
export function netTaxInput(description?: string) {
  return netTaxObject.meta({ description });
}

/** 10000 as "10,000"; toLocaleString would load ICU's number formatting at every start. */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');
const atMost = (maxLength: number) => ({ error: `must be at most ${grouped(maxLength)} characters` });

export function text(description?: string, maxLength = TEXT_LIMIT) {
  return requiredString('text').max(maxLength, atMost(maxLength)).meta({ description });
}

/** Text where null is meaningful (it clears the stored value). */
export function clearableText(description?: string, maxLength = TEXT_LIMIT) {
  return requiredString('text, or null to clear it').max(maxLength, atMost(maxLength)).nullable().meta({ description });
}

export function choice<const T extends readonly [string, ...string[]]>(values: T, description?: string) {
  return z
    .enum(values, {
      error: (issue) =>
        `must be one of ${values.join(', ')}${issue.input === undefined ? '' : `, got ${JSON.stringify(issue.input)}`}`,
    })
    .meta({ description });
}

export function flag(description?: string) {
  return z
    .boolean({ error: (issue) => (issue.input === undefined ? 'is required: true or false' : 'must be true or false') })
    .meta({ description });
}

/** A money amount as the API takes it where a currency may be given (contract amounts). */
export function moneyInput(description?: string) {
  return strictObject({
    ...netTax,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter currency code such as EUR' })
      .meta({ description: 'e.g. EUR' })
      .optional(),
  }).meta({ description });
}

export function integer(description?: string, min?: number, max?: number) {
  let schema = z
    .number({ error: (issue) => (issue.input === undefined ? 'is required: a whole number' : 'must be a whole number') })
    .int({ error: 'must be a whole number' });
  if (min !== undefined) schema = schema.min(min, { error: `must be at least ${min}` });
  if (max !== undefined) schema = schema.max(max, { error: `must be at most ${max}` });
  return schema.meta({ description });
}

/** One or more resource ids, e.g. the projects a report covers. */
export function uuidList(description: string | undefined, source: string) {
  return z
    .array(uuid(undefined, source), {
      error: (issue) =>
        issue.input === undefined ? `is required: a list of ids from ${source}` : `must be a list of ids from ${source}`,
    })
    .min(1, { error: `give at least one id (from ${source})` })
    .meta({ description });
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A moment with its time zone (ISO 8601), e.g. a reading timestamp or the bounds of an event range. */
export function isoDateTime(description?: string) {
  const expectation = 'an ISO 8601 date-time with time zone, e.g. 2026-11-22T08:30:00Z';
  return requiredString(expectation)
    .refine(
      (value) => {
        const day = DATE_TIME.exec(value)?.[1];
        return day !== undefined && isCalendarDate(day) && !Number.isNaN(Date.parse(value));
      },
      { error: `must be ${expectation}`, abort: true },
    )
    .refine(withinYears, { error: `must be a moment ${DATE_RANGE}` })
    .meta({ format: 'date-time', description });
}

/** A value the API requires but takes as null: omitting it sends null. */
export function orNull<T extends z.ZodType>(schema: T, description: string) {
  return schema.nullable().default(null).meta({ description });
}
