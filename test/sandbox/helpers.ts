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
export function useSandbox(options?: SandboxOptions): { readonly handle: SandboxHandle; readonly fincon: string } {
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
