import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { Agent, request } from 'undici';
import type { Product } from '../dispatch/operation.js';
import type { AuthProvider } from './auth.js';

export interface UpstreamOptions {
  baseUrls: Readonly<Record<Product, string>>;
  auth: AuthProvider;
  /** Time allowed for the response headers and again for the body. */
  timeoutMs: number;
}

export interface UpstreamRequest {
  product: Product;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below the product's base URL, query string included. */
  path: string;
  body?: unknown;
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
}

/**
 * Whether the request may have reached the API before the failure. A connection that
 * was never made cannot have written anything; a timeout or reset after sending can.
 */
export type DeliveryState = 'not-sent' | 'maybe-sent';

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly delivery: DeliveryState,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

const DECODERS: Record<string, (data: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress),
  deflate: promisify(inflate),
};

/** Decodes gzip, br or deflate bodies (asynchronously: zlib runs in the thread pool). */
async function decodeBody(raw: Buffer, contentEncoding: string | string[] | undefined): Promise<string> {
  const decoder = DECODERS[String(contentEncoding ?? '').trim().toLowerCase()];
  return (decoder ? await decoder(raw) : raw).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One keep-alive connection pool per API origin (undici Agent), gzip/br decoding,
 * per-request timeouts. It never retries: a repeated POST could record a payment twice.
 */
export class UpstreamClient {
  readonly #dispatcher: Agent;
  readonly #options: UpstreamOptions;

  constructor(options: UpstreamOptions) {
    this.#options = options;
    this.#dispatcher = new Agent({
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  get auth(): AuthProvider {
    return this.#options.auth;
  }

  baseUrl(product: Product): string {
    return this.#options.baseUrls[product];
  }

  async send(upstream: UpstreamRequest): Promise<UpstreamResponse> {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-encoding': 'gzip, br',
      ...(await this.#options.auth.headers()),
    };
    if (upstream.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await request(url, {
        dispatcher: this.#dispatcher,
        method: upstream.method,
        headers,
        body: upstream.body === undefined ? undefined : JSON.stringify(upstream.body),
        signal: upstream.signal,
      });
      const raw = Buffer.from(await response.body.arrayBuffer());
      const text = await decodeBody(raw, response.headers['content-encoding']);
      return { status: response.statusCode, headers: response.headers, body: parseJson(text) };
    } catch (error) {
      const code = errorCode(error);
      const delivery: DeliveryState = code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'maybe-sent';
      const reason = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' ? 'timed out' : 'failed';
      throw new UpstreamError(`${upstream.method} ${url} ${reason} (${code ?? (error as Error).message})`, delivery, {
        cause: error,
      });
    }
  }

  close(): Promise<void> {
    return this.#dispatcher.close();
  }
}
