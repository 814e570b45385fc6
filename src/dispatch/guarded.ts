/**
 * The two-step contract for writes that move money. Without a confirmation the call changes
 * nothing: it reads the state, judges the arguments against it and answers with a preview and a
 * sealed confirmation. With the confirmation and the same arguments, the state is read again and
 * the write is sent once, only if nothing changed since. When the answer to that write is lost,
 * the state is read back to say what actually happened.
 */
import { randomUUID } from 'node:crypto';
import { isInputRequiredResult, type CallToolResult, type LoggingLevel } from '@modelcontextprotocol/server';
import type { MoneyEntry } from '../audit.js';
import { confirmedArguments, digest, type ConfirmationProblem, type ConfirmationSeal } from './confirmation.js';
import type { DispatchContext, Outcome, ToolAnswer } from './execute.js';
import { Refusal, type Inspection, type MoneyGuard, type Operation } from './operation.js';
import { errorResult } from './problems.js';
import { createReader, ReadFailure } from './reader.js';

type Args = Readonly<Record<string, unknown>>;
type Perform = (operation: Operation, args: Args, context: DispatchContext) => Promise<Outcome>;

const LOCAL_CALLER = 'local';

const PROBLEMS: Record<ConfirmationProblem, string> = {
  tampered: 'The confirmation is not one this server issued, or it was altered.',
  expired: 'The confirmation has expired.',
  'other-tool': 'The confirmation was issued for another tool.',
  'other-caller': 'The confirmation was issued to another user.',
  'other-arguments': 'The arguments differ from the ones the confirmation was issued for.',
};

/** How loud each outcome is in the client's log: refusals warn, a write of unknown fate is an error. */
const OUTCOME_LEVELS: Record<MoneyEntry['outcome'], LoggingLevel> = {
  preview: 'info',
  asked: 'info',
  declined: 'info',
  cancelled: 'info',
  committed: 'notice',
  refused: 'warning',
  not_committed: 'warning',
  unknown: 'error',
  failed: 'error',
};

interface Sealing {
  seal: ConfirmationSeal;
  caller: string;
}

function previewText(operation: Operation, inspection: Inspection, token: string, expiresAt: Date, heading: string): string {
  const { summary, warnings } = inspection.preview;
  return [
    heading,
    ...summary,
    ...(warnings.length ? ['Warnings:', ...warnings.map((warning) => `- ${warning}`)] : []),
    `Show this preview to the user. Only once they agree, call ${operation.name} again with the same arguments plus "confirmation": "${token}" (valid until ${expiresAt.toISOString()}). If they do not agree, do nothing.`,
  ].join('\n');
}

/** A preview with a fresh confirmation; `status` says why it is shown. */
function previewAnswer(
  operation: Operation,
  args: Args,
  inspection: Inspection,
  sealing: Sealing,
  status: 'preview' | 'not_committed',
  heading: string,
): { text: string; structured: Record<string, unknown> } {
  const { token, expiresAt } = sealing.seal.issue(operation.name, args, sealing.caller, inspection.fingerprint);
  return {
    text: previewText(operation, inspection, token, expiresAt, heading),
    structured: { status, confirmation: token, expires_at: expiresAt.toISOString(), preview: inspection.preview },
  };
}

/** The question put to the person: the preview, and what saying yes does. */
function questionText(inspection: Inspection): string {
  const { summary, warnings } = inspection.preview;
  return [...summary, ...warnings.map((warning) => `Warning: ${warning}`), 'Do you want this to be done?'].join('\n');
}

/** The person said no, or closed the question: nothing happened, and that is not an error. */
function notAgreed(action: 'accept' | 'decline' | 'cancel'): CallToolResult {
  const status = action === 'cancel' ? 'cancelled' : 'declined';
  const text =
    status === 'cancelled'
      ? 'CANCELLED: the user closed the question without answering; nothing was changed.'
      : 'DECLINED: the user did not agree; nothing was changed.';
  return { content: [{ type: 'text', text }], structuredContent: { status } };
}

/** The write happened: its answer marked as committed. */
function committed(result: CallToolResult, note?: string): CallToolResult {
  const [first, ...rest] = result.content;
  const text = first?.type === 'text' ? first.text : '';
  return {
    content: [{ type: 'text', text: `${note ?? 'Committed.'}\n${text}` }, ...rest],
    structuredContent: { status: 'committed', ...(result.structuredContent ?? {}) },
  };
}

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

/** The answer with its correlation id, which the audit line carries too. */
function tagged(answer: ToolAnswer, correlationId: string): ToolAnswer {
  if (isInputRequiredResult(answer)) return answer;
  const [first, ...rest] = answer.content;
  const text = first?.type === 'text' ? `${first.text}\n(reference ${correlationId})` : `(reference ${correlationId})`;
  return {
    ...answer,
    content: [{ type: 'text', text }, ...rest],
    structuredContent: { ...(answer.structuredContent ?? {}), correlation_id: correlationId },
  };
}

export async function runGuarded(
  operation: Operation,
  guard: MoneyGuard,
  args: Args,
  context: DispatchContext,
  perform: Perform,
): Promise<ToolAnswer> {
  const sealing: Sealing = { seal: context.confirmations!.seal, caller: context.caller ?? LOCAL_CALLER };
  const correlationId = randomUUID();
  const done = await decide(operation, guard, args, context, perform, sealing);
  context.audit?.({
    audit: 'money_write',
    caller: sealing.caller,
    tool: operation.name,
    args_hash: digest(confirmedArguments(args)),
    correlation_id: correlationId,
    outcome: done.outcome,
    ...(done.reason ? { reason: done.reason } : {}),
    ...(done.requestId ? { upstream_request_id: done.requestId } : {}),
  });
  context.log?.(
    OUTCOME_LEVELS[done.outcome],
    'writes',
    () => `${operation.name}: ${done.outcome}${done.reason ? ` (${done.reason})` : ''}, reference ${correlationId}`,
  );
  return tagged(done.answer, correlationId);
}

async function decide(
  operation: Operation,
  guard: MoneyGuard,
  args: Args,
  context: DispatchContext,
  perform: Perform,
  sealing: Sealing,
): Promise<Step> {
  const read = createReader(context);
  const readState = () => guard.read(args, read);
  // Where the client can ask the person, their answer stands in for the confirmation.
  const consent = context.confirmations!.mode === 'auto' && typeof args.confirmation !== 'string' ? context.consent : undefined;
  const answer = consent?.answer;
  if (answer && (answer.action !== 'accept' || !answer.confirmed)) {
    return step(notAgreed(answer.action), answer.action === 'cancel' ? 'cancelled' : 'declined');
  }
  const token = typeof args.confirmation === 'string' ? args.confirmation : answer?.state;
  if (answer && token === undefined) {
    const text = `The answer came back without the state of the question; nothing was sent. Call ${operation.name} again to be asked anew.`;
    return step(errorResult(text), 'refused', 'no-state');
  }
  const checked = token === undefined ? undefined : sealing.seal.check(token, operation.name, args, sealing.caller);
  if (checked && !checked.ok) {
    const text = `${PROBLEMS[checked.problem]} Nothing was sent. Call ${operation.name} without "confirmation" for a new preview, show it to the user and confirm what they agree to.`;
    return step(errorResult(text), 'refused', checked.problem);
  }

  let state: unknown;
  let inspection: Inspection;
  try {
    state = await readState();
    inspection = guard.inspect(args, state);
  } catch (error) {
    if (error instanceof Refusal) {
      return step(
        errorResult(`${operation.name} cannot be done now; nothing was sent. ${error.message}`),
        'refused',
        'state-does-not-allow',
      );
    }
    if (error instanceof ReadFailure) {
      const text = `${operation.name}: the current state could not be read, so nothing was sent. ${error.message}`;
      return step(errorResult(text), 'failed', 'state-unreadable');
    }
    throw error;
  }

  if (!checked) {
    if (consent) {
      const { token: sealed } = sealing.seal.issue(operation.name, args, sealing.caller, inspection.fingerprint);
      return step(consent.ask(questionText(inspection), sealed), 'asked');
    }
    const { text, structured } = previewAnswer(
      operation,
      args,
      inspection,
      sealing,
      'preview',
      'PREVIEW: nothing has been changed yet.',
    );
    return step({ content: [{ type: 'text', text }], structuredContent: structured }, 'preview');
  }

  if (checked.stateHash !== digest(inspection.fingerprint)) {
    const { text, structured } = previewAnswer(
      operation,
      args,
      inspection,
      sealing,
      'preview',
      'REFUSED: the state changed since the preview (a payment was booked, or amounts or the state changed), possibly through this very confirmation. Nothing was sent. Here is a new preview of the current state:',
    );
    return step({ isError: true, content: [{ type: 'text', text }], structuredContent: structured }, 'refused', 'state-changed');
  }

  const outcome = await perform(operation, confirmedArguments(args), context);
  const requestId = outcome.requestId ? { requestId: outcome.requestId } : {};
  if (!outcome.ambiguous) {
    return outcome.result.isError
      ? { ...step(outcome.result, 'refused', 'api-refused'), ...requestId }
      : { ...step(committed(outcome.result), 'committed'), ...requestId };
  }
  return { ...(await reconcile(operation, guard, args, state, outcome.result, readState, sealing)), ...requestId };
}

/** After a lost answer: reads the state again and says whether the write happened. */
async function reconcile(
  operation: Operation,
  guard: MoneyGuard,
  args: Args,
  before: unknown,
  failure: CallToolResult,
  readState: () => Promise<unknown>,
  sealing: Sealing,
): Promise<Step> {
  const lost = failure.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
  let now: unknown;
  try {
    now = await readState();
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    const text =
      `${operation.name} lost its answer, and reading the state back failed too, so it is unknown whether it was applied. ` +
      `Do NOT call it again. First read the current state yourself (${guard.howToCheck(args)}) and compare it with the preview. (${error.message})`;
    return step(errorResult(text), 'unknown');
  }
  const found = guard.findCommitted(args, before, now);
  if (found) {
    const note =
      'Committed: the answer from the API was lost, but reading it back shows the write was made, once. Do not repeat it.';
    return step(
      committed({ content: [{ type: 'text', text: found.text }], structuredContent: found.resource }, note),
      'committed',
      'read-back',
    );
  }
  try {
    const { text, structured } = previewAnswer(
      operation,
      args,
      guard.inspect(args, now),
      sealing,
      'not_committed',
      `NOT COMMITTED: the API's answer was lost (${lost.slice(0, 300)}), and reading it back shows nothing was changed. It is safe to confirm again:`,
    );
    return step({ content: [{ type: 'text', text }], structuredContent: structured }, 'not_committed');
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const text = `${operation.name} was not applied (its answer was lost, and nothing changed), and cannot be done now: ${error.message}`;
    return step(errorResult(text), 'not_committed', 'state-does-not-allow');
  }
}
