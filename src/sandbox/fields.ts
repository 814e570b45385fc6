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

function checkString(input: unknown, max?: number): Checked<string> {
  if (typeof input !== 'string') return fail('string_type', 'Input should be a valid string');
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
      return invalid(`invalid group length in group ${wrong}: expected ${UUID_GROUP_LENGTHS[wrong]}, found ${groups[wrong]?.length}`);
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
export function checkDecimal(input: unknown, options: { numbers?: boolean; gt?: number } = {}): Checked<Dec> {
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
  return ok(value);
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

export const str = (limits: { max?: number } = {}) => field((input) => checkString(input, limits.max));
export const uuid = () => field(checkUuid);
export const isoDate = () => field(checkDate);
export const decimal = (options: { numbers?: boolean; gt?: number } = {}) => field((input) => checkDecimal(input, options));
export const bool = () => field(checkBoolean);
export const oneOf = <const T extends string>(values: readonly T[]) => field((input) => checkChoice(input, values, 'enum'));
export const literal = <const T extends string>(value: T) => field((input) => checkChoice(input, [value], 'literal_error'));
