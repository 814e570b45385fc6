/**
 * Uploads: a multipart/form-data body of text fields and one file, sent with Node's own HTTP
 * client. undici takes a body chunk by chunk without saying when a chunk's bytes have left, so
 * every read of the file became a buffer of its own, and V8 frees those only once tens of MB of
 * them have piled up: a 25 MB upload grew a warmed-up server by 0 to 14 MB from run to run
 * (npm run bench). Here the file is read into a ring of four buffers, and a buffer is filled
 * again only after the socket said its bytes were written: 0 MB in every run, whatever the size.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The file of an upload: a file on disk (read as it is sent) or bytes already in memory. */
export type FileSource = { path: string } | { bytes: Uint8Array };

export class MultipartForm {
  constructor(
    readonly fields: ReadonlyArray<readonly [name: string, value: string]>,
    readonly file: { field: string; filename: string; type: string; source: FileSource },
  ) {}
}

export interface MultipartResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: IncomingMessage;
}

const CHUNK_BYTES = 64 * 1024;
const RING_SIZE = 4;
const AGENTS = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

/** A name or file name in a Content-Disposition header, quoted the way browsers do. */
const quoted = (value: string) => `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

/** The text before the file's bytes, and the text after them. */
function frame(form: MultipartForm, boundary: string): { head: Buffer; tail: Buffer } {
  const fields = form.fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
  );
  const { field, filename, type } = form.file;
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\nContent-Type: ${type}\r\n\r\n`;
  return { head: Buffer.from(fields.join('') + filePart), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

/** Resolves once `chunk` has been written to the socket (or rejects with why it could not be). */
function written(request: ReturnType<typeof httpRequest>, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => request.write(chunk, (error) => (error ? reject(error) : resolve())));
}

/** The file's bytes from an open handle, through the ring: each buffer is reused once it was written. */
async function writeFile(request: ReturnType<typeof httpRequest>, handle: FileHandle, size: number): Promise<void> {
  const ring = Array.from({ length: RING_SIZE }, () => ({
    buffer: Buffer.allocUnsafeSlow(CHUNK_BYTES),
    sent: Promise.resolve(),
  }));
  let offset = 0;
  for (let slot = 0; offset < size; slot = (slot + 1) % RING_SIZE) {
    const entry = ring[slot]!;
    await entry.sent;
    const { bytesRead } = await handle.read(entry.buffer, 0, Math.min(CHUNK_BYTES, size - offset), offset);
    if (bytesRead === 0) throw new Error('the file became shorter while it was being sent');
    offset += bytesRead;
    entry.sent = written(request, entry.buffer.subarray(0, bytesRead));
  }
  await Promise.all(ring.map((entry) => entry.sent));
}

/**
 * Sends `form` to `url` and resolves with the response once its headers arrived; its body is
 * left for the caller. `signal` aborts the whole exchange. A file on disk is sent with the size
 * it had when the upload began.
 */
export async function sendMultipart(
  url: URL,
  method: string,
  headers: Record<string, string>,
  form: MultipartForm,
  signal: AbortSignal,
): Promise<MultipartResponse> {
  const boundary = `----project-finance-mcp-${randomBytes(12).toString('hex')}`;
  const { head, tail } = frame(form, boundary);
  const { source } = form.file;
  const handle = 'path' in source ? await open(source.path, 'r') : undefined;
  try {
    const size = handle ? (await handle.stat()).size : (source as { bytes: Uint8Array }).bytes.byteLength;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method,
      agent: AGENTS[url.protocol as keyof typeof AGENTS],
      signal,
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.byteLength + size + tail.byteLength),
      },
    });
    const response = once(request, 'response', { signal }) as Promise<[IncomingMessage]>;
    // An early answer (a 413, say) or a failure ends the writing; the outcome comes from `response`.
    response.catch(() => undefined);
    try {
      await written(request, head);
      if (handle) await writeFile(request, handle, size);
      else await written(request, (source as { bytes: Uint8Array }).bytes);
      request.end(tail);
    } catch (error) {
      request.destroy(error as Error);
    }
    const [answer] = await response;
    return { status: answer.statusCode ?? 0, headers: answer.headers, body: answer };
  } finally {
    await handle?.close();
  }
}
