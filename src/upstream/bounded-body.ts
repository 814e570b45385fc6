/**
 * Reading an answer body within a size limit, before and after decompression: a declared
 * length past the limit is refused unread, a body that grows past it is cut off, and a small
 * compressed body cannot expand past it either. Memory stays within a few times the limit.
 */
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync, gunzip, gunzipSync, inflate, inflateSync, type ZlibOptions } from 'node:zlib';

/** The body was larger than allowed; nothing of it is kept. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(readonly limitBytes: number) {
    super(`the answer is larger than ${limitBytes / 1024 / 1024} MB`);
  }
}

type Decoder = (data: Buffer, options: ZlibOptions) => Buffer | Promise<Buffer>;

/** Decoded in the thread pool: large bodies would hold up every other request meanwhile. */
const DECODERS: Record<string, Decoder> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress) as Decoder,
  deflate: promisify(inflate),
};

/**
 * Decoded at once: for the small answers most calls get, the thread pool's round trip and
 * streams cost several times the decoding itself (a tenth of a call's CPU, measured).
 */
const SMALL_DECODERS: Record<string, Decoder> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/** Compressed bodies up to this size are decoded on the spot. */
const SMALL_BODY_BYTES = 64 * 1024;

/** The bytes as they come, refused as soon as they pass the limit (the stream is destroyed then). */
export async function readLimited(body: Readable, limitBytes: number, declaredLength = 0): Promise<Buffer> {
  if (declaredLength > limitBytes) {
    body.destroy();
    throw new BodyTooLarge(limitBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      body.destroy();
      throw new BodyTooLarge(limitBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The decoded body (gzip, br or deflate; zlib runs in the thread pool unless the body is small),
 * at most `limitBytes` both as received and once decompressed.
 */
export async function readBoundedBody(
  body: Readable,
  contentEncoding: string | undefined,
  declaredLength: number,
  limitBytes: number,
): Promise<Buffer> {
  const raw = await readLimited(body, limitBytes, declaredLength);
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  const decoder = (raw.length <= SMALL_BODY_BYTES ? SMALL_DECODERS : DECODERS)[encoding];
  if (!decoder) return raw;
  try {
    return await decoder(raw, { maxOutputLength: limitBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLarge(limitBytes);
    throw error;
  }
}
