/**
 * Single-use confirmations. The first call that brings a confirmation claims it in the state
 * store (set-if-absent, kept past the confirmation's expiry), before anything is sent; the claim
 * then carries the state the write was judged on and, once known, its outcome and answer. A call
 * with a confirmation already claimed never sends anything: it waits for the outcome and answers
 * it. Who may act on a claim is decided by a lease of its own (the holder): a claim whose holder
 * died is taken over, finished or settled, by the next call that brings its confirmation.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { StoreUnavailable, type StateStore } from '../state/store.js';
import type { Made } from './judge.js';
import { acquireLease, LeaseBusy, type Lease } from './leases.js';

const HOUR_MS = 3_600_000;
/** How long a used confirmation's outcome is kept after the confirmation expired: a late retry still hears it. */
const KEPT_AFTER_EXPIRY_MS = 24 * HOUR_MS;
/** How long a write of unknown fate is kept for the next call on its resource to settle. */
export const UNKNOWN_KEPT_MS = 7 * 24 * HOUR_MS;
const POLL_FIRST_MS = 5;
const POLL_LONGEST_MS = 100;

export type FinalOutcome = 'committed' | 'refused' | 'not_committed' | 'unknown';

/** How a claimed write ended, and the answer it got: what duplicates are told. */
export interface RecordedOutcome {
  outcome: FinalOutcome;
  reason?: string;
  answer: CallToolResult;
  /** When it ended, ISO 8601. */
  at: string;
  /** The correlation id of the call that ended it (its audit line). */
  reference: string;
  made?: Made;
}

export interface ClaimRecord {
  tool: string;
  caller: string;
  resource: string;
  /** The confirmed arguments: what a later call needs to settle the write. */
  args: Record<string, unknown>;
  claimedAt: string;
  /** Set just before the write is sent: the state it was judged on, and when it went. */
  before?: unknown;
  sentAt?: string;
  outcome?: RecordedOutcome;
}

/** The store key of a confirmation's claim: its hash, never the confirmation itself. */
export function claimKeyOf(confirmation: string): string {
  return `claim:${createHash('sha256').update(confirmation).digest('base64url')}`;
}

/** The set of a resource's writes of unknown fate (claim keys). */
export const unknownKeyOf = (resource: string) => `unknown:${resource}`;

/** A claim record as stored, with the text it was read as (for compare-and-set). */
export interface StoredClaim {
  key: string;
  record: ClaimRecord;
  raw: string;
}

export async function readClaim(store: StateStore, key: string): Promise<StoredClaim | undefined> {
  const raw = await store.get(key);
  return raw === undefined ? undefined : { key, record: JSON.parse(raw) as ClaimRecord, raw };
}

/** The store no longer holds a claim in use (Redis restarted without its data, or evicted it). */
export class ClaimLost extends StoreUnavailable {
  override name = 'ClaimLost';
}

/** Another call changed the claim first (its holder's leases ran out while the store was away): this one must not act on it. */
export class ClaimTaken extends Error {
  override name = 'ClaimTaken';
  constructor(readonly now: StoredClaim) {
    super(`the claim ${now.key} was changed by another call`);
  }
}

/**
 * Replaces a claim record only while it is what was read: the fence that lets one call at most
 * act on a claim, whatever its leases say. Throws ClaimTaken when another call changed it first.
 */
export async function updateClaim(store: StateStore, claim: StoredClaim, record: ClaimRecord): Promise<StoredClaim> {
  const raw = JSON.stringify(record);
  if (await store.replaceIf(claim.key, claim.raw, raw, retentionOf(record))) return { key: claim.key, record, raw };
  const now = await readClaim(store, claim.key);
  if (!now) throw new ClaimLost(`the state store no longer holds the claim ${claim.key}`);
  throw new ClaimTaken(now);
}

/** The record with its outcome; the state before is kept only while the outcome is unknown (nothing needs it after). */
export function withOutcome(record: ClaimRecord, outcome: RecordedOutcome): ClaimRecord {
  const { before, ...rest } = record;
  return outcome.outcome === 'unknown' ? { ...rest, before, outcome } : { ...rest, outcome };
}

/** Records kept while their write may still be settled outlive the confirmation by days. */
function retentionOf(record: ClaimRecord, expiresAt?: number): number {
  const unsettled = record.before !== undefined && (!record.outcome || record.outcome.outcome === 'unknown');
  const base = Math.max(0, (expiresAt ?? Date.now()) - Date.now()) + KEPT_AFTER_EXPIRY_MS;
  return unsettled ? Math.max(base, UNKNOWN_KEPT_MS) : base;
}

/** What holding a confirmation's claim found: a claim to act on, another call's outcome, or no use of it yet. */
export type Holding =
  | { kind: 'holder'; claim: StoredClaim; lease: Lease }
  | { kind: 'answered'; claim: StoredClaim }
  | { kind: 'in_progress' }
  | { kind: 'unused' };

const decided = (claim: StoredClaim | undefined): claim is StoredClaim =>
  claim?.record.outcome !== undefined && claim.record.outcome.outcome !== 'unknown';

/**
 * Holds the confirmation: claims it when it is unused (with `fresh`; without it, an unused one is
 * only reported), or waits up to `waitMs` until the call that holds it lets go. Then its record
 * says what to do: a new claim (nothing sent yet), an outcome to answer, or a claim whose holder
 * died or whose write is of unknown fate, to be finished or settled by this call.
 */
export async function holdConfirmation(
  store: StateStore,
  confirmation: string,
  fresh: (() => ClaimRecord) | undefined,
  expiresAt: number,
  waitMs: number,
): Promise<Holding> {
  const key = claimKeyOf(confirmation);
  const until = Date.now() + waitMs;
  for (let pause = POLL_FIRST_MS; ; pause = Math.min(pause * 2, POLL_LONGEST_MS)) {
    const seen = await readClaim(store, key);
    if (decided(seen)) return { kind: 'answered', claim: seen };
    if (!seen && !fresh) return { kind: 'unused' };
    let lease: Lease | undefined;
    try {
      lease = await acquireLease(store, key, 0);
    } catch (error) {
      if (!(error instanceof LeaseBusy)) throw error;
    }
    if (lease) {
      let holding: Holding | undefined;
      try {
        holding = await underLease(store, key, fresh, expiresAt, lease);
      } finally {
        if (holding?.kind !== 'holder') await lease.release();
      }
      if (holding) return holding;
      continue;
    }
    if (Date.now() + pause > until) return { kind: 'in_progress' };
    await sleep(pause * (0.5 + Math.random() / 2));
  }
}

/** Holding the claim's lease: what its record says now; undefined when it has to be looked at again. */
async function underLease(
  store: StateStore,
  key: string,
  fresh: (() => ClaimRecord) | undefined,
  expiresAt: number,
  lease: Lease,
): Promise<Holding | undefined> {
  const claim = await readClaim(store, key);
  if (decided(claim)) return { kind: 'answered', claim };
  if (claim) return { kind: 'holder', claim, lease };
  if (!fresh) return { kind: 'unused' };
  const record = fresh();
  const raw = JSON.stringify(record);
  if (await store.setIfAbsent(key, raw, retentionOf(record, expiresAt)))
    return { kind: 'holder', claim: { key, record, raw }, lease };
  return undefined;
}
