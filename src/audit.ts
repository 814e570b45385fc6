/**
 * The audit trail: JSON lines for the team's log pipeline. Tool calls of hosted callers, and
 * every step of a write that moves money (preview, refusal, commit, outcome after a lost
 * answer), go to --audit-log PATH, or to stderr in hosted mode.
 */
import { appendFileSync } from 'node:fs';

/** One tool call of a hosted caller. */
export interface ToolCallEntry {
  audit: 'tool_call';
  /** The caller's token subject. */
  sub: string;
  /** The tool that ran (for call_tool, the tool it named). */
  tool: string;
  /** ok: answered; error: answered with an error; refused: not allowed (scope); failed: the server broke. */
  outcome: 'ok' | 'error' | 'refused' | 'failed';
}

/** One step of a write that moves money. */
export interface MoneyEntry {
  audit: 'money_write';
  /** The caller (token subject in hosted mode, "local" on stdio). */
  caller: string;
  tool: string;
  /** SHA-256 of the canonical arguments (without the confirmation): the same write hashes alike. */
  args_hash: string;
  /** Also in the answer, so a person can point at this line. */
  correlation_id: string;
  outcome: 'preview' | 'asked' | 'refused' | 'committed' | 'not_committed' | 'unknown' | 'declined' | 'cancelled' | 'failed';
  /** Why a confirmation was refused, e.g. "expired" or "state-changed". */
  reason?: string;
  /** The API's id for the write request, where it gives one. */
  upstream_request_id?: string;
}

export type AuditEntry = ToolCallEntry | MoneyEntry;

export type AuditSink = (entry: AuditEntry) => void;

/** Appends each entry, with its time, to `target`: a file path, or "stderr". */
export function auditLog(target: string): AuditSink {
  return (entry) => {
    const line = `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`;
    if (target === 'stderr') process.stderr.write(line);
    else appendFileSync(target, line);
  };
}
