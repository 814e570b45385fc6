import { Dec, money, type Money } from '../money.js';
import type { Random } from '../random.js';

/* Small helpers the seeds share (ESG's too): dates, draws, money, names and German bank data. */

const TAX_RATE = new Dec('0.19');

/** The seeds' present: nothing is created after this day, and open contracts date their fields from it. */
export const HORIZON = '2026-06-30';

/** A random amount below one euro, 0.00 to 0.99. */
export function cents(random: Random): Dec {
  return new Dec(random.int(0, 99)).dividedBy(100);
}

/** Net plus 19 % VAT, or no tax under reverse charge. */
export function withTax(net: Dec, reverseCharge = false): Money {
  return money(net, reverseCharge ? 0 : net.times(TAX_RATE).toDecimalPlaces(2));
}

const DAY_MS = 86_400_000;
const formattedDays = new Map<number, string>();

/** Whole-day arithmetic on YYYY-MM-DD dates (formatting is cached: seeds format the same days often). */
export function addDays(date: string, days: number): string {
  const day = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS + days;
  let formatted = formattedDays.get(day);
  if (formatted === undefined) {
    formatted = new Date(day * DAY_MS).toISOString().slice(0, 10);
    formattedDays.set(day, formatted);
  }
  return formatted;
}

/** Code-unit order, which is chronological for ISO dates (and far cheaper than localeCompare). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

/** A UTC timestamp during working hours of `date`, formatted like Date.toISOString. */
export function timestamp(date: string, random: Random): string {
  const seconds = random.int(6 * 3600, 19 * 3600);
  const ms = random.int(0, 999);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${date}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(ms, 3)}Z`;
}

/** Rows sorted by creation time, the order lists show them in. */
export function byCreation<T extends { date_created: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => compareText(a.date_created, b.date_created));
}

export function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  let roll = random.next();
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
}

export function expand<T>(counts: readonly (readonly [T, number])[]): T[] {
  return counts.flatMap(([value, count]) => Array.from({ length: count }, () => value));
}

export function shuffled<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.int(0, 9)).join('');
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** German IBAN with ISO 13616 check digits. */
export function germanIban(bankCode: string, account: string): string {
  const bban = bankCode + account;
  const numeric = `${bban}131400`; // "DE00" moved to the end, letters as numbers (D=13, E=14)
  const remainder = Number(BigInt(numeric) % 97n);
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** A German tax number (Steuernummer) in the usual slash notation. */
export function taxNumber(random: Random): string {
  return `${digits(random, 2)}/${digits(random, 3)}/${digits(random, 5)}`;
}

/** A German VAT id: DE and nine digits. */
export function vatId(random: Random): string {
  return `DE${digits(random, 9)}`;
}
