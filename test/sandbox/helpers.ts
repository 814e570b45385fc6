import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.js';

export const CREDENTIALS = { 'x-api-key': 'sandbox-key', 'x-api-token': 'sandbox-token' } as const;

/* JSON bodies are read loosely: the tests assert their shape. */
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Json;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  credentials?: boolean;
}

/** One HTTP exchange with the sandbox; the body is parsed as JSON when there is one. */
export async function call(url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(options.credentials === false ? {} : CREDENTIALS), ...options.headers };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await request(url, { method: options.method ?? 'GET', headers, body: payload });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** Starts a fresh sandbox for the enclosing describe block (or file) and stops it afterwards. */
export function useSandbox(options?: SandboxOptions): {
  readonly handle: SandboxHandle;
  readonly fincon: string;
  readonly capex: string;
} {
  let handle: SandboxHandle | undefined;
  beforeAll(async () => {
    handle = await startSandbox(options);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get handle() {
      if (!handle) throw new Error('sandbox not started');
      return handle;
    },
    get fincon() {
      return this.handle.baseUrls.fincon;
    },
    get capex() {
      return this.handle.baseUrls.capex;
    },
  };
}

export const get = (url: string, options: Omit<CallOptions, 'method' | 'body'> = {}) => call(url, options);
export const post = (url: string, body: unknown) => call(url, { method: 'POST', body });
export const patch = (url: string, body: unknown) => call(url, { method: 'PATCH', body });

/** Follows links.next from `url` to the last page. */
export async function walk(url: string): Promise<{ pages: Json[]; items: Json[] }> {
  const pages: Json[] = [];
  let next: string | null = url;
  while (next) {
    const response = await get(next);
    if (response.status !== 200) throw new Error(`GET ${next} answered ${response.status}: ${JSON.stringify(response.body)}`);
    pages.push(response.body);
    next = response.body.links?.next ?? null;
    if (pages.length > 50) throw new Error('pagination does not end');
  }
  return { pages, items: pages.flatMap((page) => page.data) };
}

/** A query string with literal brackets, as a client would write it by hand. */
export function query(params: Record<string, string>): string {
  return `?${Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')}`;
}

export const remove = (url: string) => call(url, { method: 'DELETE' });

/** A file part of a multipart upload: bytes, or a stream for large content. */
export interface FilePart {
  field: string;
  filename: string;
  contentType?: string;
  content: Buffer | Readable;
}

/** POSTs multipart/form-data, streaming the file part; the answer is parsed as JSON. */
export async function upload(url: string, fields: Record<string, string>, file?: FilePart): Promise<ApiResponse> {
  const boundary = `----sandbox-test-${Math.random().toString(16).slice(2)}`;
  async function* body() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    if (file) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(file.content)) yield file.content;
      else for await (const chunk of file.content) yield chunk as Buffer;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  const response = await request(url, {
    method: 'POST',
    headers: { ...CREDENTIALS, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.from(body()),
  });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** A small valid PDF. */
export function pdf(text = 'Testdokument'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = out.length;
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** GET returning the raw bytes and headers (downloads). */
export async function fetchBytes(url: string, headers: Record<string, string> = CREDENTIALS) {
  const response = await request(url, { headers });
  return { status: response.statusCode, headers: response.headers, bytes: Buffer.from(await response.body.arrayBuffer()) };
}
