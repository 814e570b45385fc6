/**
 * Writes whose answer was lost, decided from the state: right after the loss (the write's own
 * call reads back), and later for writes still of unknown fate, which the next call on the same
 * resource settles first. A write is said to be made only when the state shows what it made and
 * no other confirmation accounts for that already; what appeared meanwhile that no confirmation
 * explains (a payment booked elsewhere) is reported, never claimed.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { StateStore } from '../state/store.js';
import { committedAnswer, NO_NOTES, type Notes } from './answers.js';
import type { GuardedTool } from './call.js';
import {
  ClaimTaken,
  UNKNOWN_KEPT_MS,
  unknownKeyOf,
  updateClaim,
  withOutcome,
  type RecordedOutcome,
  type StoredClaim,
} from './claims.js';
import type { Appeared, Found, Made, WriteJudge } from './judge.js';
import { oneLine } from './quote.js';

type Args = Readonly<Record<string, unknown>>;

/** How long a payment this server booked is worth a warning in the previews of the same amount. */
export const LATELY_MS = 24 * 3_600_000;

/** A payment of some amount this server booked on a resource, and when. */
export interface Booked {
  id: string;
  at: string;
}

/** The ids of what confirmations made on a resource: kept as long as writes there may be settled. */
const madeKeyOf = (resource: string) => `made:${resource}`;
/** What this server booked on a resource lately, per amount: a preview reads only its own amount's. */
const bookedKeyOf = (resource: string, amount: string) => `booked:${resource}:${amount}`;

export async function rememberMade(store: StateStore, resource: string, made: Made): Promise<void> {
  await store.addMember(madeKeyOf(resource), made.id, UNKNOWN_KEPT_MS);
  if (made.amount === undefined) return;
  const booked: Booked = { id: made.id, at: new Date().toISOString() };
  await store.addMember(bookedKeyOf(resource, made.amount), JSON.stringify(booked), LATELY_MS);
}

/** What this server booked of `amount` on `resource` in the last LATELY_MS, the latest first. */
export async function bookedLately(store: StateStore, resource: string, amount: string): Promise<Booked[]> {
  const since = Date.now() - LATELY_MS;
  return (await store.members(bookedKeyOf(resource, amount)))
    .map((member) => JSON.parse(member) as Booked)
    .filter((booked) => Date.parse(booked.at) >= since)
    .sort((a, b) => b.at.localeCompare(a.at));
}

export interface Verdict {
  found?: Found;
  /** Appeared since `before`, made by no confirmation this server knows of. */
  unexplained: Appeared[];
}

export function verdictOf(judge: WriteJudge, args: Args, before: unknown, now: unknown, accounted: ReadonlySet<string>): Verdict {
  const found = judge.findCommitted(args, before, now, accounted);
  const unexplained = (judge.appeared?.(before, now) ?? []).filter(
    (item) => item.id !== found?.made?.id && !accounted.has(item.id),
  );
  return { ...(found ? { found } : {}), unexplained };
}

/** The ids other confirmations account for on `resource`. */
export async function accountedOn(store: StateStore, resource: string): Promise<Set<string>> {
  return new Set(await store.members(madeKeyOf(resource)));
}

export function unexplainedNotes(unexplained: readonly Appeared[]): Notes {
  if (!unexplained.length) return NO_NOTES;
  return {
    lines: unexplained.map(
      (item) => `Note: ${item.text} appeared meanwhile, and no confirmation of this server made it (booked elsewhere?).`,
    ),
    structured: { unexplained: unexplained.map((item) => ({ id: item.id, text: item.text })) },
  };
}

/** The answer of a write found made after its answer was lost. */
export function foundAnswer(found: Found, note: string, unexplained: readonly Appeared[]): CallToolResult {
  return committedAnswer(
    { content: [{ type: 'text', text: found.text }], structuredContent: found.resource },
    note,
    unexplainedNotes(unexplained),
  );
}

/** How long after the end of its exchange's deadline a write the state does not show counts as not made. */
const SETTLE_MARGIN_MS = 2_000;

/**
 * A write the state does not show, but whose exchange may still be under way at the API (its
 * holder lost its leases, or died, moments ago): it stays of unknown fate for now.
 */
export class StillInFlight extends Error {
  override name = 'StillInFlight';
}

/** Whether a write sent at `sentAt` (ISO) may still be being processed, its exchange lasting up to `exchangeMs`. */
export function mayStillLand(sentAt: string | undefined, exchangeMs: number): boolean {
  return sentAt !== undefined && Date.now() < Date.parse(sentAt) + exchangeMs + SETTLE_MARGIN_MS;
}

/** A write of unknown fate decided: its claim's record now says how it ended. */
export interface Settled {
  claim: StoredClaim;
  /** A line for the call that settled it. */
  line: string;
}

/**
 * Settles one claimed write of unknown fate (its answer lost, its read-back failed, or its holder
 * gone): reads the state, decides and records the outcome. StateUnreadable leaves it unknown, and
 * so does StillInFlight: a write not found is not called "not made" while its exchange
 * (`exchangeMs`) may still be under way.
 */
export async function settleClaim(
  store: StateStore,
  claim: StoredClaim,
  tool: GuardedTool,
  reference: string,
  exchangeMs: number,
): Promise<Settled> {
  const { record } = claim;
  const now = await tool.readState(record.args);
  const verdict = verdictOf(tool.judge, record.args, record.before, now, await accountedOn(store, record.resource));
  const at = new Date().toISOString();
  const { found } = verdict;
  if (!found && mayStillLand(record.sentAt, exchangeMs)) {
    throw new StillInFlight(`${record.tool} was sent at ${record.sentAt} and may still be under way at the API`);
  }
  const outcome: RecordedOutcome = found
    ? {
        outcome: 'committed',
        reason: 'settled',
        answer: foundAnswer(
          found,
          `Committed: the answer to this write was lost (confirmed at ${record.claimedAt}), and reading the state back since shows it was made, once. Do not repeat it.`,
          verdict.unexplained,
        ),
        at,
        reference,
        ...(found.made ? { made: found.made } : {}),
      }
    : {
        outcome: 'not_committed',
        reason: 'settled',
        answer: {
          content: [
            {
              type: 'text',
              text: `NOT COMMITTED: the answer to this write was lost (confirmed at ${record.claimedAt}), and reading the state back since shows it was not made. Nothing was sent again. If it is still wanted, call ${record.tool} without a confirmation for a new preview.`,
            },
          ],
          structuredContent: { status: 'not_committed', ...unexplainedNotes(verdict.unexplained).structured },
        },
        at,
        reference,
      };
  let settled: StoredClaim;
  try {
    settled = await updateClaim(store, claim, withOutcome(record, outcome));
  } catch (error) {
    // Another call settled it first: its outcome stands.
    if (!(error instanceof ClaimTaken)) throw error;
    return { claim: error.now, line: `An earlier ${record.tool} on this resource was settled meanwhile by another call.` };
  }
  if (outcome.made) await rememberMade(store, record.resource, outcome.made);
  await store.removeMember(unknownKeyOf(record.resource), claim.key);
  const ended = found ? `it was made: ${oneLine(found.text.split('\n')[0]!)}` : 'it was not made.';
  return {
    claim: settled,
    line: `Settled first: an earlier ${record.tool} on this resource (confirmed at ${record.claimedAt}) had lost its answer; reading back shows ${ended}`,
  };
}
