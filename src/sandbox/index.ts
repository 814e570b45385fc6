import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapexTables } from './capex/records.js';
import { capexRoutes } from './capex/routes.js';
import { seedCapex } from './capex/seed.js';
import { ApiError } from './envelope.js';
import type { EsgTables } from './esg/records.js';
import { esgRoutes } from './esg/routes.js';
import { seedEsg } from './esg/seed.js';
import { checkUuid } from './fields.js';
import { FileStore } from './files/file-store.js';
import { originOf, StorageHost } from './files/storage.js';
import type { FinconTables } from './fincon/records.js';
import { finconRoutes } from './fincon/routes.js';
import { seedFincon } from './fincon/seed.js';
import { readBody, writeFile, writeResponse, type EncodingMode } from './http.js';
import { createRandom } from './random.js';
import { pathTemplate, Router, type Method, type Reply, type RouteSpec } from './router.js';
import type { Store } from './store.js';
import { faultPlanner, includeRefusal, type FaultPlan, type FaultPlanner, type FaultSpec } from './faults.js';

export { FaultSpecError, parseFaultSpec, type FaultSpec } from './faults.js';
import type { BearerCheck, SandboxOAuthOptions } from './oauth.js';
import { parseJsonBody, ValidationFailure, type ValidationDetail } from './validation.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; defaults to 127.0.0.1. */
  host?: string;
  /** The name clients reach the sandbox by, in its base URLs and download links; defaults to `host`. */
  publicHost?: string;
  /** 'auto' (default) compresses as the client's Accept-Encoding asks; the others force one encoding. */
  encoding?: EncodingMode;
  /** Accept OAuth bearer tokens of this issuer and audience too (or only them). */
  oauth?: SandboxOAuthOptions;
  /** Faults on purpose: refusals, latency, connections cut after a write was stored. */
  faults?: FaultSpec;
  /**
   * Load-test data to add (`sandbox --scale N`): the large FinCon project with N contracts
   * (LARGE_PROJECT in fincon/seed.ts) and an ESG estate of N houses (esg/seed-estate.ts); none by default.
   */
  scale?: number;
}

export interface SandboxHandle {
  origin: string;
  /** Product base URLs without trailing slash, e.g. `${origin}/fincon/v1`. */
  baseUrls: { fincon: string; capex: string; esg: string };
  /** Origin of the storage host that download endpoints redirect to (another port, so another origin). */
  storageOrigin: string;
  close(): Promise<void>;
}

export type Product = 'fincon' | 'capex' | 'esg';

export interface SandboxOperation {
  product: Product;
  method: Method;
  /** The path template as the API's OpenAPI writes it, relative to the product base, e.g. `/invoices/{id}/`. */
  path: string;
}

const SEED = 20_260_722;

const PRODUCT_BASES = { fincon: '/fincon/v1', capex: '/capex/v1', esg: '/esg/v1' } as const;

/** Every product's route table, mounted under its base path. */
const MOUNTS: readonly { product: Product; routes: readonly RouteSpec[] }[] = [
  { product: 'fincon', routes: finconRoutes },
  { product: 'capex', routes: capexRoutes },
  { product: 'esg', routes: esgRoutes },
];

/** The operations the sandbox serves, read from the route tables it mounts. */
export function sandboxOperations(): SandboxOperation[] {
  return MOUNTS.flatMap(({ product, routes }) =>
    routes.map((route) => ({ product, method: route.method, path: pathTemplate(route.path) })),
  );
}

const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

/** Starts the embedded API on loopback with a freshly seeded store, plus its storage host. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const host = options.host ?? '127.0.0.1';
  const encoding = options.encoding ?? 'auto';
  const files = new FileStore();
  const publicHost = options.publicHost ?? host;
  const storage = await StorageHost.start(files, host, publicHost);
  const store = createStore(SEED, files, storage, options.scale);
  const router = new Router();
  for (const { product, routes } of MOUNTS) router.mount(PRODUCT_BASES[product], routes);
  const { oauth } = options;
  // jose and the discovery code are loaded only for a sandbox that takes tokens.
  const access: Access = {
    keys: !oauth?.only,
    bearer: oauth && (await import('./oauth.js')).bearerCheck(oauth),
  };

  const planFaults = options.faults && faultPlanner(options.faults);
  const server = createServer((request, response) => {
    void respond(request, response, router, store, encoding, access, planFaults);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await storage.close();
    files.dispose();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const origin = originOf(publicHost, port);
  let closed: Promise<void> | undefined;
  const stopApi = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  return {
    origin,
    baseUrls: {
      fincon: origin + PRODUCT_BASES.fincon,
      capex: origin + PRODUCT_BASES.capex,
      esg: origin + PRODUCT_BASES.esg,
    },
    storageOrigin: storage.origin,
    close: () => (closed ??= Promise.all([stopApi(), storage.close()]).then(() => files.dispose())),
  };
}

/**
 * Each product is seeded on first access, so a start (and a client using one product) does not
 * pay for all three. Every product draws from its own fork of the seed, so its data is the same
 * whichever is seeded first.
 */
function createStore(seed: number, files: FileStore, storage: StorageHost, scale?: number): Store {
  const random = createRandom(seed);
  const apiIds = random.fork('api-ids');
  let fincon: FinconTables | undefined;
  let capex: CapexTables | undefined;
  let esg: EsgTables | undefined;
  return {
    get fincon() {
      return (fincon ??= seedFincon(random.fork('fincon'), files, { largeProject: scale }));
    },
    get capex() {
      return (capex ??= seedCapex(random.fork('capex'), files));
    },
    get esg() {
      return (esg ??= seedEsg(random.fork('esg'), files, { estate: scale }));
    },
    now: () => new Date(),
    newId: () => apiIds.uuid(),
    files,
    storage,
  };
}

async function respond(
  request: IncomingMessage,
  response: ServerResponse,
  router: Router,
  store: Store,
  encoding: EncodingMode,
  access: Access,
  planFaults: FaultPlanner | undefined,
): Promise<void> {
  const plan = planFaults?.(BODY_METHODS.has(request.method ?? 'GET') || request.method === 'DELETE');
  if (plan?.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
  let reply: Reply;
  if (plan?.refuse) {
    reply = replyForError(
      plan.refuse === 429
        ? new ApiError(429, 'Too many requests (an injected fault); retry after a second.', undefined, { 'Retry-After': '1' })
        : new ApiError(503, 'Service unavailable (an injected fault); nothing was stored.'),
    );
  } else {
    try {
      reply = await dispatch(request, router, store, access, plan?.refuseInclude);
    } catch (error) {
      reply = replyForError(error);
    }
    if (plan?.dropAfterCommit && reply.status < 400) {
      // Stored, and the answer is lost: the client cannot tell whether the write happened.
      request.socket.destroy();
      return;
    }
  }
  // A handler that answered before reading an upload leaves the body unread; drain it.
  if (!request.readableEnded) request.resume();
  if (reply.file && !store.files.has(reply.file)) {
    reply = replyForError(new ApiError(404, `The content of ${reply.file.filename} is no longer stored.`));
  }
  if (reply.file) await writeFile(response, reply.status, reply.file, store.files.open(reply.file), reply.headers ?? {});
  // Like many APIs, every answer names its request, for support and audit trails.
  else writeResponse(request, response, reply.status, reply.body, { 'X-Request-Id': randomUUID(), ...reply.headers }, encoding);
}

async function dispatch(
  request: IncomingMessage,
  router: Router,
  store: Store,
  access: Access,
  refuseInclude: FaultPlan['refuseInclude'],
): Promise<Reply> {
  const url = requestUrl(request);
  await authenticate(request, access);
  const method = request.method ?? 'GET';
  const match = router.match(method, url.pathname);
  switch (match.kind) {
    case 'redirect':
      return { status: 307, headers: { Location: `${url.origin}${match.pathname}${url.search}` } };
    case 'not_found':
      throw new ApiError(404, `No operation at ${method} ${url.pathname}.`);
    case 'method_not_allowed': {
      const error = new ApiError(405, `${method} is not allowed on ${url.pathname}; allowed: ${match.allow.join(', ')}.`);
      return { status: 405, body: error.toDocument(), headers: { Allow: match.allow.join(', ') } };
    }
  }

  const params = { ...match.params };
  const invalid: ValidationDetail[] = [];
  for (const name of match.uuidParams) {
    const checked = checkUuid(params[name]);
    if (checked.ok) params[name] = checked.value;
    else invalid.push({ ...checked.problem, loc: ['path', name], input: params[name] });
  }
  if (invalid.length > 0) throw new ValidationFailure(invalid);
  const include = url.searchParams.get('include');
  if (refuseInclude && include) throw includeRefusal(refuseInclude, include);

  // multipart bodies stay unread here: upload handlers stream them (files/uploads.ts).
  const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
  const bodyText = BODY_METHODS.has(method) && !multipart ? await readBody(request) : '';
  return match.route.handler({
    method: method as Method,
    url,
    params,
    base: url.origin + match.route.basePath,
    store,
    json: () => parseJsonBody(bodyText),
    incoming: request,
  });
}

function requestUrl(request: IncomingMessage): URL {
  const path = request.url ?? '/';
  try {
    // Concatenated rather than resolved, so a path like //host/x cannot change the origin.
    return new URL(`http://${request.headers.host ?? 'localhost'}${path}`);
  } catch {
    const { address, port } = request.socket.address() as AddressInfo;
    return new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}${path}`);
  }
}

/** How requests prove who they are: API keys (any non-empty pair), and with OAuth, bearer tokens. */
interface Access {
  bearer?: BearerCheck;
  keys: boolean;
}

async function authenticate(request: IncomingMessage, access: Access): Promise<void> {
  const authorization = request.headers.authorization;
  if (access.bearer && authorization?.toLowerCase().startsWith('bearer ')) {
    if (await access.bearer(authorization.slice(7).trim())) return;
    throw new ApiError(401, 'The access token is not valid here.', undefined, {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  }
  if (access.keys && hasApiKeys(request)) return;
  throw new ApiError(
    401,
    access.keys
      ? `Missing credentials: send both the X-API-KEY and the X-API-TOKEN header${access.bearer ? ', or an OAuth bearer token' : ''}.`
      : 'Missing credentials: send an OAuth bearer token (Authorization: Bearer ...).',
  );
}

function hasApiKeys(request: IncomingMessage): boolean {
  const present = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.trim() !== '';
  };
  return present('x-api-key') && present('x-api-token');
}

function replyForError(error: unknown): Reply {
  if (error instanceof ApiError) return { status: error.status, body: error.toDocument(), headers: error.headers };
  if (error instanceof ValidationFailure) return { status: 422, body: error.toBody() };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 500, body: new ApiError(500, `The sandbox failed unexpectedly: ${detail}`).toDocument() };
}
