/**
 * The state store of one process: a map with expiries. Nothing is shared with other processes,
 * so it is right for stdio and for a single HTTP instance; several instances need Redis.
 */
import { StoreUnavailable, type StateStore } from './store.js';

interface Entry {
  value: string | Set<string>;
  /** ms since the epoch. */
  expires: number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

/** How often expired entries and full buckets are dropped, so memory follows what is live. */
const SWEEP_EVERY_MS = 60_000;

export class MemoryStore implements StateStore {
  readonly description = 'memory';
  readonly #entries = new Map<string, Entry>();
  readonly #buckets = new Map<string, Bucket & { perMinute: number }>();
  readonly #now: () => number;
  #lastSweep: number;
  #closed = false;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#lastSweep = now();
  }

  #live(key: string): Entry | undefined {
    this.#check();
    const entry = this.#entries.get(key);
    if (entry && entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #text(key: string): string | undefined {
    const value = this.#live(key)?.value;
    return typeof value === 'string' ? value : undefined;
  }

  #check(): void {
    if (this.#closed) throw new StoreUnavailable('the state store is closed');
    const now = this.#now();
    if (now - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = now;
    for (const [key, entry] of this.#entries) if (entry.expires <= now) this.#entries.delete(key);
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.updated) * bucket.perMinute) / 60_000 >= bucket.perMinute) this.#buckets.delete(key);
    }
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.#live(key)) return false;
    this.#entries.set(key, { value, expires: this.#now() + ttlMs });
    return true;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#text(key);
  }

  async replaceIf(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.#text(key) !== expected) return false;
    this.#entries.set(key, { value, expires: this.#now() + ttlMs });
    return true;
  }

  async deleteIf(key: string, expected: string): Promise<boolean> {
    if (this.#text(key) !== expected) return false;
    return this.#entries.delete(key);
  }

  async extendIf(key: string, expected: string, ttlMs: number): Promise<boolean> {
    const entry = this.#live(key);
    if (entry?.value !== expected) return false;
    entry.expires = this.#now() + ttlMs;
    return true;
  }

  async addMember(key: string, member: string, ttlMs: number): Promise<void> {
    const entry = this.#live(key);
    const expires = Math.max(entry?.expires ?? 0, this.#now() + ttlMs);
    if (entry && entry.value instanceof Set) {
      entry.value.add(member);
      entry.expires = expires;
    } else this.#entries.set(key, { value: new Set([member]), expires });
  }

  async members(key: string): Promise<string[]> {
    const value = this.#live(key)?.value;
    return value instanceof Set ? [...value] : [];
  }

  async removeMember(key: string, member: string): Promise<void> {
    const entry = this.#live(key);
    if (!(entry?.value instanceof Set)) return;
    entry.value.delete(member);
    if (entry.value.size === 0) this.#entries.delete(key);
  }

  async takeToken(key: string, perMinute: number): Promise<number> {
    this.#check();
    const now = this.#now();
    const refillPerMs = perMinute / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: perMinute, updated: now, perMinute };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updated) * refillPerMs);
    bucket.updated = now;
    bucket.perMinute = perMinute;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  }

  async reachable(): Promise<boolean> {
    return !this.#closed;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#entries.clear();
    this.#buckets.clear();
  }
}
