/**
 * Serving MCP: configuration -> API client (or the embedded sandbox) -> tool surfaces ->
 * stdio or HTTP. OAuth code, the HTTP stack and the sandbox are loaded only when used.
 */
import { auditSink } from './audit.js';
import { callerOf, type Caller } from './auth/caller.js';
import { sandboxScale, type Config, type UpstreamAuthConfig } from './config.js';
import type { FaultSpec, SandboxHandle } from './sandbox/index.js';
import { UsageError } from './flags.js';
import { DISCOVERY_TOOLS } from './search/discovery.js';
import { SERVER_NAME, SERVER_VERSION } from './identity.js';
import { createMcpServer, type ServerSetup } from './server.js';
import { readOnlyCard, toolSurface } from './surface.js';
import { loadCards } from './catalog/load.js';
import { openLog } from './logs.js';
import { serveOverStdio } from './transports/stdio.js';
import { apiKeyAuth, CredentialsUnavailable, type AuthProvider } from './upstream/auth.js';
import { UpstreamClient } from './upstream/client.js';
import type { WriteSettings } from './writes/call.js';
import { ConfirmationSeal } from './writes/seal.js';
import { MemoryStore } from './state/memory.js';
import type { StateStore } from './state/store.js';

const log = (message: string) => console.error(message);

function sandboxReason(config: Config): string | undefined {
  if (config.sandbox) return '--sandbox was given';
  if (config.upstreamAuth.kind === 'none') return 'PFM_API_KEY and PFM_API_TOKEN are not set';
  return undefined;
}

interface UpstreamCredentials {
  shared: AuthProvider;
  /** Token exchange: each caller's own credentials. */
  forCaller?: (caller: Caller) => AuthProvider;
}

async function upstreamCredentials(auth: UpstreamAuthConfig, config: Config): Promise<UpstreamCredentials> {
  switch (auth.kind) {
    case 'none':
      return { shared: apiKeyAuth('sandbox', 'sandbox') };
    case 'api-key':
      return { shared: apiKeyAuth(auth.apiKey, auth.apiToken) };
    case 'client-credentials': {
      const { clientCredentialsAuth } = await import('./upstream/oauth-auth.js');
      return { shared: clientCredentialsAuth({ ...auth, credentials: config.oauthClient! }) };
    }
    case 'token-exchange': {
      const { tokenExchangeAuth } = await import('./upstream/oauth-auth.js');
      const exchange = tokenExchangeAuth({ ...auth, credentials: config.oauthClient! });
      const refuse: AuthProvider = {
        headers: () => Promise.reject(new CredentialsUnavailable('token exchange needs a caller; none is known here')),
      };
      return { shared: refuse, forCaller: (caller) => exchange.forCaller(caller) };
    }
  }
}

/** /readyz: the API answers at all (any HTTP status counts; only a failed connection does not). */
function upstreamReachable(baseUrl: string, timeoutMs: number): () => Promise<boolean> {
  let checked = 0;
  let reachable = false;
  return async () => {
    if (Date.now() - checked < 5_000) return reachable;
    checked = Date.now();
    try {
      const response = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(Math.min(timeoutMs, 5_000)) });
      await response.body?.cancel();
      reachable = true;
    } catch {
      reachable = false;
    }
    return reachable;
  };
}

export function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** A sandbox fault spec from `source` (a flag or variable), refused in one line when it is wrong. */
export async function sandboxFaults(text: string | undefined, source: string): Promise<FaultSpec | undefined> {
  if (text === undefined) return undefined;
  const { parseFaultSpec, FaultSpecError } = await import('./sandbox/index.js');
  try {
    return parseFaultSpec(text);
  } catch (error) {
    if (error instanceof FaultSpecError) throw new UsageError([`${source}: ${error.message}`]);
    throw error;
  }
}

/** PFM_SANDBOX_SCALE: the embedded sandbox's load-test data, refused in one line when wrong. */
function sandboxScaleOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const parsed = sandboxScale.safeParse(text);
  if (!parsed.success) throw new UsageError([`PFM_SANDBOX_SCALE ${parsed.error.issues[0]?.message ?? 'is not valid'}`]);
  return parsed.data;
}

/**
 * The embedded sandbox; with OAuth upstream credentials it checks the tokens they bring, like
 * the API would, and PFM_SANDBOX_FAULTS makes it misbehave on purpose.
 */
async function startSandbox(auth: UpstreamAuthConfig): Promise<SandboxHandle> {
  const { startSandbox } = await import('./sandbox/index.js');
  const faults = await sandboxFaults(process.env.PFM_SANDBOX_FAULTS || undefined, 'PFM_SANDBOX_FAULTS');
  if (faults) log(`The sandbox injects faults: ${process.env.PFM_SANDBOX_FAULTS}.`);
  const scale = sandboxScaleOf(process.env.PFM_SANDBOX_SCALE || undefined);
  return startSandbox({
    faults,
    scale,
    ...(isOAuth(auth) ? { oauth: { issuer: auth.issuer, audience: auth.resource } } : {}),
  });
}

const isOAuth = (auth: UpstreamAuthConfig): auth is Extract<UpstreamAuthConfig, { issuer: string }> =>
  auth.kind === 'client-credentials' || auth.kind === 'token-exchange';

/** The state store of --state-store: Redis is loaded and connected only when configured. */
async function openStateStore(config: Config): Promise<StateStore> {
  if (config.stateStore.kind === 'memory') return new MemoryStore();
  const { connectRedisStore } = await import('./state/redis.js');
  return connectRedisStore({ url: config.stateStore.url, log });
}

/**
 * How writes that move money are confirmed. A duplicate waits for the call that holds its
 * confirmation as long as that call may take: its lease wait, two patient reads and the write.
 */
function writeSettings(config: Config, store: StateStore): WriteSettings {
  return {
    seal: new ConfirmationSeal(config.confirmationKey, config.confirmationTtlMs),
    mode: config.confirmWrites,
    store,
    readBudgetMs: config.moneyReadBudgetMs,
    exchangeMs: config.timeoutMs,
    waitMs: 2 * config.moneyReadBudgetMs + 2 * config.timeoutMs,
  };
}

/** The audit log's target opened, refused in one line when it cannot be written to. */
async function openAuditLog(target: string) {
  try {
    return await openLog(target);
  } catch (error) {
    throw new UsageError([`--audit-log ${target} cannot be written to: ${(error as Error).message}`]);
  }
}

export async function serve(config: Config): Promise<void> {
  // Read while the rest starts; a failure surfaces where the cards are awaited, not before.
  const cards = loadCards();
  cards.catch(() => undefined);
  const audit = config.auditLog ? auditSink(await openAuditLog(config.auditLog)) : undefined;
  const reason = sandboxReason(config);
  let sandbox: SandboxHandle | undefined;
  if (reason) {
    sandbox = await startSandbox(config.upstreamAuth);
    log(`Using the embedded SANDBOX API with demo data (${reason}) at ${sandbox.origin}.`);
  }
  const auth = sandbox && !isOAuth(config.upstreamAuth) ? ({ kind: 'none' } as const) : config.upstreamAuth;
  const credentials = await upstreamCredentials(auth, config);
  const upstream = new UpstreamClient({
    baseUrls: sandbox?.baseUrls ?? config.urls,
    auth: credentials.shared,
    timeoutMs: config.timeoutMs,
    maxResponseBytes: config.maxResponseBytes,
  });
  const store = await openStateStore(config);
  const surface = toolSurface(await cards, config);
  if (config.confirmWrites === 'off') {
    log(
      'WARNING: --confirm-writes off: payments and budgets are written on a single call, without anyone confirming. Only for trusted automation.',
    );
  }
  const setup: ServerSetup = {
    surface,
    readSurface: toolSurface((await cards).map(readOnlyCard), { ...config, readOnly: true }),
    upstream,
    upstreamFor: credentials.forCaller && ((caller) => upstream.withAuth(credentials.forCaller!(caller))),
    files: { roots: config.fileRoots },
    // About four characters a token.
    answerBudget: config.maxAnswerTokens * 4,
    parallelReads: config.parallelReads,
    sandbox: Boolean(sandbox),
    readOnly: config.readOnly,
    audit,
    writes: writeSettings(config, store),
  };
  const hidden = surface.reachable.length - surface.direct.length;
  log(
    `${SERVER_NAME} ${SERVER_VERSION}: ${surface.direct.length} tools${hidden ? `, ${hidden} more through search_tools` : ''}` +
      `${config.readOnly ? ' (read-only)' : ''} over ${config.transport}.`,
  );

  if (config.transport === 'stdio') {
    await serveOverStdio(() => createMcpServer(setup));
  } else {
    if (config.insecureNoAuth && !config.oauth) {
      log(
        'WARNING: --insecure-no-auth: /mcp accepts every request without authentication; only safe behind a proxy that authenticates.',
      );
    }
    if (!config.confirmationKey && config.confirmWrites !== 'off') {
      log(
        'Confirmations are sealed with a key made at this start: set PFM_CONFIRMATION_KEY (the same in every instance) so they commit on any instance and survive a restart.',
      );
    }
    if (config.stateStore.kind === 'memory' && config.confirmWrites !== 'off') {
      log(
        'Confirmations are used once within this process (--state-store memory): several instances behind a load balancer need --state-store redis://… shared by all.',
      );
    }
    const { serveOverHttp } = await import('./transports/http.js');
    const httpLog = await openLog('stderr');
    const resourceServer = config.oauth
      ? (await import('./auth/resource-server.js')).createResourceServer({
          issuerUrl: config.oauth.issuer,
          publicUrl: config.oauth.publicUrl,
          introspection: config.oauth.introspection,
          log: (message) => httpLog.error(message),
        })
      : undefined;
    const offered = new Set<string>([...surface.direct.map((tool) => tool.name), ...DISCOVERY_TOOLS]);
    const changesData = (name: string) => surface.byName.get(name)?.hints.readOnlyHint === false;
    const upstreamAnswers = upstreamReachable(upstream.baseUrl(config.products[0]!), config.timeoutMs);
    const http = await serveOverHttp((authInfo, onlyTool) => createMcpServer(setup, authInfo && callerOf(authInfo), onlyTool), {
      host: config.host,
      port: config.port,
      allowedOrigins: config.allowedOrigins,
      allowedHosts: config.allowedHosts,
      maxBodyBytes: config.maxBodyBytes,
      rateLimitPerMinute: config.rateLimitPerMinute,
      store,
      maxConcurrent: config.maxConcurrent,
      headersTimeoutMs: config.headersTimeoutMs,
      requestTimeoutMs: config.requestTimeoutMs,
      resourceServer,
      offers: (name) => offered.has(name),
      changesData,
      audit: setup.audit,
      log: httpLog,
      // Without the store only writes that move money are refused: reading goes on, so it degrades, not fails.
      readiness: async () => ({
        checks: { upstream: await upstreamAnswers(), state_store: await store.reachable() },
        degraded: ['state_store'],
      }),
    });
    log(`MCP endpoint: ${http.endpoint}`);
    if (config.oauth) log(`OAuth: /mcp accepts tokens of ${config.oauth.issuer} for ${config.oauth.publicUrl}.`);
    await untilStopped();
    await http.close();
  }
  await upstream.close();
  await store.close();
  await sandbox?.close();
}
