/** Calendar arithmetic on YYYY-MM-DD dates, in UTC (adding days: addDays in core/seed-kit.ts). */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01. */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** Days of [start, end] (both included) that fall into [from, to]; 0 when they do not meet. */
export function overlapDays(start: string, end: string, from: string, to: string): number {
  const first = Math.max(dayNumber(start), dayNumber(from));
  const last = Math.min(dayNumber(end), dayNumber(to));
  return Math.max(0, last - first + 1);
}

export function yearBounds(year: number): { from: string; to: string; days: number } {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  return { from, to, days: dayNumber(to) - dayNumber(from) + 1 };
}

/** The calendar years a period touches, oldest first. */
export function yearsOf(start: string, end: string): number[] {
  const years: number[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) years.push(year);
  return years;
}

/** The first day of the month `months` after the month of `date`. */
export function monthStart(date: string, months = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}
