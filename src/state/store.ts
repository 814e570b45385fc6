/**
 * The state instances share: confirmations used and their outcomes, write leases, writes of
 * unknown fate and rate-limit buckets. One interface, two stores: memory (one process, the
 * default) and Redis (every instance behind a load balancer points at the same one). Values are
 * strings with an expiry; what must be atomic across instances is one operation here, so no
 * caller ever reads and then writes.
 */
export interface StateStore {
  /** "memory", or the Redis URL without its password: for logs and /readyz. */
  readonly description: string;
  /** Stores `value` under `key` for `ttlMs` unless the key exists; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | undefined>;
  /** Replaces the value, with a new expiry, only while it is still `expected`; true when it did. */
  replaceIf(key: string, expected: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only while its value is `expected`; true when it did. */
  deleteIf(key: string, expected: string): Promise<boolean>;
  /** Keeps the key `ttlMs` longer only while its value is `expected` (a lease renewed); true when it did. */
  extendIf(key: string, expected: string, ttlMs: number): Promise<boolean>;
  /** Adds `member` to the set at `key`; the set then lives at least `ttlMs` longer. */
  addMember(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
  removeMember(key: string, member: string): Promise<void>;
  /** Takes a token from the bucket at `key` (`perMinute` a minute, bursts up to as many): 0, or the seconds to wait. */
  takeToken(key: string, perMinute: number): Promise<number>;
  /** Whether the store answers now. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The store could not be asked (Redis down or too slow), or lost what it held. What was asked of
 * it may or may not have been done: callers treat it as not done and send nothing on its word.
 */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}
