/**
 * Uploads: a multipart/form-data body of text fields and one file, sent with Node's own HTTP
 * client. undici takes a body chunk by chunk without saying when a chunk's bytes have left, so
 * every read of the file became a buffer of its own, and V8 frees those only once tens of MB of
 * them have piled up: a 25 MB upload grew a warmed-up server by 0 to 14 MB from run to run
 * (npm run bench). Here the file is read into a ring of four buffers, and a buffer is filled
 * again only after the socket said its bytes were written: 0 MB in every run, whatever the size.
 */
import { randomBytes } from 'node:crypto';
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

/** The API answered before the whole file was sent (a 401 or 413, say): the rest is not sent. */
class AnsweredEarly extends Error {
  override name = 'AnsweredEarly';
}

type Request = ReturnType<typeof httpRequest>;

/**
 * Writes to `request`, each resolving once its bytes were written to the socket, or failing as
 * soon as the request can take no more: it failed, its connection closed, or it was answered.
 */
function writerOf(request: Request): (chunk: Uint8Array) => Promise<void> {
  let stopped: Error | undefined;
  const stop = new Promise<never>((_, reject) => {
    const end = (reason: Error) => reject((stopped ??= reason));
    request.once('error', end);
    request.once('close', () => end(new Error('the connection closed while the file was being sent')));
    request.once('response', () => end(new AnsweredEarly('answered before the whole file was sent')));
  });
  stop.catch(() => undefined);
  return (chunk) => {
    if (stopped) return Promise.reject(stopped);
    const written = new Promise<void>((resolve, reject) => request.write(chunk, (error) => (error ? reject(error) : resolve())));
    // A write the socket drops on closing never calls back; `stop` settles the race instead.
    written.catch(() => undefined);
    return Promise.race([written, stop]);
  };
}

/** The file's bytes from an open handle, through the ring: each buffer is reused once it was written. */
async function writeFile(write: (chunk: Uint8Array) => Promise<void>, handle: FileHandle, size: number): Promise<void> {
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
    entry.sent = write(entry.buffer.subarray(0, bytesRead));
    // Awaited in turn; the others must not fail unobserved when the connection goes.
    entry.sent.catch(() => undefined);
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
  const bytes = 'bytes' in source ? source.bytes : undefined;
  const handle = 'path' in source ? await open(source.path, 'r') : undefined;
  try {
    const size = handle ? (await handle.stat()).size : bytes!.byteLength;
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
    // The listener stays: an error after the answer (a reset once a 413 was sent) has nowhere else to go.
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.on('error', reject);
    });
    const write = writerOf(request);
    let complete = false;
    try {
      await write(head);
      if (handle) await writeFile(write, handle, size);
      else await write(bytes!);
      request.end(tail);
      complete = true;
    } catch (error) {
      if (!(error instanceof AnsweredEarly)) request.destroy(error as Error);
    }
    const answer = await response;
    // Answered early: the connection still owes the rest of the file, so it is not used again.
    if (!complete) answer.once('close', () => request.destroy());
    return { status: answer.statusCode ?? 0, headers: answer.headers, body: answer };
  } finally {
    await handle?.close();
  }
}

/** Lets go of the connections kept alive for uploads. */
export function closeUploadConnections(): void {
  for (const agent of Object.values(AGENTS)) agent.destroy();
}
