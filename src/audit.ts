/**
 * The audit trail: JSON lines for the team's log pipeline. Tool calls of hosted callers, and
 * every step of a write that moves money (preview, refusal, commit, outcome after a lost
 * answer), go to --audit-log PATH, or to stderr in hosted mode.
 */
import type { OperatorLog } from './logs.js';

/** One tool call of a hosted caller. */
export interface ToolCallEntry {
  audit: 'tool_call';
  /** The issuer of the caller's token. */
  iss: string;
  /** The caller's token subject, or `client:<client_id>` for a token without one. */
  sub: string;
  /** The tool that ran (for call_tool, the tool it named). */
  tool: string;
  /** ok: answered; error: answered with an error; refused: not allowed (scope); failed: the server broke. */
  outcome: 'ok' | 'error' | 'refused' | 'failed';
}

/** One step of a write that moves money. */
export interface MoneyEntry {
  audit: 'money_write';
  /** The caller: issuer and subject in hosted mode (see auth/caller.ts), "local" on stdio. */
  caller: string;
  tool: string;
  /** SHA-256 of the canonical arguments (without the confirmation): the same write hashes alike. */
  args_hash: string;
  /** Also in the answer, so a person can point at this line. */
  correlation_id: string;
  /**
   * replayed: a confirmation already used, answered with its outcome and nothing sent;
   * in_progress: its first call had not ended within the wait, and this one sent nothing.
   */
  outcome:
    | 'preview'
    | 'asked'
    | 'refused'
    | 'committed'
    | 'replayed'
    | 'in_progress'
    | 'not_committed'
    | 'unknown'
    | 'declined'
    | 'cancelled'
    | 'failed';
  /** Why a confirmation was refused, e.g. "expired" or "state-changed"; for a replay, the outcome replayed. */
  reason?: string;
  /** SHA-256 of the confirmation the call brought: the lines of one confirmation's uses share it. */
  confirmation?: string;
  /** The API's id for the write request, where it gives one. */
  upstream_request_id?: string;
}

export type AuditEntry = ToolCallEntry | MoneyEntry;

export type AuditSink = (entry: AuditEntry) => void;

/**
 * Writes each entry as one line of `log`, which adds its level and time. A step of a write that
 * moves money is written before the call goes on; a tool call's line may wait for the next lines.
 */
export function auditSink(log: OperatorLog): AuditSink {
  return (entry) => {
    log.info(entry);
    if (entry.audit === 'money_write') log.flush();
  };
}
