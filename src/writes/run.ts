/**
 * The two-step contract for writes that move money, exactly once. Without a confirmation a call
 * changes nothing: it reads the state, judges the arguments and answers with a preview and a
 * sealed confirmation (or asks the person). With one, the confirmation is claimed in the state
 * store before anything is sent (claims.ts); the write then holds its resource's lease while it
 * reads the state again, compares it with the preview and sends, once. A lost answer is read
 * back until its outcome is known, and every call on a resource first settles the writes there
 * whose fate is still unknown.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallToolResult, LoggingLevel } from '@modelcontextprotocol/server';
import type { MoneyEntry } from '../audit.js';
import { Decimal } from '../shape/money.js';
import { StoreUnavailable } from '../state/store.js';
import {
  committedAnswer,
  errorAnswer,
  inProgressAnswer,
  joinNotes,
  NO_NOTES,
  notAgreed,
  previewAnswer,
  PROBLEMS,
  questionText,
  replayAnswer,
  storeUnavailableAnswer,
  tagged,
  type Notes,
} from './answers.js';
import type { ConsentChannel } from './consent.js';
import { StateUnreadable, type Caller, type GuardedCall, type Sent, type ToolAnswer, type WriteSettings } from './call.js';
import {
  ClaimTaken,
  claimKeyOf,
  holdConfirmation,
  readClaim,
  UNKNOWN_KEPT_MS,
  unknownKeyOf,
  updateClaim,
  withOutcome,
  type ClaimRecord,
  type RecordedOutcome,
  type StoredClaim,
} from './claims.js';
import { Refusal, type Inspection, type Made, type Preview, type Warning } from './judge.js';
import { acquireLease, LeaseBusy, withLease, type Lease } from './leases.js';
import { oneLine } from './quote.js';
import { confirmedArguments, digest } from './seal.js';
import {
  accountedOn,
  bookedLately,
  foundAnswer,
  mayStillLand,
  rememberMade,
  settleClaim,
  StillInFlight,
  unexplainedNotes,
  verdictOf,
} from './settle.js';

/** How loud each outcome is in the client's log: refusals warn, a write of unknown fate is an error. */
const OUTCOME_LEVELS: Record<MoneyEntry['outcome'], LoggingLevel> = {
  preview: 'info',
  asked: 'info',
  declined: 'info',
  cancelled: 'info',
  committed: 'notice',
  replayed: 'notice',
  in_progress: 'warning',
  refused: 'warning',
  not_committed: 'warning',
  unknown: 'error',
  failed: 'error',
};

/** How long a preview waits for a write in progress on its resource before it goes on without settling. */
const PREVIEW_LEASE_WAIT_MS = 2_000;

/** How a guarded call ended, for the answer and the audit trail. */
interface Step {
  answer: ToolAnswer;
  outcome: MoneyEntry['outcome'];
  reason?: string;
  requestId?: string;
}

const step = (answer: ToolAnswer, outcome: Step['outcome'], reason?: string): Step => ({
  answer,
  outcome,
  ...(reason ? { reason } : {}),
});

/** One call's own pieces: what it is, who makes it, under which settings, and its reference. */
interface Run {
  call: GuardedCall;
  settings: WriteSettings;
  caller: Caller;
  reference: string;
}

export async function runGuarded(call: GuardedCall, settings: WriteSettings, caller: Caller): Promise<ToolAnswer> {
  const run: Run = { call, settings, caller, reference: randomUUID() };
  const done = await decide(run);
  const confirmation = typeof call.args.confirmation === 'string' ? call.args.confirmation : caller.consent?.answer?.state;
  caller.audit?.({
    audit: 'money_write',
    caller: caller.id,
    tool: call.tool,
    args_hash: digest(confirmedArguments(call.args)),
    correlation_id: run.reference,
    outcome: done.outcome,
    ...(done.reason ? { reason: done.reason } : {}),
    ...(confirmation ? { confirmation: claimKeyOf(confirmation).slice('claim:'.length) } : {}),
    ...(done.requestId ? { upstream_request_id: done.requestId } : {}),
  });
  caller.log?.(
    OUTCOME_LEVELS[done.outcome],
    'writes',
    () => `${call.tool}: ${done.outcome}${done.reason ? ` (${done.reason})` : ''}, reference ${run.reference}`,
  );
  return tagged(done.answer, run.reference);
}

async function decide(run: Run): Promise<Step> {
  const { call, settings, caller } = run;
  // Where the client can ask the person, their answer stands in for the confirmation.
  const consent = settings.mode === 'auto' && typeof call.args.confirmation !== 'string' ? caller.consent : undefined;
  const answer = consent?.answer;
  if (answer && (answer.action !== 'accept' || !answer.confirmed)) {
    return step(notAgreed(answer.action), answer.action === 'cancel' ? 'cancelled' : 'declined');
  }
  const token = typeof call.args.confirmation === 'string' ? call.args.confirmation : answer?.state;
  if (answer && token === undefined) {
    const text = `The answer came back without the state of the question; nothing was sent. Call ${call.tool} again to be asked anew.`;
    return step(errorAnswer(text), 'refused', 'no-state');
  }
  return token === undefined ? preview(run, consent) : commit(run, token);
}

/** The resource's writes of unknown fate settled, under its lease (held by the caller). */
async function settleHeld({ call, settings, reference }: Run, resource: string): Promise<Notes> {
  const { store } = settings;
  const lines: string[] = [];
  const settled: Array<Record<string, unknown>> = [];
  for (const key of await store.members(unknownKeyOf(resource))) {
    const claim = await readClaim(store, key);
    const open = claim?.record.before !== undefined && (!claim.record.outcome || claim.record.outcome.outcome === 'unknown');
    if (!claim || !open) {
      await store.removeMember(unknownKeyOf(resource), key);
      continue;
    }
    // A tool this server does not offer now leaves its writes to a call that can read them.
    const tool = claim.record.tool === call.tool ? call : call.other(claim.record.tool);
    if (!tool) continue;
    try {
      const done = await settleClaim(store, claim, tool, reference, settings.exchangeMs);
      lines.push(done.line);
      settled.push({
        tool: claim.record.tool,
        confirmed_at: claim.record.claimedAt,
        outcome: done.claim.record.outcome?.outcome,
      });
    } catch (error) {
      if (!(error instanceof StateUnreadable || error instanceof StillInFlight)) throw error;
      lines.push(
        `Note: an earlier ${claim.record.tool} on this resource (confirmed at ${claim.record.claimedAt}) is still of unknown fate (${error.message}).`,
      );
    }
  }
  return { lines, structured: settled.length ? { settled } : {} };
}

/** The latest same-amount payment this server booked on the resource lately, unless the preview warns of it already. */
async function bookedLatelyWarning({ call, settings }: Run, resource: string, warnings: readonly Warning[]): Promise<Warning[]> {
  const amount = call.judge.amount?.(call.args);
  if (amount === undefined) return [];
  const named = new Set(warnings.map((warning) => warning.about));
  const [latest] = (await bookedLately(settings.store, resource, amount)).filter((booked) => !named.has(booked.id));
  if (!latest) return [];
  return [
    {
      code: 'possible_duplicate',
      about: latest.id,
      message: `Possible duplicate: this server booked the same amount (${new Decimal(amount).toFixed(2)} gross) here at ${latest.at} (id ${latest.id}): is this the same payment again?`,
    },
  ];
}

const STORE_DOWN: Warning = {
  code: 'state_store_unavailable',
  message:
    'The shared state store cannot be reached: confirming this preview will be refused until it is back (nothing would be sent).',
};

function storeDownWarning(error: unknown): Warning[] {
  if (error instanceof StoreUnavailable) return [STORE_DOWN];
  throw error;
}

async function preview(run: Run, consent: ConsentChannel | undefined): Promise<Step> {
  const { call, settings, caller } = run;
  const resource = call.judge.resource(call.args);
  let notes = NO_NOTES;
  let extra: Warning[] = [];
  let inspection: Inspection;
  try {
    try {
      if ((await settings.store.members(unknownKeyOf(resource))).length) {
        notes = await withLease(settings.store, resource, PREVIEW_LEASE_WAIT_MS, () => settleHeld(run, resource));
      }
    } catch (error) {
      // A preview changes nothing: it goes on without what the store would add.
      if (error instanceof StoreUnavailable) extra = [STORE_DOWN];
      else if (!(error instanceof LeaseBusy)) throw error;
    }
    inspection = call.judge.inspect(call.args, await call.readState(call.args));
    if (!extra.length) extra = await bookedLatelyWarning(run, resource, inspection.preview.warnings).catch(storeDownWarning);
  } catch (error) {
    return refusedBeforeSending(run, error, notes);
  }
  const shown: Preview = { ...inspection.preview, warnings: [...inspection.preview.warnings, ...extra] };
  const sealed = settings.seal.issue(call.tool, call.args, caller.id, inspection.fingerprint);
  if (consent) return step(consent.ask(questionText(shown, notes), sealed.token), 'asked');
  const heading = 'PREVIEW: nothing has been changed yet.';
  return step(previewAnswer(call.tool, shown, sealed, { status: 'preview', heading, notes }), 'preview');
}

const withNotes = (notes: Notes, text: string) => [...notes.lines, text].join('\n');

/** The state does not allow the call: nothing was sent, and the confirmation cannot succeed. */
function refusalAnswer({ call }: Run, refusal: Refusal, notes: Notes): CallToolResult {
  const text = withNotes(notes, `${call.tool} cannot be done now; nothing was sent. ${refusal.message}`);
  return errorAnswer(text, { status: 'refused', reason: 'state-does-not-allow', ...notes.structured });
}

/** A state that does not allow the call, or cannot be read: nothing was sent. */
function refusedBeforeSending(run: Run, error: unknown, notes: Notes, retry = ''): Step {
  if (error instanceof Refusal) return step(refusalAnswer(run, error, notes), 'refused', 'state-does-not-allow');
  if (error instanceof StateUnreadable) {
    const text = withNotes(
      notes,
      `${run.call.tool}: the current state could not be read, so nothing was sent.${retry} ${error.message}`,
    );
    return step(errorAnswer(text), 'failed', 'state-unreadable');
  }
  throw error;
}

async function commit(run: Run, token: string): Promise<Step> {
  const { call, settings, caller } = run;
  const checked = settings.seal.check(token, call.tool, call.args, caller.id);
  if (!checked.ok && checked.problem !== 'expired') {
    const text = `${PROBLEMS[checked.problem]} Nothing was sent. Call ${call.tool} without "confirmation" for a new preview, show it to the user and confirm what they agree to.`;
    return step(errorAnswer(text), 'refused', checked.problem);
  }
  const started = Date.now();
  const fresh = (): ClaimRecord => ({
    tool: call.tool,
    caller: caller.id,
    resource: call.judge.resource(call.args),
    args: confirmedArguments(call.args),
    claimedAt: new Date().toISOString(),
  });
  try {
    // An expired confirmation claims nothing; it may only hear the outcome of its earlier use.
    const holding = await holdConfirmation(
      settings.store,
      token,
      checked.ok ? fresh : undefined,
      checked.ok ? checked.expiresAt : 0,
      settings.waitMs,
    );
    switch (holding.kind) {
      case 'unused': {
        const text = `${PROBLEMS.expired} Nothing was sent. Call ${call.tool} without "confirmation" for a new preview, show it to the user and confirm what they agree to.`;
        return step(errorAnswer(text), 'refused', 'expired');
      }
      case 'answered':
        return replayed(holding.claim.record.outcome!);
      case 'in_progress':
        return step(inProgressAnswer(call.tool, Date.now() - started), 'in_progress');
      case 'holder':
        try {
          return await asHolder(run, holding, checked.ok ? checked.stateHash : undefined);
        } finally {
          await holding.lease.release();
        }
    }
  } catch (error) {
    if (error instanceof StoreUnavailable) {
      return step(storeUnavailableAnswer(call.tool, settings.store.description), 'refused', 'state-store-unavailable');
    }
    throw error;
  }
}

/** When and by which call an outcome was reached. */
const stamp = (run: Run) => ({ at: new Date().toISOString(), reference: run.reference });

const replayed = (outcome: RecordedOutcome): Step => step(replayAnswer(outcome), 'replayed', outcome.outcome);

/**
 * This call holds the confirmation. A write already sent under it is settled, never sent again;
 * one never sent is sent now, unless the confirmation expired (`stateHash` undefined).
 */
async function asHolder(run: Run, holding: Held, stateHash: string | undefined): Promise<Step> {
  const { call, settings } = run;
  const { claim } = holding;
  const { record } = claim;
  if (record.before !== undefined) {
    try {
      return await withLease(settings.store, record.resource, settings.waitMs, async () => {
        // Another call on the resource may have settled it while this one waited for the lease.
        const current = (await readClaim(settings.store, claim.key)) ?? claim;
        const ended = current.record.outcome;
        if (ended && ended.outcome !== 'unknown') return replayed(ended);
        const settled = await settleClaim(settings.store, current, call, run.reference, settings.exchangeMs);
        return replayed(settled.claim.record.outcome!);
      });
    } catch (error) {
      if (error instanceof LeaseBusy || error instanceof StillInFlight) {
        return step(inProgressAnswer(call.tool, settings.waitMs), 'in_progress');
      }
      if (error instanceof StateUnreadable) return step(unknownAnswer(run, error), 'unknown');
      throw error;
    }
  }
  if (stateHash === undefined) {
    await abandon(run, claim);
    const text = `${PROBLEMS.expired} Nothing was sent. Call ${call.tool} without "confirmation" for a new preview, show it to the user and confirm what they agree to.`;
    return step(errorAnswer(text), 'refused', 'expired');
  }
  return sendOnce(run, holding, stateHash);
}

/** Nothing was sent under the claim: it is given up, so the same confirmation can be brought again. */
async function abandon({ settings }: Run, claim: StoredClaim): Promise<void> {
  await settings.store.deleteIf(claim.key, claim.raw).catch(() => false);
}

/** The confirmation held: its claim, and the lease that says this call may act on it. */
interface Held {
  claim: StoredClaim;
  lease: Lease;
}

/** How long a read-back waits before it looks again for a write that may still land. */
const LOOK_AGAIN_MS = 500;

/** Holding the resource's lease: settle what is unknown there, check the state, send once, and find out how it ended. */
async function sendOnce(run: Run, holding: Held, stateHash: string): Promise<Step> {
  const { call, settings } = run;
  const { store } = settings;
  const { resource } = holding.claim.record;
  let lease: Lease;
  try {
    lease = await acquireLease(store, resource, settings.waitMs);
  } catch (error) {
    await abandon(run, holding.claim);
    if (!(error instanceof LeaseBusy)) throw error;
    const text = `BUSY: another write on the same resource did not end while this call waited ${Math.round(settings.waitMs / 1000)} s for it; nothing was sent. Call ${call.tool} again with the same arguments and confirmation in a little while.`;
    return step(errorAnswer(text, { status: 'refused', reason: 'resource-busy' }), 'refused', 'resource-busy');
  }
  try {
    return await checkAndSend(run, holding, lease, stateHash);
  } finally {
    await lease.release();
  }
}

/** Under both leases: the state checked against the preview, then the write sent once, behind the claim's fence. */
async function checkAndSend(run: Run, holding: Held, lease: Lease, stateHash: string): Promise<Step> {
  const { call, settings } = run;
  const { store } = settings;
  let claim = holding.claim;
  const { resource } = claim.record;
  let notes: Notes;
  let state: unknown;
  try {
    notes = await settleHeld(run, resource);
    let inspection: Inspection;
    try {
      state = await call.readState(call.args);
      inspection = call.judge.inspect(call.args, state);
    } catch (error) {
      if (error instanceof Refusal) {
        const answer = refusalAnswer(run, error, notes);
        return await finish(run, claim, { outcome: 'refused', reason: 'state-does-not-allow', answer, ...stamp(run) });
      }
      await abandon(run, claim);
      return refusedBeforeSending(run, error, notes, ' Call again with the same confirmation to try again.');
    }
    if (digest(inspection.fingerprint) !== stateHash) {
      const sealed = settings.seal.issue(call.tool, call.args, run.caller.id, inspection.fingerprint);
      const heading =
        'REFUSED: the state changed since the preview (a payment was booked, or amounts or the state changed). Nothing was sent. Here is a new preview of the current state:';
      const answer = previewAnswer(call.tool, inspection.preview, sealed, {
        status: 'preview',
        heading,
        notes,
        refused: 'state-changed',
      });
      return await finish(run, claim, { outcome: 'refused', reason: 'state-changed', answer, ...stamp(run) });
    }
    // Leases that ran out while the store was away may be another call's now: that one acts, this one does not.
    if (!holding.lease.held || !lease.held) return step(inProgressAnswer(call.tool, 0), 'in_progress');
    // The fence: only the call whose "sending" record replaced the claim as it was read sends.
    claim = await updateClaim(store, claim, { ...claim.record, before: state, sentAt: new Date().toISOString() });
    await store.addMember(unknownKeyOf(resource), claim.key, UNKNOWN_KEPT_MS);
  } catch (error) {
    if (error instanceof ClaimTaken) return step(inProgressAnswer(call.tool, 0), 'in_progress');
    if (!(error instanceof StoreUnavailable)) throw error;
    await abandon(run, claim);
    return step(storeUnavailableAnswer(call.tool, store.description), 'refused', 'state-store-unavailable');
  }
  // Sent: from here on, whatever fails, the answer says what is known and the claim keeps the rest.
  try {
    const sent = await call.send();
    if (sent.untouched) return await notDone(run, claim, sent);
    return await conclude(run, claim, state, sent, notes);
  } catch (error) {
    return step(unknownAnswer(run, error as Error), 'unknown', 'failed-after-sending');
  }
}

/**
 * The write certainly did nothing: the API turned it away (429), or it never reached the API. It
 * is not sent again by this server; the claim is given up, so the same confirmation can be brought
 * again once the API takes requests.
 */
async function notDone(run: Run, claim: StoredClaim, sent: Sent): Promise<Step> {
  await abandon(run, claim);
  await run.settings.store.removeMember(unknownKeyOf(claim.record.resource), claim.key).catch(() => undefined);
  const when =
    sent.retryAfterMs === undefined ? 'once the API can be reached' : `in ${Math.max(1, Math.ceil(sent.retryAfterMs / 1000))} s`;
  const text = `${firstLine(sent)}\nNothing reached the API's books, so nothing was booked. Call ${run.call.tool} again with the same arguments and confirmation ${when}.`;
  const reason = sent.retryAfterMs === undefined ? 'api-unreachable' : 'api-busy';
  return step(errorAnswer(text, { status: 'refused', reason }), 'refused', reason);
}

/** The first line of a sent write's answer, on one line: what happened, without the API's own text below it. */
function firstLine(sent: Sent): string {
  const [first] = sent.result.content;
  return oneLine((first?.type === 'text' ? first.text : '').split('\n')[0] ?? '');
}

/** What the sent write came to, recorded on its claim. */
async function conclude(run: Run, claim: StoredClaim, before: unknown, sent: Sent, notes: Notes): Promise<Step> {
  const at = new Date().toISOString();
  const requestId = sent.requestId ? { requestId: sent.requestId } : {};
  let ended: RecordedOutcome;
  if (!sent.ambiguous && sent.result.isError) {
    ended = { outcome: 'refused', reason: 'api-refused', answer: sent.result, at, reference: run.reference };
  } else if (!sent.ambiguous) {
    const made = await madeByAnswer(run, before, sent);
    const answer = committedAnswer(sent.result, 'Committed.', notes);
    ended = { outcome: 'committed', answer, at, reference: run.reference, ...(made ? { made } : {}) };
  } else {
    ended = await readBack(run, claim, before, sent, notes);
  }
  return { ...(await finish(run, claim, ended)), ...requestId };
}

/**
 * What a committed write made, from its answer; when the answer does not say (its follow-up read
 * failed), from the state read back, so no other confirmation can ever be said to have made it.
 */
async function madeByAnswer(run: Run, before: unknown, sent: Sent): Promise<Made | undefined> {
  const { call, settings } = run;
  const made = call.judge.madeBy?.((sent.result.structuredContent ?? {}) as Record<string, unknown>);
  if (made || !call.judge.madeBy) return made;
  try {
    const accounted = await accountedOn(settings.store, call.judge.resource(call.args));
    return call.judge.findCommitted(call.args, before, await call.readState(call.args), accounted)?.made;
  } catch (error) {
    if (error instanceof StateUnreadable || error instanceof StoreUnavailable) return undefined;
    throw error;
  }
}

/**
 * After a lost answer: the state read back (patiently) says whether the write was made. A write
 * not found whose exchange may still be under way (the connection was lost, not answered) is
 * looked for again until its deadline has passed.
 */
async function readBack(run: Run, claim: StoredClaim, before: unknown, sent: Sent, notes: Notes): Promise<RecordedOutcome> {
  const { call, settings } = run;
  const at = new Date().toISOString();
  const resource = call.judge.resource(call.args);
  let now: unknown;
  let verdict;
  for (;;) {
    try {
      now = await call.readState(call.args);
    } catch (error) {
      if (!(error instanceof StateUnreadable)) throw error;
      return { outcome: 'unknown', answer: unknownAnswer(run, error), at, reference: run.reference };
    }
    const accounted = await accountedOn(settings.store, resource).catch((error: unknown) => {
      // Without the store the writes of others on this resource are in `before` all the same (they held its lease).
      if (error instanceof StoreUnavailable) return new Set<string>();
      throw error;
    });
    verdict = verdictOf(call.judge, call.args, before, now, accounted);
    if (verdict.found || sent.status !== undefined || !mayStillLand(claim.record.sentAt, settings.exchangeMs)) break;
    await sleep(LOOK_AGAIN_MS);
  }
  const { found } = verdict;
  if (found) {
    const note =
      'Committed: the answer from the API was lost, but reading it back shows the write was made, once. Do not repeat it.';
    return {
      outcome: 'committed',
      reason: 'read-back',
      answer: foundAnswer(found, note, verdict.unexplained),
      at,
      reference: run.reference,
      ...(found.made ? { made: found.made } : {}),
    };
  }
  const allNotes = joinNotes(notes, unexplainedNotes(verdict.unexplained));
  try {
    const inspection = call.judge.inspect(call.args, now);
    const sealed = settings.seal.issue(call.tool, call.args, run.caller.id, inspection.fingerprint);
    const heading = `NOT COMMITTED: the API's answer was lost (${firstLine(sent)}), and reading it back shows nothing was changed. It is safe to confirm again:`;
    const answer = previewAnswer(call.tool, inspection.preview, sealed, { status: 'not_committed', heading, notes: allNotes });
    return { outcome: 'not_committed', answer, at, reference: run.reference };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const text = `${call.tool} was not applied (its answer was lost, and nothing changed), and cannot be done now: ${error.message}`;
    return { outcome: 'not_committed', reason: 'state-does-not-allow', answer: errorAnswer(text), at, reference: run.reference };
  }
}

function unknownAnswer({ call }: Run, error: Error): CallToolResult {
  return errorAnswer(
    `${call.tool} lost its answer, and reading the state back failed too, so it is unknown whether it was applied. ` +
      `Do NOT confirm it again or ask for a new preview to repeat it: call ${call.tool} again with the same arguments and confirmation to hear how it ended (the next call on this resource settles it first). ` +
      `To look yourself: ${call.judge.howToCheck(call.args)}. (${error.message})`,
    { status: 'unknown' },
  );
}

/**
 * Records how the claimed write ended. When the store cannot take it, the answer still says what
 * happened; the claim then stays open and the next call on the resource settles it.
 */
async function finish(run: Run, claim: StoredClaim, ended: RecordedOutcome): Promise<Step> {
  const { store } = run.settings;
  const { resource } = claim.record;
  try {
    await updateClaim(store, claim, withOutcome(claim.record, ended));
    if (ended.made) await rememberMade(store, resource, ended.made);
    if (ended.outcome !== 'unknown') await store.removeMember(unknownKeyOf(resource), claim.key);
  } catch (error) {
    // A claim another call decided first keeps that call's record; this answer still says what this call saw.
    if (!(error instanceof StoreUnavailable || error instanceof ClaimTaken)) throw error;
  }
  return step(ended.answer, ended.outcome, ended.reason);
}
