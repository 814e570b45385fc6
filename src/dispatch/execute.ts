/**
 * The generic executor: validated arguments of any declaration -> one REST request
 * -> a tool result with concise text and structured content. It knows no resource
 * by name; everything specific comes from the declaration.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FlatResource, JsonApiDocument } from '../shape/jsonapi.js';
import { headerValue, UpstreamError, type UpstreamResponse } from '../upstream/client.js';
import { askedWaitMs } from '../upstream/retry.js';
import { StateUnreadable, type GuardedTool, type Sent, type ToolAnswer, type WriteSettings } from '../writes/call.js';
import { runGuarded } from '../writes/run.js';
import { confirmedArguments } from '../writes/seal.js';
import type { DispatchContext } from './context.js';
import { runDownload } from './downloads.js';
import { isResourceView, type AnswerSupplement, type MoneyGuard, type Operation } from './operation.js';
import { documentProblem } from './documents.js';
import { includeOf, refusedInclude, relatedRecords, withoutInclude } from './includes.js';
import { firstIssue, passedOutputCheck } from './output-check.js';
import { LinkElsewhere } from './cursor.js';
import {
  ArgumentProblem,
  describeUpstreamFailure,
  errorResult,
  linkElsewhere,
  redirected,
  unreachable,
  unreadable,
} from './problems.js';
import { isSummary } from './summary.js';
import { createReader, ReadFailure } from './reader.js';
import { prepareRequest, type PreparedRequest } from './request.js';
import { shapeBatch, shapeEmpty, shapeList, shapeOne } from './results.js';

type Args = Record<string, unknown>;

function shapeSuccess(
  operation: Operation,
  response: UpstreamResponse,
  prepared: PreparedRequest,
  args: Args,
  context: DispatchContext,
  included: readonly FlatResource[],
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
          included,
        )
      : shapeOne(operation, result, document, response.status, included);
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

/**
 * Shapes a success, with the related records asked for, and checks it against the tool's output
 * schema: an answer that does not fit is unreadable.
 */
async function shapeChecked(
  operation: Operation,
  response: UpstreamResponse,
  prepared: PreparedRequest,
  args: Args,
  context: DispatchContext,
  include: { asked: readonly string[]; refused: readonly string[] },
): Promise<CallToolResult> {
  const document = (response.body ?? {}) as JsonApiDocument;
  const related = await relatedRecords(operation, document, include.asked, include.refused, context);
  let result: CallToolResult;
  try {
    result = shapeSuccess(operation, response, prepared, args, context, related.included);
  } catch (error) {
    if (error instanceof LinkElsewhere) return errorResult(linkElsewhere(operation, error.link));
    return errorResult(unreadable(operation, response.status, (error as Error).message));
  }
  const checked = operation.outputSchema.safeParse(result.structuredContent);
  if (!checked.success) return errorResult(unreadable(operation, response.status, firstIssue(checked.error)));
  return passedOutputCheck(related.note ? withNote(result, related.note) : result);
}

/** The answer with a sentence under its text. */
function withNote(result: CallToolResult, note: string): CallToolResult {
  const [first, ...rest] = result.content;
  return first?.type === 'text' ? { ...result, content: [{ ...first, text: `${first.text}\n${note}` }, ...rest] } : result;
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

/** One request for the operation, shaped; never repeated for a write. */
export async function perform(operation: Operation, args: Args, context: DispatchContext): Promise<Sent> {
  const write = operation.method !== 'GET';
  try {
    let prepared = await prepareRequest(operation, args, context.files);
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
    const send = (request: PreparedRequest) =>
      context.upstream.send({
        product: operation.product,
        ...request,
        compressible: Boolean(operation.list),
        signal: context.signal,
        log: context.log,
      });
    const asked = operation.include ? [...new Set([...((args.include as string[]) ?? []), ...includeOf(prepared.path)])] : [];
    let response = await send(prepared);
    const refused = refusedInclude(operation, prepared.path, response) ?? [];
    if (refused.length) {
      const status = response.status;
      context.log?.(
        'warning',
        'reads',
        () => `${operation.name}: the API refused include=${refused.join(',')} (${status}); reading again without it`,
      );
      prepared = { ...prepared, path: withoutInclude(prepared.path) };
      response = await send(prepared);
    }
    const requestId = headerValue(response.headers, 'x-request-id');
    const identified = requestId ? { requestId } : {};
    if (response.status >= 400) {
      const result = errorResult(describeUpstreamFailure(operation, response));
      // 429: the API did nothing; a write may be brought again once it says.
      const wait =
        write && response.status === 429
          ? { untouched: true, retryAfterMs: askedWaitMs(headerValue(response.headers, 'retry-after')) ?? 1_000 }
          : {};
      return { result, ambiguous: write && response.status >= 500, status: response.status, ...identified, ...wait };
    }
    if (response.status >= 300) {
      return { result: errorResult(redirected(operation, response)), ambiguous: write, ...identified };
    }
    const problem = documentProblem(operation, response);
    const answer = problem
      ? errorResult(unreadable(operation, response.status, problem))
      : await shapeChecked(operation, response, prepared, args, context, { asked, refused });
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
      // A write that never left this server (no connection) did nothing either.
      const untouched = write && error.delivery === 'not-sent' ? { untouched: true } : {};
      const result = errorResult(unreachable(operation, error));
      return { result, ambiguous: write && error.delivery === 'maybe-sent', ...untouched };
    }
    throw error;
  }
}

/**
 * A guard as the write path sees it: its state read patiently (429, 503 and timeouts ridden out
 * within the read budget), and apart from the client's cancellation: a write, once claimed, runs
 * to its outcome even when the client gave up waiting for it.
 */
function guardedTool(guard: MoneyGuard, context: DispatchContext, writes: WriteSettings): GuardedTool {
  const reader = createReader({ ...context, signal: undefined, patienceMs: writes.readBudgetMs });
  return {
    judge: guard,
    async readState(args) {
      try {
        return await guard.read(args, reader);
      } catch (error) {
        if (error instanceof ReadFailure) throw new StateUnreadable(error.message);
        throw error;
      }
    },
  };
}

/**
 * Runs one operation with arguments already validated against its input schema. A write that
 * moves money goes through its guard: preview, confirmation, commit (src/writes).
 */
export async function runOperation(operation: Operation, args: Args, context: DispatchContext): Promise<ToolAnswer> {
  const { guard } = operation;
  const { writes } = context;
  if (!guard || !writes || writes.mode === 'off' || !(guard.applies?.(args) ?? true)) {
    return (await perform(operation, confirmedArguments(args), context)).result;
  }
  const detached: DispatchContext = { ...context, signal: undefined, patienceMs: writes.readBudgetMs };
  const call = {
    ...guardedTool(guard, context, writes),
    tool: operation.name,
    args,
    send: () => perform(operation, confirmedArguments(args), detached),
    other(name: string) {
      const tool = context.operations.get(name);
      return tool && !isSummary(tool) && tool.guard ? guardedTool(tool.guard, context, writes) : undefined;
    },
  };
  return runGuarded(call, writes, {
    id: context.caller ?? LOCAL_CALLER,
    consent: context.consent,
    audit: context.audit,
    log: context.log,
  });
}

/** Who calls on stdio, where there is no token: the person at the client. */
const LOCAL_CALLER = 'local';
