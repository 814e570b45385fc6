import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from '../../src/upstream/retry.js';

describe('retry timing', () => {
  it('backs off exponentially up to a cap, with full jitter', () => {
    expect([1, 2, 3, 4, 8].map((attempt) => backoffMs(attempt, () => 0.999))).toEqual([199, 399, 799, 1598, 1998]);
    expect(backoffMs(3, () => 0)).toBe(0);
  });

  it('honours a short Retry-After in seconds or as a date, and not a long one', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs(new Date(1_000_000 + 3_000).toUTCString(), 1_000_000)).toBeGreaterThanOrEqual(2_000);
    expect(retryAfterMs('120')).toBe(Infinity);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
