/**
 * Calls per minute per caller, as a token bucket in the state store: a caller may burst up to
 * the limit and gets one call back every 60/limit seconds. With Redis every instance counts
 * against the same bucket. While the store cannot be reached, each instance counts on its own,
 * so reading goes on.
 */
import { MemoryStore } from '../state/memory.js';
import { StoreUnavailable, type StateStore } from '../state/store.js';

export interface RateLimiter {
  /** 0 when the call may go ahead, else the seconds until it may. */
  take(caller: string): Promise<number>;
}

export function createRateLimiter(store: StateStore, perMinute: number): RateLimiter {
  const ownCount = new MemoryStore();
  return {
    async take(caller) {
      // Instances with another limit (during a rolling change of it) keep buckets of their own.
      const key = `rate:${perMinute}:${caller}`;
      try {
        return await store.takeToken(key, perMinute);
      } catch (error) {
        if (!(error instanceof StoreUnavailable)) throw error;
        return ownCount.takeToken(key, perMinute);
      }
    },
  };
}
