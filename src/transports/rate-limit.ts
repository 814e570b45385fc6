/**
 * Calls per minute per caller, as a token bucket: a caller may burst up to the limit and gets
 * one call back every 60/limit seconds. Kept per process: each instance behind a load balancer
 * counts its own share.
 */
export interface RateLimiter {
  /** 0 when the call may go ahead, else the seconds until it may. */
  take(caller: string): number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export function createRateLimiter(perMinute: number, now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const refillPerMs = perMinute / 60_000;
  let lastSweep = now();

  /** Full buckets hold nothing worth keeping; dropping them keeps memory bounded by active callers. */
  function sweep(at: number): void {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [caller, bucket] of buckets) {
      if (bucket.tokens + (at - bucket.updated) * refillPerMs >= perMinute) buckets.delete(caller);
    }
  }

  return {
    take(caller) {
      const at = now();
      sweep(at);
      const bucket = buckets.get(caller) ?? { tokens: perMinute, updated: at };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (at - bucket.updated) * refillPerMs);
      bucket.updated = at;
      buckets.set(caller, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
    },
  };
}
