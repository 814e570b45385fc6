/**
 * The generic executor: validated arguments of any declaration -> one REST request
 * -> a tool result with concise text and structured content. It knows no resource
 * by name; everything specific comes from the declaration.
 */
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { AuditSink } from '../audit.js';
import type { ClientLog } from '../upstream/log.js';
import type { FlatResource, JsonApiDocument } from '../shape/jsonapi.js';
import { headerValue, UpstreamError, type UpstreamClient, type UpstreamResponse } from '../upstream/client.js';
import { runDownload } from './downloads.js';
import type { FileAccess } from './files.js';
import { isResourceView, type AnswerSupplement, type Operation } from './operation.js';
import { documentProblem } from './documents.js';
import { firstIssue, passedOutputCheck } from './output-check.js';
import { ArgumentProblem, describeUpstreamFailure, errorResult, redirected, unreachable, unreadable } from './problems.js';
import { confirmedArguments, type ConfirmationSeal } from './confirmation.js';
import { runGuarded } from './guarded.js';
import type { Tool } from './summary.js';
import { createReader, ReadFailure } from './reader.js';
import { prepareRequest, type PreparedRequest } from './request.js';
import { shapeBatch, shapeEmpty, shapeList, shapeOne } from './results.js';

export interface DispatchContext {
  upstream: UpstreamClient;
  files: FileAccess;
  /** The tools answers may read through (see AnswerSupplement and Summary), by name. */
  operations: ReadonlyMap<string, Tool>;
  /** How writes that move money are confirmed; absent: they are not guarded. */
  confirmations?: { seal: ConfirmationSeal; mode: 'auto' | 'token' | 'off' };
  /** Who is calling (the token subject in hosted mode); confirmations are bound to it. */
  caller?: string;
  /** Asking the person through the client (elicitation), where the client can. */
  consent?: ConsentChannel;
  /** Where each step of a write that moves money is recorded. */
  audit?: AuditSink;
  /** Characters of list rows one answer may carry; the rest waits behind a cursor. */
  answerBudget: number;
  signal?: AbortSignal;
  /** Tells the client how a long call advances (each API page read), where it asked to hear. */
  progress?: (message: string) => void;
  /** Tells the client what the call does (API requests, retries, failures), where it asked to hear. */
  log?: ClientLog;
}

type Args = Record<string, unknown>;

function shapeSuccess(
  operation: Operation,
  response: UpstreamResponse,
  prepared: PreparedRequest,
  args: Args,
  context: DispatchContext,
): CallToolResult {
  const { result } = operation;
  const document = (response.body ?? {}) as JsonApiDocument;
  if (isResourceView(result)) {
    return operation.list
      ? shapeList(
          operation,
          result,
          document,
          context.upstream.baseUrl(operation.product),
          { path: prepared.path, skip: prepared.skip ?? 0, first: args.cursor === undefined },
          context.answerBudget,
        )
      : shapeOne(operation, result, document, response.status);
  }
  switch (result.kind) {
    case 'empty':
      return shapeEmpty(result.done);
    case 'batch':
      return shapeBatch(result.view, document as never);
    case 'file':
      throw new Error(`${operation.name}: downloads are not JSON exchanges`);
  }
}

/** Shapes a success and checks it against the tool's output schema: an answer that does not fit is unreadable. */
function shapeChecked(
  operation: Operation,
  response: UpstreamResponse,
  prepared: PreparedRequest,
  args: Args,
  context: DispatchContext,
): CallToolResult {
  let result: CallToolResult;
  try {
    result = shapeSuccess(operation, response, prepared, args, context);
  } catch (error) {
    return errorResult(unreadable(operation, response.status, (error as Error).message));
  }
  const checked = operation.outputSchema.safeParse(result.structuredContent);
  if (checked.success) return passedOutputCheck(result);
  return errorResult(unreadable(operation, response.status, firstIssue(checked.error)));
}

/** The answer with the supplement's heading and fields; when its reads fail, the answer as it was, saying so. */
async function supplemented(
  supplement: AnswerSupplement,
  result: CallToolResult,
  args: Args,
  context: DispatchContext,
): Promise<CallToolResult> {
  const structured = result.structuredContent as FlatResource;
  const [first, ...rest] = result.content;
  const withHeading = (heading: string): CallToolResult['content'] => [
    { type: 'text', text: `${heading}\n${first?.type === 'text' ? first.text : ''}` },
    ...rest,
  ];
  try {
    const { heading, fields } = await supplement.build({ args, answer: structured, read: createReader(context) });
    return { content: withHeading(heading), structuredContent: { ...structured, ...fields } };
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    const note = `${supplement.confirmed}, but reading the details back failed, so this is the API's reply alone. Do not repeat the call. (${error.message})`;
    return { content: withHeading(note), structuredContent: structured };
  }
}

/** The answer to a tool call: a result, or (2026-07-28) a request for input the client retries with. */
export type ToolAnswer = CallToolResult | InputRequiredResult;

/**
 * Asking the person for consent through the client. The request goes out as an input_required
 * result (the SDK turns it into elicitation/create for 2025-11-25 clients); the client calls again
 * with the person's answer and the state the request carried.
 */
export interface ConsentChannel {
  /** The person's answer carried by this call, when it is such a retry. */
  answer?: { action: 'accept' | 'decline' | 'cancel'; confirmed: boolean; state?: string };
  /** The result that asks: `message` shown to the person, `state` echoed back with the answer. */
  ask(message: string, state: string): InputRequiredResult;
}

/** What a call came to; `ambiguous` when it was a write that may or may not have been applied. */
export interface Outcome {
  result: CallToolResult;
  ambiguous: boolean;
  /** The API's id for the request, where it gives one (x-request-id). */
  requestId?: string;
}

/** One request for the operation, shaped; never repeated for a write. */
export async function perform(operation: Operation, args: Args, context: DispatchContext): Promise<Outcome> {
  const write = operation.method !== 'GET';
  try {
    const prepared = await prepareRequest(operation, args, context.files);
    if (!isResourceView(operation.result) && operation.result.kind === 'file') {
      const result = await runDownload(
        operation,
        operation.result.linkAttribute,
        prepared,
        args.save_to as string | undefined,
        context,
      );
      return { result, ambiguous: false };
    }
    const response = await context.upstream.send({
      product: operation.product,
      ...prepared,
      signal: context.signal,
      log: context.log,
    });
    const requestId = headerValue(response.headers, 'x-request-id');
    const identified = requestId ? { requestId } : {};
    if (response.status >= 400) {
      const result = errorResult(describeUpstreamFailure(operation, response));
      return { result, ambiguous: write && response.status >= 500, ...identified };
    }
    if (response.status >= 300) {
      return { result: errorResult(redirected(operation, response)), ambiguous: write, ...identified };
    }
    const problem = documentProblem(operation, response);
    const answer = problem
      ? errorResult(unreadable(operation, response.status, problem))
      : shapeChecked(operation, response, prepared, args, context);
    // A write the API accepted with an answer that cannot be read was most likely made.
    if (answer.isError) return { result: answer, ambiguous: write, ...identified };
    const result = operation.supplement ? await supplemented(operation.supplement, answer, args, context) : answer;
    return { result, ambiguous: false, ...identified };
  } catch (error) {
    if (error instanceof ArgumentProblem) {
      return {
        result: errorResult(`Invalid argument for ${operation.name}; nothing was sent to the API.\n- ${error.message}`),
        ambiguous: false,
      };
    }
    if (error instanceof UpstreamError) {
      return { result: errorResult(unreachable(operation, error)), ambiguous: write && error.delivery === 'maybe-sent' };
    }
    throw error;
  }
}

/**
 * Runs one operation with arguments already validated against its input schema. A write that
 * moves money goes through its guard: preview, confirmation, commit (guarded.ts).
 */
export async function runOperation(operation: Operation, args: Args, context: DispatchContext): Promise<ToolAnswer> {
  const { guard } = operation;
  if (guard && context.confirmations && context.confirmations.mode !== 'off' && (guard.applies?.(args) ?? true)) {
    return runGuarded(operation, guard, args, context, perform);
  }
  return (await perform(operation, confirmedArguments(args), context)).result;
}
