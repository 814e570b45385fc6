/**
 * The generic executor: validated arguments of any declaration -> one REST request
 * -> a tool result with concise text and structured content. It knows no resource
 * by name; everything specific comes from the declaration.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { JsonApiDocument } from '../shape/jsonapi.js';
import { UpstreamError, type UpstreamClient, type UpstreamResponse } from '../upstream/client.js';
import { runDownload } from './downloads.js';
import type { FileAccess } from './files.js';
import { isResourceView, type Operation } from './operation.js';
import { ArgumentProblem, describeUpstreamFailure, errorResult } from './problems.js';
import { prepareRequest, type PreparedRequest } from './request.js';
import { shapeBatch, shapeEmpty, shapeList, shapeOne } from './results.js';

export interface DispatchContext {
  upstream: UpstreamClient;
  files: FileAccess;
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

function unreachable(operation: Operation, error: UpstreamError): CallToolResult {
  if (operation.method === 'GET' || error.delivery === 'not-sent') {
    return errorResult(`${operation.name} could not reach the API (${error.message}). Nothing was changed; try again shortly.`);
  }
  return errorResult(
    `${operation.name} lost contact with the API after sending (${error.message}). The change may or may not have been applied. ` +
      'Do not repeat it blindly: read the current state first (for a payment, list_invoice_payments) and only then decide.',
  );
}

/**
 * The API answered with success but the answer cannot be read or does not have the
 * documented shape. For a write this must not read as a failure: the change was made,
 * and repeating it could, for a payment, record it twice.
 */
function unreadable(operation: Operation, status: number, problem: string): CallToolResult {
  if (operation.method === 'GET') {
    return errorResult(`${operation.name}: the API answered HTTP ${status}, but in an unexpected form (${problem}).`);
  }
  return errorResult(
    `${operation.name}: the API accepted the request (HTTP ${status}), so the change was most likely made, but its answer has an unexpected form (${problem}). ` +
      'Do not repeat it: read the current state first (for a payment, list_invoice_payments).',
  );
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
    return unreadable(operation, response.status, (error as Error).message);
  }
  const checked = operation.outputSchema.safeParse(result.structuredContent);
  if (checked.success) return result;
  const issue = checked.error.issues[0];
  return unreadable(operation, response.status, `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}`);
}

/** Runs one operation with arguments already validated against its input schema. */
export async function runOperation(operation: Operation, args: Args, context: DispatchContext): Promise<CallToolResult> {
  try {
    const prepared = await prepareRequest(operation, args, context.files);
    const { result } = operation;
    if (!isResourceView(result) && result.kind === 'file') {
      return await runDownload(operation, result.linkAttribute, prepared, args.save_to as string | undefined, context);
    }
    const response = await context.upstream.send({ product: operation.product, ...prepared, signal: context.signal });
    if (response.status >= 400) return errorResult(describeUpstreamFailure(operation, response));
    return shapeChecked(operation, response, prepared, args, context);
  } catch (error) {
    if (error instanceof ArgumentProblem) {
      return errorResult(`Invalid argument for ${operation.name}; nothing was sent to the API.\n- ${error.message}`);
    }
    if (error instanceof UpstreamError) return unreachable(operation, error);
    throw error;
  }
}
