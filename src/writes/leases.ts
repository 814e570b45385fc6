/**
 * Leases in the state store: one holder at a time for a name. Writes on one resource take its
 * lease before they read the state and keep it until their outcome is known, so two
 * confirmations issued from the same state are judged one after the other. A lease expires on
 * its own when its holder dies and is renewed while the holder works, so a slow API never lets
 * a second holder in.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StateStore } from '../state/store.js';

/** How long a lease outlives a holder that stopped renewing it. */
export const LEASE_TTL_MS = 10_000;
const RENEW_EVERY_MS = 3_000;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/** The lease was held by another the whole time this holder was willing to wait. */
export class LeaseBusy extends Error {
  override name = 'LeaseBusy';
}

export interface Lease {
  /** False once a renewal found the lease gone (expired while the store could not be reached): another may hold it. */
  readonly held: boolean;
  release(): Promise<void>;
}

const keyOf = (name: string) => `lease:${name}`;

/** Takes the lease `name`, waiting up to `waitMs` for its holder to let go; throws LeaseBusy, or StoreUnavailable. */
export async function acquireLease(store: StateStore, name: string, waitMs: number): Promise<Lease> {
  const key = keyOf(name);
  const token = randomUUID();
  const until = Date.now() + waitMs;
  for (let pause = FIRST_PAUSE_MS; !(await store.setIfAbsent(key, token, LEASE_TTL_MS));) {
    if (Date.now() + pause > until) throw new LeaseBusy(`${name} stayed busy for ${waitMs} ms`);
    // Jitter keeps waiters on several instances from asking in step.
    await sleep(pause * (0.5 + Math.random() / 2));
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
  }
  let held = true;
  const renewal = setInterval(() => {
    void store.extendIf(key, token, LEASE_TTL_MS).then(
      (kept) => {
        if (!kept) held = false;
      },
      () => undefined,
    );
  }, RENEW_EVERY_MS);
  renewal.unref();
  return {
    get held() {
      return held;
    },
    async release() {
      clearInterval(renewal);
      // Unreachable store: the lease runs out on its own.
      await store.deleteIf(key, token).catch(() => false);
    },
  };
}

/** Runs `work` holding the lease `name`. */
export async function withLease<T>(store: StateStore, name: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const lease = await acquireLease(store, name, waitMs);
  try {
    return await work();
  } finally {
    await lease.release();
  }
}
