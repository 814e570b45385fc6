/**
 * The answers of the write path, in words for the model and the person, and in structured
 * content for programs: previews, the question put to the person, commits, replays of a used
 * confirmation, and the refusals. API text reaches them only quoted (quote.ts), so every line
 * that starts in these answers is one of ours.
 */
import { isInputRequiredResult, type CallToolResult } from '@modelcontextprotocol/server';
import type { ToolAnswer } from './call.js';
import type { Preview } from './judge.js';
import type { RecordedOutcome } from './claims.js';
import { oneLine } from './quote.js';
import type { ConfirmationProblem } from './seal.js';

export const PROBLEMS: Record<ConfirmationProblem, string> = {
  tampered: 'The confirmation is not one this server issued, or it was altered.',
  expired: 'The confirmation has expired.',
  'other-tool': 'The confirmation was issued for another tool.',
  'other-caller': 'The confirmation was issued to another user.',
  'other-arguments': 'The arguments differ from the ones the confirmation was issued for.',
};

export function errorAnswer(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}) };
}

/** What else a call found and did on the resource first: earlier writes settled, payments nobody explains. */
export interface Notes {
  lines: string[];
  structured: Record<string, unknown>;
}

export const NO_NOTES: Notes = { lines: [], structured: {} };

export function joinNotes(...parts: Notes[]): Notes {
  return {
    lines: parts.flatMap((part) => part.lines),
    structured: Object.assign({}, ...parts.map((part) => part.structured)),
  };
}

function previewLines(preview: Preview): string[] {
  return [
    ...preview.summary.map(oneLine),
    ...(preview.warnings.length ? ['Warnings:', ...preview.warnings.map((warning) => `- ${oneLine(warning.message)}`)] : []),
  ];
}

export interface PreviewShown {
  /** preview: nothing changed yet; not_committed: a write whose answer was lost was not made. */
  status: 'preview' | 'not_committed';
  /** The first line: what the preview answers. */
  heading: string;
  notes: Notes;
  /** The confirmation brought was refused (the state changed), and this is the fresh preview. */
  refused?: string;
}

/** A preview with its confirmation. */
export function previewAnswer(
  tool: string,
  preview: Preview,
  sealed: { token: string; expiresAt: Date },
  { status, heading, notes, refused }: PreviewShown,
): CallToolResult {
  const expires = sealed.expiresAt.toISOString();
  const text = [
    ...notes.lines.map(oneLine),
    oneLine(heading),
    ...previewLines(preview),
    `Show this preview to the user. Only once they agree, call ${tool} again with the same arguments plus "confirmation": "${sealed.token}" (valid until ${expires}). If they do not agree, do nothing.`,
  ].join('\n');
  return {
    ...(refused ? { isError: true } : {}),
    content: [{ type: 'text', text }],
    structuredContent: {
      status,
      ...(refused ? { reason: refused } : {}),
      confirmation: sealed.token,
      expires_at: expires,
      preview,
      warnings: preview.warnings,
      ...notes.structured,
    },
  };
}

/** The question put to the person: the preview, and what saying yes does. */
export function questionText(preview: Preview, notes: Notes): string {
  return [...notes.lines.map(oneLine), ...previewLines(preview), 'Do you want this to be done?'].join('\n');
}

/** The person said no, or closed the question: nothing happened, and that is not an error. */
export function notAgreed(action: 'accept' | 'decline' | 'cancel'): CallToolResult {
  const status = action === 'cancel' ? 'cancelled' : 'declined';
  const text =
    status === 'cancelled'
      ? 'CANCELLED: the user closed the question without answering; nothing was changed.'
      : 'DECLINED: the user did not agree; nothing was changed.';
  return { content: [{ type: 'text', text }], structuredContent: { status } };
}

/** The write happened: its answer marked as committed, after what was found first. */
export function committedAnswer(result: CallToolResult, note: string, notes: Notes): CallToolResult {
  const [first, ...rest] = result.content;
  const text = first?.type === 'text' ? first.text : '';
  return {
    content: [{ type: 'text', text: [...notes.lines.map(oneLine), note, text].join('\n') }, ...rest],
    structuredContent: { status: 'committed', ...(result.structuredContent ?? {}), ...notes.structured },
  };
}

/**
 * A confirmation already used: the answer its first call got, said to be that, with nothing
 * sent again. A commit stays a commit (not an error), so nobody is led to confirm a second time.
 */
export function replayAnswer(recorded: RecordedOutcome): CallToolResult {
  const { answer, at, reference, outcome } = recorded;
  const [first, ...rest] = answer.content;
  const before = first?.type === 'text' ? first.text : '';
  const head =
    outcome === 'committed'
      ? `ALREADY COMMITTED: this confirmation was carried out at ${at} (reference ${reference}); nothing was sent again. Do not confirm it again; here is its answer:`
      : `ALREADY USED: this confirmation was used at ${at} (reference ${reference}); nothing was sent again. Its answer then:`;
  return {
    ...(answer.isError ? { isError: true } : {}),
    content: [{ type: 'text', text: `${head}\n${before}` }, ...rest],
    structuredContent: { ...(answer.structuredContent ?? {}), replayed: true, decided_at: at, decided_by: reference },
  };
}

export function inProgressAnswer(tool: string, waitedMs: number): CallToolResult {
  return errorAnswer(
    `IN PROGRESS: another call with this confirmation is still being carried out (waited ${Math.round(waitedMs / 1000)} s); this call sent nothing. Call ${tool} again with the same arguments and confirmation in a few seconds to hear how it ended. Do not ask for a new preview.`,
    { status: 'in_progress' },
  );
}

export function storeUnavailableAnswer(tool: string, store: string): CallToolResult {
  return errorAnswer(
    `REFUSED: the shared state store (${store}) cannot be reached, so ${tool} cannot be made exactly once; nothing was sent. Reading and previews still work. Call again with the same confirmation once the store is back (until it expires).`,
    { status: 'refused', reason: 'state-store-unavailable' },
  );
}

/** The answer with its correlation id, which the audit line carries too. */
export function tagged(answer: ToolAnswer, correlationId: string): ToolAnswer {
  if (isInputRequiredResult(answer)) return answer;
  const [first, ...rest] = answer.content;
  const text = first?.type === 'text' ? `${first.text}\n(reference ${correlationId})` : `(reference ${correlationId})`;
  return {
    ...answer,
    content: [{ type: 'text', text }, ...rest],
    structuredContent: { ...(answer.structuredContent ?? {}), correlation_id: correlationId },
  };
}
