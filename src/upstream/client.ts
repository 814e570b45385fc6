import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { Agent, request, type Dispatcher, type FormData } from 'undici';
import type { HttpMethod, Product } from '../dispatch/operation.js';
import { CredentialsUnavailable, type AuthProvider } from './auth.js';
import { backoffMs, RETRY_ATTEMPTS, RETRYABLE_STATUSES, retryAfterMs } from './retry.js';

export interface UpstreamOptions {
  baseUrls: Readonly<Record<Product, string>>;
  auth: AuthProvider;
  /** Time allowed for the response headers and again between body chunks. */
  timeoutMs: number;
}

export interface UpstreamRequest {
  product: Product;
  method: HttpMethod;
  /** Path below the product's base URL, query string included. */
  path: string;
  /** A JSON body, or multipart form data streamed from its parts. */
  body?: unknown;
  signal?: AbortSignal;
}

export type Headers = Record<string, string | string[] | undefined>;

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
}

/** A response whose body has not been read: downloads stream it to their target. */
export interface StreamedResponse {
  status: number;
  headers: Headers;
  body: Dispatcher.ResponseData['body'];
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
    options?: { cause?: unknown; timedOut?: boolean },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
    this.timedOut = options?.timedOut ?? false;
  }

  /** The API did not answer in time (asking again would only double the wait). */
  readonly timedOut: boolean;
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
  const decoder =
    DECODERS[
      String(contentEncoding ?? '')
        .trim()
        .toLowerCase()
    ];
  return (decoder ? await decoder(raw) : raw).toString('utf8');
}

/** One header's value; repeated headers give their first. */
export function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as JSON, or null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isForm(body: unknown): body is FormData {
  return typeof body === 'object' && body !== null && (body as FormData)[Symbol.toStringTag] === 'FormData';
}

/**
 * One keep-alive connection pool per origin (undici Agent), gzip/br decoding,
 * timeouts. It never retries a request the API may have processed: a repeated POST
 * could record a payment twice. Reads (GET) are asked again after a failed connection,
 * 429 or 502/503/504 (see retry.ts). A 401 means nothing was processed, so a request
 * that got one is sent once more when the credentials could be renewed.
 * API credentials go only to the configured API base URLs, never to the storage
 * hosts that downloads are redirected to.
 */
export class UpstreamClient {
  readonly #dispatcher: Agent;
  readonly #options: UpstreamOptions;

  constructor(options: UpstreamOptions, dispatcher?: Agent) {
    this.#options = options;
    this.#dispatcher =
      dispatcher ??
      new Agent({
        keepAliveTimeout: 30_000,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
  }

  /** The same client (and connection pool) with other credentials, e.g. those of one caller. */
  withAuth(auth: AuthProvider): UpstreamClient {
    return new UpstreamClient({ ...this.#options, auth }, this.#dispatcher);
  }

  baseUrl(product: Product): string {
    return this.#options.baseUrls[product];
  }

  /** A JSON exchange with the API. */
  async send(upstream: UpstreamRequest): Promise<UpstreamResponse> {
    const response = await this.#apiRequest(upstream, { accept: 'application/json', 'accept-encoding': 'gzip, br' });
    const text = await this.#guard(upstream.method, this.baseUrl(upstream.product) + upstream.path, async () =>
      decodeBody(Buffer.from(await response.body.arrayBuffer()), response.headers['content-encoding']),
    );
    return { status: response.status, headers: response.headers, body: parseJson(text) };
  }

  /** An API request whose answer is a file (or a redirect to one): the body is left unread. */
  open(upstream: UpstreamRequest): Promise<StreamedResponse> {
    return this.#apiRequest(upstream, { accept: '*/*', 'accept-encoding': 'identity' });
  }

  /** A temporary download link the API pointed to: fetched without any API credentials. */
  openLink(link: string, signal?: AbortSignal): Promise<StreamedResponse> {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new UpstreamError(`refusing to follow a ${url.protocol} download link`, 'not-sent');
    }
    return this.#request('GET', url.href, { accept: '*/*' }, undefined, signal);
  }

  async #apiRequest(upstream: UpstreamRequest, headers: Record<string, string>): Promise<StreamedResponse> {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const { auth } = this.#options;
    let body: string | FormData | undefined;
    const contentType: Record<string, string> = {};
    if (isForm(upstream.body)) {
      body = upstream.body;
    } else if (upstream.body !== undefined) {
      body = JSON.stringify(upstream.body);
      contentType['content-type'] = 'application/json';
    }
    const send = async () => {
      const credentials = await this.#credentials(upstream.method, url);
      return this.#request(upstream.method, url, { ...headers, ...contentType, ...credentials }, body, upstream.signal);
    };
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      const mayRetry = upstream.method === 'GET' && attempt < RETRY_ATTEMPTS;
      let response: StreamedResponse;
      try {
        response = await send();
      } catch (error) {
        if (!mayRetry || !(error instanceof UpstreamError) || error.timedOut) throw error;
        await sleep(backoffMs(attempt), undefined, { signal: upstream.signal });
        continue;
      }
      // A 401 means nothing was processed. A streamed form cannot be sent twice; its caller
      // sees the 401 (and the next request has fresh credentials).
      if (response.status === 401 && auth.refresh && !refreshed && !isForm(body)) {
        refreshed = true;
        await response.body.dump();
        auth.refresh();
        attempt -= 1;
        continue;
      }
      if (!mayRetry || !RETRYABLE_STATUSES.has(response.status)) return response;
      const wait = retryAfterMs(headerValue(response.headers, 'retry-after')) ?? backoffMs(attempt);
      if (wait === Infinity) return response;
      await response.body.dump();
      await sleep(wait, undefined, { signal: upstream.signal });
    }
  }

  async #credentials(method: HttpMethod, url: string): Promise<Record<string, string>> {
    try {
      return await this.#options.auth.headers();
    } catch (error) {
      if (error instanceof CredentialsUnavailable) {
        throw new UpstreamError(`${method} ${url} was not sent: ${error.message}`, 'not-sent', { cause: error });
      }
      throw error;
    }
  }

  async #request(
    method: HttpMethod,
    url: string,
    headers: Record<string, string>,
    body: string | FormData | undefined,
    signal: AbortSignal | undefined,
  ): Promise<StreamedResponse> {
    const response = await this.#guard(method, url, () =>
      request(url, { dispatcher: this.#dispatcher, method, headers, body, signal }),
    );
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /** Turns network failures into UpstreamErrors that say whether anything may have been sent. */
  async #guard<T>(method: HttpMethod, url: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code = errorCode(error);
      const delivery: DeliveryState = code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'maybe-sent';
      const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      throw new UpstreamError(
        `${method} ${url} ${timedOut ? 'timed out' : 'failed'} (${code ?? (error as Error).message})`,
        delivery,
        {
          cause: error,
          timedOut,
        },
      );
    }
  }

  close(): Promise<void> {
    return this.#dispatcher.close();
  }
}
