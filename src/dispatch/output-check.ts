/**
 * Every structured answer is checked against its tool's output schema exactly once, here and
 * not again by the SDK (json-schemas.ts cardSchemas): a second parse of a 100-row page costs
 * time and garbage on every call. The API's answers are checked as they are shaped, where a
 * mismatch means an unreadable reply; the rest (summaries, previews, read-backs) at the end.
 */
import { isInputRequiredResult, type CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ToolAnswer } from '../writes/call.js';
import { errorResult } from './problems.js';

const checked = new WeakSet<CallToolResult>();

/** The first issue of a failed check, as `path: message`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}`;
}

/** Records that `result` has been checked against its tool's output schema. */
export function passedOutputCheck(result: CallToolResult): CallToolResult {
  checked.add(result);
  return result;
}

/** The answer, once checked; one that does not fit its schema is a defect of ours and said to be one. */
export function checkedAnswer(tool: { name: string; outputSchema: z.ZodType }, answer: ToolAnswer): ToolAnswer {
  if (isInputRequiredResult(answer) || answer.isError || checked.has(answer)) return answer;
  const verdict = tool.outputSchema.safeParse(answer.structuredContent);
  if (verdict.success) return answer;
  return errorResult(
    `${tool.name} made an answer that does not fit its own output schema (${firstIssue(verdict.error)}). This is a defect of the server, not of the data; please report it.`,
  );
}
