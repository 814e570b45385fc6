/** Audit lines in hosted mode: one JSON object per tool call on stderr, for the team's log pipeline. */

export interface AuditEntry {
  /** The caller's token subject. */
  sub: string;
  /** The tool that ran (for call_tool, the tool it named). */
  tool: string;
  /** ok: answered; error: answered with an error; refused: not allowed (scope); failed: the server broke. */
  outcome: 'ok' | 'error' | 'refused' | 'failed';
}

export type AuditSink = (entry: AuditEntry) => void;

export const auditToStderr: AuditSink = (entry) => {
  process.stderr.write(`${JSON.stringify({ audit: 'tool_call', time: new Date().toISOString(), ...entry })}\n`);
};
