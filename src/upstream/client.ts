import { setTimeout as sleep } from 'node:timers/promises';
import type { Agent, Dispatcher } from 'undici';
import type { ClientLog } from './log.js';
import type { HttpMethod, Product } from '../dispatch/operation.js';
import { CredentialsUnavailable, type AuthProvider } from './auth.js';
import { BodyTooLarge, readBoundedBody } from './bounded-body.js';
import { closeUploadConnections, MultipartForm, sendMultipart } from './multipart.js';
import { backoffMs, RETRY_ATTEMPTS, RETRYABLE_STATUSES, retryAfterMs } from './retry.js';

export interface UpstreamOptions {
  baseUrls: Readonly<Record<Product, string>>;
  auth: AuthProvider;
  /**
   * The deadline of one exchange, headers and body (retries of a read included). A download
   * saved to disk has it until its headers; its body may then take as long as it keeps flowing.
   */
  timeoutMs: number;
  /** The largest answer read, as received and once decompressed; larger ones are cut off. */
  maxResponseBytes: number;
}

export interface UpstreamRequest {
  product: Product;
  method: HttpMethod;
  /** Path below the product's base URL, query string included. */
  path: string;
  /** A JSON body, or a multipart form (an upload). */
  body?: unknown;
  /**
   * Whether a JSON answer is asked for compressed: pages of a list are. One record is a kilobyte or
   * two, and compressing and decoding it costs both ends more CPU than it saves on the wire.
   */
  compressible?: boolean;
  signal?: AbortSignal;
  /** Where each attempt, retry and failure is told to the client, when it asked. */
  log?: ClientLog;
}

export type Headers = Record<string, string | string[] | undefined>;

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
  /** Why a body that is there is not JSON, e.g. "the body is not JSON (text/html, 1,204 bytes)". */
  unreadable?: string;
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

/**
 * What went wrong: the connection (worth asking a read again), no complete answer within the
 * deadline, or an answer past the size limit (asking again would only repeat either).
 */
export type FailureKind = 'network' | 'timeout' | 'too-large';

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly delivery: DeliveryState,
    options?: { cause?: unknown; kind?: FailureKind },
  ) {
    super(message, options);
    this.name = 'UpstreamError';
    this.kind = options?.kind ?? 'network';
  }

  readonly kind: FailureKind;
}

const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

class DeadlinePassed extends Error {
  override name = 'DeadlinePassed';
}

/**
 * A signal that aborts after `ms` (or with the caller's), until `clear` is called; `at` is when.
 * The caller's abort is passed on by a listener: AbortSignal.any costs several times as much, on
 * every exchange.
 */
function deadline(ms: number, caller: AbortSignal | undefined): { signal: AbortSignal; at: number; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlinePassed(`no complete answer within ${ms} ms`)), ms);
  const passOn = () => controller.abort(caller?.reason);
  if (caller?.aborted) passOn();
  else caller?.addEventListener('abort', passOn, { once: true });
  return {
    signal: controller.signal,
    at: Date.now() + ms,
    clear: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', passOn);
    },
  };
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

function describeNonJson(headers: Headers, size: number): string {
  const type = headerValue(headers, 'content-type')?.split(';')[0]?.trim() || 'no content type';
  return `the body is not JSON (${type}, ${size.toLocaleString('en')} bytes)`;
}

/** An exchange as the client's log names it: method and path, never the host or a download link's signature. */
function shown(method: HttpMethod, url: string, withQuery = true): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${withQuery ? search : ''}`;
}

/** Why an exchange failed, in a few words. */
function failure(error: unknown): string {
  if (error instanceof UpstreamError && error.kind === 'timeout') return 'timed out';
  const cause = error instanceof UpstreamError ? error.cause : error;
  return `failed (${errorCode(cause) ?? (cause as Error | undefined)?.message ?? String(error)})`;
}

const elapsedMs = (started: number) => Math.round(performance.now() - started);

/** One exchange told to the client's log: its status and time, or why it failed. */
async function logged<T extends { status: number }>(
  log: ClientLog | undefined,
  exchange: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    const response = await work();
    log?.('debug', 'api', () => `${exchange} -> ${response.status} in ${elapsedMs(started)} ms`);
    return response;
  } catch (error) {
    log?.('error', 'api', () => `${exchange} ${failure(error)}`);
    throw error;
  }
}

/**
 * undici, loaded with the first request: a start that only answers initialize and tools/list
 * never builds its HTTP machinery (a tenth of the memory of a start, measured on Node 24).
 */
let undici: Promise<typeof import('undici')> | undefined;
const loadUndici = () => (undici ??= import('undici'));

/** The connection pool, made with the first request and shared by the copies withAuth makes. */
interface Pool {
  agent?: Promise<Agent>;
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
  readonly #pool: Pool;
  readonly #options: UpstreamOptions;

  constructor(options: UpstreamOptions, pool: Pool = {}) {
    this.#options = options;
    this.#pool = pool;
  }

  /** The same client (and connection pool) with other credentials, e.g. those of one caller. */
  withAuth(auth: AuthProvider): UpstreamClient {
    return new UpstreamClient({ ...this.#options, auth }, this.#pool);
  }

  #agent(): Promise<Agent> {
    this.#pool.agent ??= loadUndici().then(
      ({ Agent }) =>
        new Agent({ keepAliveTimeout: 30_000, headersTimeout: this.#options.timeoutMs, bodyTimeout: this.#options.timeoutMs }),
    );
    return this.#pool.agent;
  }

  baseUrl(product: Product): string {
    return this.#options.baseUrls[product];
  }

  /** A JSON exchange with the API, headers and body within the deadline and the size limit. */
  async send(upstream: UpstreamRequest): Promise<UpstreamResponse> {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const limit = deadline(this.#options.timeoutMs, upstream.signal);
    try {
      return await this.#guard(upstream.method, url, limit.signal, async () => {
        const headers = { accept: 'application/json', 'accept-encoding': upstream.compressible ? 'gzip, br' : 'identity' };
        const response =
          upstream.body instanceof MultipartForm
            ? await this.#upload(upstream, upstream.body, headers, limit.signal)
            : await this.#apiRequest({ ...upstream, signal: limit.signal }, headers, limit.at);
        const raw = await readBoundedBody(
          response.body,
          headerValue(response.headers, 'content-encoding'),
          Number(headerValue(response.headers, 'content-length') ?? 0),
          this.#options.maxResponseBytes,
        );
        const body = parseJson(raw.toString('utf8'));
        const unreadable = body === null && raw.length > 0 ? describeNonJson(response.headers, raw.length) : undefined;
        return { status: response.status, headers: response.headers, body, ...(unreadable ? { unreadable } : {}) };
      });
    } finally {
      limit.clear();
    }
  }

  /** An API request whose answer is a file (or a redirect to one): the body is left unread. */
  open(upstream: UpstreamRequest): Promise<StreamedResponse> {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const headers = { accept: '*/*', 'accept-encoding': 'identity' };
    return this.#untilHeaders(upstream.method, url, upstream.signal, (signal, until) =>
      this.#apiRequest({ ...upstream, signal }, headers, until),
    );
  }

  /** A temporary download link the API pointed to: fetched without any API credentials. */
  openLink(link: string, signal?: AbortSignal, log?: ClientLog): Promise<StreamedResponse> {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new UpstreamError(`refusing to follow a ${url.protocol} download link`, 'not-sent');
    }
    return this.#untilHeaders('GET', url.href, signal, (limited) =>
      logged(log, shown('GET', url.href, false), () => this.#request('GET', url.href, { accept: '*/*' }, undefined, limited)),
    );
  }

  /** A small JSON body of an opened response (a download's link or error), within the size limit. */
  async readJson(response: StreamedResponse): Promise<unknown> {
    const declared = Number(headerValue(response.headers, 'content-length') ?? 0);
    const raw = await readBoundedBody(response.body, undefined, declared, this.#options.maxResponseBytes).catch(
      (error: unknown) => {
        if (error instanceof BodyTooLarge) throw new UpstreamError(error.message, 'maybe-sent', { kind: 'too-large' });
        throw error;
      },
    );
    return parseJson(raw.toString('utf8'));
  }

  /** A request whose headers must arrive within the deadline; its body is read by the caller. */
  async #untilHeaders(
    method: HttpMethod,
    url: string,
    caller: AbortSignal | undefined,
    work: (signal: AbortSignal, until: number) => Promise<StreamedResponse>,
  ): Promise<StreamedResponse> {
    const limit = deadline(this.#options.timeoutMs, caller);
    try {
      return await this.#guard(method, url, limit.signal, () => work(limit.signal, limit.at));
    } finally {
      limit.clear();
    }
  }

  /**
   * An upload, sent once: a 401 goes back to its caller (the next request has fresh credentials),
   * as the file is not read twice.
   */
  async #upload(upstream: UpstreamRequest, form: MultipartForm, headers: Record<string, string>, signal: AbortSignal) {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const credentials = await this.#credentials(upstream.method, url);
    const response = await logged(upstream.log, `${shown(upstream.method, url)} (upload)`, () =>
      sendMultipart(new URL(url), upstream.method, { ...headers, ...credentials }, form, signal),
    );
    if (response.status === 401) this.#options.auth.refresh?.();
    return response;
  }

  /** One API exchange, a read asked again while it may be, up to `until` (ms since the epoch). */
  async #apiRequest(upstream: UpstreamRequest, headers: Record<string, string>, until: number): Promise<StreamedResponse> {
    const url = this.baseUrl(upstream.product) + upstream.path;
    const { auth } = this.#options;
    const body = upstream.body === undefined ? undefined : JSON.stringify(upstream.body);
    const contentType: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    const send = async () => {
      const credentials = await this.#credentials(upstream.method, url);
      return this.#request(upstream.method, url, { ...headers, ...contentType, ...credentials }, body, upstream.signal);
    };
    const { log } = upstream;
    const exchange = () => shown(upstream.method, url);
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      const mayRetry = upstream.method === 'GET' && attempt < RETRY_ATTEMPTS;
      const started = performance.now();
      let response: StreamedResponse;
      try {
        response = await send();
      } catch (error) {
        if (!mayRetry || !(error instanceof UpstreamError) || error.kind !== 'network') {
          log?.('error', 'api', () => `${exchange()} ${failure(error)}`);
          throw error;
        }
        const wait = backoffMs(attempt);
        log?.('warning', 'api', () => `${exchange()} ${failure(error)}; asking again in ${wait} ms (attempt ${attempt + 1})`);
        await sleep(wait, undefined, { signal: upstream.signal });
        continue;
      }
      log?.('debug', 'api', () => `${exchange()} -> ${response.status} in ${elapsedMs(started)} ms`);
      // A 401 means nothing was processed: asked once more with renewed credentials.
      if (response.status === 401 && auth.refresh && !refreshed) {
        refreshed = true;
        await response.body.dump();
        auth.refresh();
        log?.('info', 'api', () => `${exchange()} answered 401; asking again with renewed credentials`);
        attempt -= 1;
        continue;
      }
      const retryable = mayRetry && RETRYABLE_STATUSES.has(response.status);
      const wait = retryable ? (retryAfterMs(headerValue(response.headers, 'retry-after')) ?? backoffMs(attempt)) : Infinity;
      // A wait past the deadline would only end in a timeout: the answer goes back as it is.
      if (wait === Infinity || Date.now() + wait >= until) {
        if (response.status >= 500) log?.('error', 'api', () => `${exchange()} answered ${response.status}`);
        return response;
      }
      await response.body.dump();
      log?.(
        'warning',
        'api',
        () => `${exchange()} answered ${response.status}; asking again in ${wait} ms (attempt ${attempt + 1})`,
      );
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
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<StreamedResponse> {
    const response = await this.#guard(method, url, signal, async () => {
      const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.#agent()]);
      return request(url, { dispatcher, method, headers, body, signal });
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  /**
   * Turns failures into UpstreamErrors that say whether anything may have been sent and what
   * went wrong; ones already turned pass through.
   */
  async #guard<T>(method: HttpMethod, url: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      if (error instanceof BodyTooLarge) {
        const message = `${method} ${url}: ${error.message} (--max-response-mb), so it was not read`;
        throw new UpstreamError(message, 'maybe-sent', { cause: error, kind: 'too-large' });
      }
      const code = errorCode(error);
      const delivery: DeliveryState = code && NOT_SENT_CODES.has(code) ? 'not-sent' : 'maybe-sent';
      const late = signal?.aborted && signal.reason instanceof DeadlinePassed ? signal.reason.message : undefined;
      const timedOut = late !== undefined || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      const detail = late ?? code ?? (error as Error).message;
      throw new UpstreamError(`${method} ${url} ${timedOut ? 'timed out' : 'failed'} (${detail})`, delivery, {
        cause: error,
        kind: timedOut ? 'timeout' : 'network',
      });
    }
  }

  async close(): Promise<void> {
    closeUploadConnections();
    await (await this.#pool.agent)?.close();
  }
}
