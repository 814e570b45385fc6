import { z } from 'zod';
import { Dec } from './money.js';
import type { Problem } from './validation.js';

/**
 * Body field schemas that fail the way Pydantic fields do, so 422 bodies carry the
 * service's error types and messages. Each is a plain check wrapped into zod.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = (type: string, msg: string, ctx?: Record<string, unknown>): Checked<never> => ({
  ok: false,
  problem: ctx === undefined ? { type, msg } : { type, msg, ctx },
});

function field<T>(check: (input: unknown) => Checked<T>) {
  return z.any().transform((input, ctx): T => {
    const result = check(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.problem.msg, params: result.problem });
    return z.NEVER;
  });
}

function checkString(input: unknown, max?: number, min?: number): Checked<string> {
  if (typeof input !== 'string') return fail('string_type', 'Input should be a valid string');
  if (min !== undefined && input.length < min) {
    return fail('string_too_short', `String should have at least ${min} character${min === 1 ? '' : 's'}`, { min_length: min });
  }
  if (max !== undefined && input.length > max) {
    return fail('string_too_long', `String should have at most ${max} characters`, { max_length: max });
  }
  return ok(input);
}

const UUID_GROUP_LENGTHS = [8, 4, 4, 4, 12];

/** Accepts the hyphenated and the 32-digit form (any case); yields the canonical lower-case form. */
export function checkUuid(input: unknown): Checked<string> {
  if (typeof input !== 'string') return fail('uuid_type', 'UUID input should be a string, bytes or UUID object');
  const body = input.startsWith('urn:uuid:') ? input.slice('urn:uuid:'.length) : input;
  const invalid = (reason: string) => fail('uuid_parsing', `Input should be a valid UUID, ${reason}`, { error: reason });
  const badIndex = [...body].findIndex((char) => !/[0-9a-fA-F-]/.test(char));
  if (badIndex >= 0) {
    return invalid(
      `invalid character: expected an optional prefix of \`urn:uuid:\` followed by [0-9a-fA-F-], found \`${body.charAt(badIndex)}\` at ${badIndex + 1}`,
    );
  }
  const groups = body.split('-');
  if (groups.length === 1) {
    if (body.length !== 32) return invalid(`invalid length: expected length 32 for simple format, found ${body.length}`);
  } else {
    if (groups.length !== 5) return invalid(`invalid group count: expected 5, found ${groups.length}`);
    const wrong = groups.findIndex((group, i) => group.length !== UUID_GROUP_LENGTHS[i]);
    if (wrong >= 0) {
      return invalid(
        `invalid group length in group ${wrong}: expected ${UUID_GROUP_LENGTHS[wrong]}, found ${groups[wrong]?.length}`,
      );
    }
  }
  const hex = groups.join('').toLowerCase();
  return ok(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
}

/** A calendar date written YYYY-MM-DD. */
export function checkDate(input: unknown): Checked<string> {
  if (typeof input !== 'string') return fail('date_type', 'Input should be a valid date');
  const invalid = (reason: string) =>
    fail('date_from_datetime_parsing', `Input should be a valid date or datetime, ${reason}`, { error: reason });
  if (input.length < 10) return invalid('input is too short');
  const digitsAt = (from: number, to: number) => /^\d+$/.test(input.slice(from, to));
  if (!digitsAt(0, 4)) return invalid('invalid character in year');
  if (input[4] !== '-' || input[7] !== '-') return invalid('invalid date separator, expected `-`');
  if (!digitsAt(5, 7)) return invalid('invalid character in month');
  if (!digitsAt(8, 10)) return invalid('invalid character in day');
  if (input.length > 10) return invalid('unexpected extra characters at the end of the input');
  const year = Number(input.slice(0, 4));
  const month = Number(input.slice(5, 7));
  const day = Number(input.slice(8, 10));
  if (month < 1 || month > 12) return invalid('month value is outside expected range');
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return invalid('day value is outside expected range');
  return ok(input);
}

const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const MAX_DECIMAL_PLACES = 12;

/** Decimal amount given as a string (or, when `numbers` is set, also as a JSON number). */
export function checkDecimal(input: unknown, options: { numbers?: boolean; gt?: number; ge?: number } = {}): Checked<Dec> {
  let text: string;
  if (typeof input === 'string') text = input.trim();
  else if (typeof input === 'number' && options.numbers && Number.isFinite(input)) text = String(input);
  else if (options.numbers) return fail('decimal_type', 'Decimal input should be an integer, float, string or Decimal object');
  else return fail('string_type', 'Input should be a valid string');
  if (!DECIMAL_PATTERN.test(text)) return fail('decimal_parsing', 'Input should be a valid decimal');
  const value = new Dec(text);
  if (value.decimalPlaces() > MAX_DECIMAL_PLACES) {
    return fail('decimal_max_places', `Decimal input should have no more than ${MAX_DECIMAL_PLACES} decimal places`, {
      decimal_places: MAX_DECIMAL_PLACES,
    });
  }
  if (options.gt !== undefined && !value.greaterThan(options.gt)) {
    return fail('greater_than', `Input should be greater than ${options.gt}`, { gt: options.gt });
  }
  if (options.ge !== undefined && value.lessThan(options.ge)) {
    return fail('greater_than_equal', `Input should be greater than or equal to ${options.ge}`, { ge: options.ge });
  }
  return ok(value);
}

/** Pydantic's lax integer: a JSON integer or a string of digits (as query parameters arrive). */
function checkInteger(input: unknown): Checked<number> {
  if (typeof input === 'number') {
    if (Number.isInteger(input)) return ok(input);
    return fail('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
  }
  if (typeof input !== 'string') return fail('int_type', 'Input should be a valid integer');
  const text = input.trim();
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    return fail('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
  }
  return ok(Number(text));
}

const TIME_OF_DAY = /^[Tt_ ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,6})?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date-time (or a bare date, read as midnight); without an offset it is read as UTC.
 * Yields the instant in UTC, written as the service writes it: `2024-05-01T12:00:00Z`.
 */
function checkDateTime(input: unknown): Checked<string> {
  if (typeof input !== 'string') return fail('datetime_type', 'Input should be a valid datetime');
  const invalid = (reason: string) =>
    fail('datetime_from_date_parsing', `Input should be a valid datetime or date, ${reason}`, { error: reason });
  const date = checkDate(input.slice(0, 10));
  if (!date.ok) return invalid(String(date.problem.ctx?.error ?? 'invalid date'));
  const rest = input.slice(10);
  if (rest === '') return ok(`${date.value}T00:00:00Z`);
  if (!/^[Tt_ ]/.test(rest)) return invalid('invalid datetime separator, expected `T`, `t`, `_` or space');
  const time = TIME_OF_DAY.exec(rest);
  if (!time || Number(time[1]) > 23 || Number(time[2]) > 59 || Number(time[4] ?? 0) > 59) {
    return invalid('invalid time, expected HH:MM[:SS[.ffffff]] with an optional offset');
  }
  const offset = time[6] ?? 'Z';
  const normalizedOffset = /^[Zz]$/.test(offset) ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const ms = Date.parse(
    `${date.value}T${time[1]}:${time[2]}:${time[4] ?? '00'}${(time[5] ?? '').slice(0, 4)}${normalizedOffset}`,
  );
  if (Number.isNaN(ms)) return invalid('invalid time zone offset');
  return ok(formatInstant(ms));
}

/** An instant as the service writes it: UTC, `Z`, fractional seconds only when present. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Structural e-mail check, answered like Pydantic's EmailStr. */
function checkEmail(input: unknown): Checked<string> {
  if (typeof input !== 'string') return fail('string_type', 'Input should be a valid string');
  const parts = input.split('@');
  const [local = '', domain = ''] = parts;
  let reason: string | undefined;
  if (parts.length !== 2) reason = 'The email address is not valid. It must have exactly one @-sign.';
  else if (local === '') reason = 'There must be something before the @-sign.';
  else if (!/^[^\s.]+(\.[^\s.]+)+$/.test(domain)) reason = 'The part after the @-sign is not valid. It should have a period.';
  if (reason) return fail('value_error', `value is not a valid email address: ${reason}`, { reason });
  return ok(input);
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n']);

/** Pydantic's lax boolean: true/false, 0/1 and the usual words. */
function checkBoolean(input: unknown): Checked<boolean> {
  if (typeof input === 'boolean') return ok(input);
  if (input === 0 || input === 1) return ok(input === 1);
  if (typeof input === 'string') {
    const word = input.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return ok(true);
    if (FALSE_WORDS.has(word)) return ok(false);
    return fail('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  }
  return fail('bool_type', 'Input should be a valid boolean');
}

/** "'A', 'B' or 'C'", as Pydantic lists expected values. */
function describeChoices(values: readonly string[]): string {
  const quoted = values.map((value) => `'${value}'`);
  return quoted.length === 1 ? (quoted[0] as string) : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

function checkChoice<const T extends string>(input: unknown, values: readonly T[], type: 'enum' | 'literal_error'): Checked<T> {
  if (typeof input === 'string' && (values as readonly string[]).includes(input)) return ok(input as T);
  const expected = describeChoices(values);
  return fail(type, `Input should be ${expected}`, { expected });
}

export const str = (limits: { min?: number; max?: number } = {}) => field((input) => checkString(input, limits.max, limits.min));
export const uuid = () => field(checkUuid);
export const isoDate = () => field(checkDate);
export const decimal = (options: { numbers?: boolean; gt?: number; ge?: number } = {}) =>
  field((input) => checkDecimal(input, options));
export const int = () => field(checkInteger);
export const dateTime = () => field(checkDateTime);
export const email = (limits: { max?: number } = {}) =>
  field((input) => {
    const text = checkString(input, limits.max);
    return text.ok ? checkEmail(text.value) : text;
  });
export const bool = () => field(checkBoolean);
export const oneOf = <const T extends string>(values: readonly T[]) => field((input) => checkChoice(input, values, 'enum'));
export const literal = <const T extends string>(value: T) => field((input) => checkChoice(input, [value], 'literal_error'));
