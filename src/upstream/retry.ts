/**
 * When a read is asked again: only GETs (a write the API may have processed is never resent),
 * after a failed connection, 429 or 502/503/504, a few times, with capped exponential backoff
 * and full jitter, or after the server's Retry-After when that is short enough to wait for.
 */
export const RETRY_ATTEMPTS = 4;
const BASE_MS = 200;
const CAP_MS = 2_000;
/** A Retry-After longer than this is not waited for: the answer goes back as it is. */
const RETRY_AFTER_CAP_MS = 5_000;

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** The wait before attempt `attempt + 1` (attempt counts from 1): random up to the capped exponential. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(CAP_MS, BASE_MS * 2 ** (attempt - 1)));
}

/** The wait a Retry-After header asks for (seconds or an HTTP date) in ms, however long; undefined when there is none. */
export function askedWaitMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * The wait a Retry-After header asks for, or undefined when there is none; Infinity when it is
 * longer than worth waiting for within one exchange.
 */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  const wait = askedWaitMs(header, now);
  return wait !== undefined && wait > RETRY_AFTER_CAP_MS ? Infinity : wait;
}
