import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { StoredFile } from './files/file-store.js';
import { attachment } from './files/storage.js';

type Encoding = 'gzip' | 'br' | 'identity';
export type EncodingMode = Encoding | 'auto';

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Picks the supported encoding with the highest q-value; br wins a tie. */
function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'gzip':
      return gzipSync(body);
    case 'br':
      // Quality 11 (the default) costs tens of milliseconds per page; 4 is fast and still small.
      return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
    default:
      return body;
  }
}

/** Writes a JSON body (if any), compressed as negotiated or as forced by `mode`. */
export function writeResponse(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
  mode: EncodingMode,
): void {
  response.statusCode = status;
  response.setHeader('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  if (body === undefined) {
    response.setHeader('Content-Length', '0');
    response.end();
    return;
  }
  const encoding = mode === 'auto' ? negotiateEncoding(request.headers['accept-encoding']) : mode;
  const payload = compress(Buffer.from(JSON.stringify(body), 'utf8'), encoding);
  response.setHeader('Content-Type', 'application/json');
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', String(payload.length));
  response.end(payload);
}

/** Streams a stored file as an attachment; file bodies are sent as stored, never compressed. */
export async function writeFile(
  response: ServerResponse,
  status: number,
  file: StoredFile,
  content: Readable,
  headers: Record<string, string>,
): Promise<void> {
  response.statusCode = status;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', String(file.size));
  response.setHeader('Content-Disposition', attachment(file.filename));
  await pipeline(content, response).catch(() => response.destroy());
}
