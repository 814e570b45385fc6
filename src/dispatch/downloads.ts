/**
 * Downloads: the API answers with a redirect to a temporary storage link, with the
 * bytes, or with JSON naming the link. Links are followed without API credentials;
 * the file is streamed to a local path or, when small, embedded in the result.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ClientLog } from '../upstream/log.js';
import { flattenResource, type FlatResource, type ResourceObject } from '../shape/jsonapi.js';
import { escapeUntrusted, untrustedInline } from '../shape/untrusted.js';
import { headerValue, type StreamedResponse, type UpstreamClient } from '../upstream/client.js';
import { EMBED_LIMIT, readSmall, saveStream, writablePath, type DeliveredFile, type FileAccess } from './files.js';
import type { Operation } from './operation.js';
import { describeUpstreamFailure, errorResult } from './problems.js';
import type { PreparedRequest } from './request.js';

export interface DownloadContext {
  upstream: UpstreamClient;
  files: FileAccess;
  signal?: AbortSignal;
  log?: ClientLog;
}

/** The file name from Content-Disposition (RFC 6266, filename* first), if any. */
function dispositionFilename(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1].trim());
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

function formatSize(bytes: number): string {
  return bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Streams the file to `target` (a checked local path) or keeps it in memory to embed. */
async function deliver(
  response: StreamedResponse,
  target: string | undefined,
  files: FileAccess,
): Promise<DeliveredFile | string> {
  if (target) return saveStream(response.body, target);
  const declared = Number(headerValue(response.headers, 'content-length') ?? 0);
  const small = declared > EMBED_LIMIT ? (response.body.destroy(), null) : await readSmall(response.body);
  const instead = files.writesRefused
    ? `, and it cannot be saved to disk either because ${files.writesRefused}`
    : '; call again with save_to set to a local path';
  return small ?? `the file is larger than ${formatSize(EMBED_LIMIT)}, too large to embed${instead}`;
}

/** Follows one redirect or link to the file itself. */
async function openFile(
  operation: Operation,
  linkAttribute: string | undefined,
  first: StreamedResponse,
  context: DownloadContext,
): Promise<{ response: StreamedResponse; metadata?: FlatResource } | { failure: CallToolResult }> {
  if (first.status >= 400) {
    const body = await context.upstream.readJson(first);
    return { failure: errorResult(describeUpstreamFailure(operation, { status: first.status, headers: first.headers, body })) };
  }
  if (linkAttribute) {
    const document = (await context.upstream.readJson(first)) as { data?: ResourceObject } | null;
    const metadata = document?.data ? flattenResource(document.data) : undefined;
    const link = metadata?.[linkAttribute];
    if (typeof link !== 'string')
      return { failure: errorResult(`${operation.name}: the API answered without a ${linkAttribute}.`) };
    return { response: await context.upstream.openLink(link, context.signal, context.log), metadata };
  }
  const location = headerValue(first.headers, 'location');
  if (first.status >= 300 && first.status < 400 && location) {
    await first.body.dump();
    return {
      response: await context.upstream.openLink(
        new URL(location, context.upstream.baseUrl(operation.product)).href,
        context.signal,
        context.log,
      ),
    };
  }
  return { response: first };
}

export async function runDownload(
  operation: Operation,
  linkAttribute: string | undefined,
  prepared: PreparedRequest,
  saveTo: string | undefined,
  context: DownloadContext,
): Promise<CallToolResult> {
  const apiUrl = context.upstream.baseUrl(operation.product) + prepared.path;
  // Checked before anything is sent: a refused path must not cost a download.
  const target = saveTo === undefined ? undefined : await writablePath(context.files, saveTo, 'save_to');
  const first = await context.upstream.open({
    product: operation.product,
    ...prepared,
    signal: context.signal,
    log: context.log,
  });
  const opened = await openFile(operation, linkAttribute, first, context);
  if ('failure' in opened) return opened.failure;
  const { response, metadata } = opened;
  if (response.status >= 400) {
    await response.body.dump();
    return errorResult(
      `${operation.name}: the download link answered HTTP ${response.status}. It may have expired; call ${operation.name} again.`,
    );
  }

  let delivered: DeliveredFile | string;
  try {
    delivered = await deliver(response, target, context.files);
  } catch (error) {
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    const left = target ? ' Nothing was saved.' : '';
    return errorResult(`${operation.name}: the download broke off (${reason}).${left} Call ${operation.name} again.`);
  }
  if (typeof delivered === 'string') return errorResult(`${operation.name}: ${delivered}.`);
  const filename =
    dispositionFilename(headerValue(response.headers, 'content-disposition')) ?? (metadata?.name as string | undefined);
  const contentType = headerValue(response.headers, 'content-type')?.split(';')[0] ?? 'application/octet-stream';
  const facts = {
    ...(filename ? { filename } : {}),
    content_type: contentType,
    size: delivered.size,
    sha256: delivered.sha256,
    ...(delivered.saved_to ? { saved_to: delivered.saved_to } : {}),
    ...(metadata ? { metadata } : {}),
  };
  const what = `${filename ? untrustedInline(filename) : 'the file'} (${formatSize(delivered.size)}, ${escapeUntrusted(contentType)})`;
  if (delivered.saved_to) {
    return { content: [{ type: 'text', text: `Saved ${what} to ${delivered.saved_to}.` }], structuredContent: facts };
  }
  return {
    content: [
      { type: 'text', text: `Downloaded ${what}; the content is attached.` },
      { type: 'resource', resource: { uri: apiUrl, mimeType: contentType, blob: delivered.bytes!.toString('base64') } },
    ],
    structuredContent: facts,
  };
}
