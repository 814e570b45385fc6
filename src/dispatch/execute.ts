/**
 * The generic executor: validated arguments of any declaration -> one REST request
 * -> a tool result with concise text and structured content. It knows no resource
 * by name; everything specific comes from the declaration.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FlatResource, JsonApiDocument } from '../shape/jsonapi.js';
import { UpstreamError, type UpstreamClient, type UpstreamResponse } from '../upstream/client.js';
import { runDownload } from './downloads.js';
import type { FileAccess } from './files.js';
import { isResourceView, type AnswerSupplement, type Operation } from './operation.js';
import { ArgumentProblem, describeUpstreamFailure, errorResult, unreachable, unreadable } from './problems.js';
import { createReader, ReadFailure } from './reader.js';
import { prepareRequest, type PreparedRequest } from './request.js';
import { shapeBatch, shapeEmpty, shapeList, shapeOne } from './results.js';

export interface DispatchContext {
  upstream: UpstreamClient;
  files: FileAccess;
  /** The operations answers may read through (see AnswerSupplement), by tool name. */
  operations: ReadonlyMap<string, Operation>;
  /** Characters of list rows one answer may carry; the rest waits behind a cursor. */
  answerBudget: number;
  signal?: AbortSignal;
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

/** Shapes a success, and checks it against the tool's output schema before the SDK does. */
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
  if (checked.success) return result;
  const issue = checked.error.issues[0];
  return errorResult(
    unreadable(operation, response.status, `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}`),
  );
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

/** Runs one operation with arguments already validated against its input schema. */
export async function runOperation(operation: Operation, args: Args, context: DispatchContext): Promise<CallToolResult> {
  try {
    const prepared = await prepareRequest(operation, args, context.files);
    if (!isResourceView(operation.result) && operation.result.kind === 'file') {
      return await runDownload(operation, operation.result.linkAttribute, prepared, args.save_to as string | undefined, context);
    }
    const response = await context.upstream.send({ product: operation.product, ...prepared, signal: context.signal });
    if (response.status >= 400) return errorResult(describeUpstreamFailure(operation, response));
    const answer = shapeChecked(operation, response, prepared, args, context);
    return operation.supplement && !answer.isError ? await supplemented(operation.supplement, answer, args, context) : answer;
  } catch (error) {
    if (error instanceof ArgumentProblem) {
      return errorResult(`Invalid argument for ${operation.name}; nothing was sent to the API.\n- ${error.message}`);
    }
    if (error instanceof UpstreamError) return errorResult(unreachable(operation, error));
    throw error;
  }
}
