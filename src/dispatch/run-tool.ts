/** Runs any tool of the catalog: a summary over its reads, or one API operation; the answer checked once. */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolAnswer } from '../writes/call.js';
import type { DispatchContext } from './context.js';
import { runOperation } from './execute.js';
import { checkedAnswer } from './output-check.js';
import { errorResult } from './problems.js';
import { createReader, ReadFailure } from './reader.js';
import { isSummary, Unanswerable, type Summary, type Tool } from './summary.js';

type Args = Readonly<Record<string, unknown>>;

async function runSummary(summary: Summary, args: Args, context: DispatchContext): Promise<CallToolResult> {
  try {
    const { text, structured } = await summary.summarise(args, createReader(context));
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (error) {
    if (error instanceof Unanswerable) return errorResult(error.message);
    if (error instanceof ReadFailure) {
      return errorResult(`${summary.name} could not read everything it needs, so it gives no figures.\n${error.message}`);
    }
    throw error;
  }
}

/** Runs a tool with arguments already validated against its input schema. */
export async function runTool(tool: Tool, args: Record<string, unknown>, context: DispatchContext): Promise<ToolAnswer> {
  const answer = isSummary(tool) ? await runSummary(tool, args, context) : await runOperation(tool, args, context);
  return checkedAnswer(tool, answer);
}
