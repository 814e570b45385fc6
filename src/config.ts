/**
 * Every knob of the server, documented once: the flag table drives argument parsing,
 * the PFM_* environment twins, --help and the README's flag section.
 */
import { readFileSync } from 'node:fs';
import { parse, resolve } from 'node:path';
import { z } from 'zod';
import { EMBED_LIMIT_TEXT } from './dispatch/files.js';
import { PRODUCTS, type Product } from './dispatch/operation.js';
import { checkedFlags, readFlags, UsageError, type FlagSpec } from './flags.js';
import { toolsets as knownToolsets } from '../tools/toolsets.js';

export const FLAGS = [
  {
    name: 'transport',
    kind: 'string',
    value: 'stdio|http',
    default: 'stdio',
    description: 'How MCP clients connect: stdio (a client launches the server) or streamable HTTP.',
  },
  { name: 'host', kind: 'string', value: 'HOST', default: '127.0.0.1', description: 'HTTP: address to listen on.' },
  { name: 'port', kind: 'string', value: 'PORT', default: '3000', description: 'HTTP: port to listen on (0 picks a free one).' },
  { name: 'sandbox', kind: 'boolean', description: 'Use the embedded sandbox API with demo data even when credentials are set.' },
  {
    name: 'products',
    kind: 'string',
    value: 'LIST',
    default: 'fincon,capex,esg',
    description: 'API products whose tools are offered: fincon, capex, esg.',
  },
  {
    name: 'toolsets',
    kind: 'string',
    value: 'LIST',
    default: 'daily',
    description:
      'Tool groups offered as direct tools: "daily" (the daily work), "all", or toolset names (listed below). Every other tool stays reachable through search_tools and call_tool.',
  },
  {
    name: 'read-only',
    kind: 'boolean',
    description: `Read, never write: every tool that changes data is removed (from tools/list, search_tools and call_tool), and so is the payment prompt; no local file is written either: downloads lose save_to (a call that sends it is refused) and come back embedded, up to ${EMBED_LIMIT_TEXT}.`,
  },
  {
    name: 'fincon-url',
    kind: 'string',
    value: 'URL',
    default: 'https://api.alasco.de/fincon/v1',
    description: 'Base URL of the finance-control API.',
  },
  {
    name: 'capex-url',
    kind: 'string',
    value: 'URL',
    default: 'https://api.alasco.de/capex/v1',
    description: 'Base URL of the CAPEX API.',
  },
  {
    name: 'esg-url',
    kind: 'string',
    value: 'URL',
    default: 'https://api.alasco.de/esg/v1',
    description: 'Base URL of the ESG API.',
  },
  {
    name: 'timeout-ms',
    kind: 'string',
    value: 'MS',
    default: '30000',
    description:
      'Deadline of one API exchange, headers and body together (a download saved to disk: until its headers, then as long as bytes keep coming).',
  },
  {
    name: 'max-response-mb',
    kind: 'string',
    value: 'MB',
    default: '50',
    description:
      'Largest API answer read, as received and once decompressed; a larger one is cut off and the call fails saying so.',
  },
  {
    name: 'max-answer-tokens',
    kind: 'string',
    value: 'N',
    default: '10000',
    description: 'Size a list answer may reach (about 4 characters a token); further rows come with the next cursor.',
  },
  {
    name: 'parallel-reads',
    kind: 'string',
    value: 'N',
    default: '6',
    description:
      'API reads one call may have in flight at once: a summary reads its independent lists side by side, at most this many; 1 reads one after another.',
  },
  {
    name: 'allowed-origins',
    kind: 'string',
    value: 'LIST',
    default: 'localhost,127.0.0.1,[::1]',
    description: 'HTTP: browser Origin hostnames allowed to call /mcp (others get 403).',
  },
  {
    name: 'file-roots',
    kind: 'string',
    value: 'LIST',
    defaultNote: 'the working directory on stdio, unless it is the filesystem root; none over HTTP',
    description:
      'Directories that uploads may read from and downloads may write to (file_path, save_to); with --read-only nothing is written there.',
  },
  {
    name: 'allowed-hosts',
    kind: 'string',
    value: 'LIST',
    defaultNote: 'loopback names when bound to loopback',
    description: 'HTTP: Host header hostnames accepted (DNS-rebinding guard); "any" disables the check.',
  },
  {
    name: 'confirm-writes',
    kind: 'string',
    value: 'auto|token|off',
    default: 'auto',
    description:
      'How a write that moves money gets the person\'s consent: "auto" asks them through the client (elicitation) where it can, else returns a preview and a confirmation to send back; "token" always the latter; "off" writes at once (only for trusted automation).',
  },
  {
    name: 'confirmation-ttl',
    kind: 'string',
    value: 'SECONDS',
    default: '600',
    description: "How long a preview's confirmation stays valid.",
  },
  {
    name: 'state-store',
    kind: 'string',
    value: 'memory|redis://HOST:PORT[/DB]',
    default: 'memory',
    description:
      'Where used confirmations and their outcomes, write leases, writes of unknown fate and rate-limit buckets are kept: "memory" for one process, or a Redis URL (rediss:// for TLS, redis://:PASSWORD@HOST:PORT/DB) that every instance behind a load balancer shares. When it cannot be reached, writes that move money are refused; reading goes on.',
  },
  {
    name: 'money-read-budget-s',
    kind: 'string',
    value: 'SECONDS',
    default: '30',
    description:
      'How long each read a write that moves money depends on (its preview, the state check before sending, the read-back after a lost answer) keeps asking again after 429, 503 and timeouts, waiting as Retry-After says; beyond --timeout-ms per exchange.',
  },
  {
    name: 'audit-log',
    kind: 'string',
    value: 'PATH',
    defaultNote: 'stderr with --auth oauth, else off',
    description:
      'Where the audit trail goes, as JSON lines: every preview, refusal, commit and outcome of writes that move money, and each hosted caller\'s tool calls. A file path, or "stderr".',
  },
  {
    name: 'auth',
    kind: 'string',
    value: 'none|oauth',
    default: 'none',
    description: 'HTTP: "oauth" makes /mcp an OAuth 2.1 resource server that accepts access tokens of --oauth-issuer.',
  },
  {
    name: 'oauth-issuer',
    kind: 'string',
    value: 'URL',
    description:
      'HTTP with --auth oauth: the authorization server (issuer) whose access tokens /mcp accepts; found by discovery.',
  },
  {
    name: 'public-url',
    kind: 'string',
    value: 'URL',
    description:
      "HTTP with --auth oauth: this server's canonical URL, e.g. https://finance-mcp.example.com/mcp: the audience tokens must carry.",
  },
  {
    name: 'oauth-introspection',
    kind: 'boolean',
    description:
      'HTTP with --auth oauth: accept opaque tokens too, checked by RFC 7662 introspection with PFM_OAUTH_CLIENT_ID/SECRET.',
  },
  {
    name: 'insecure-no-auth',
    kind: 'boolean',
    description:
      'HTTP: serve a non-loopback --host without authentication, for when a proxy in front authenticates every request.',
  },
  {
    name: 'max-body-mb',
    kind: 'string',
    value: 'MB',
    default: '16',
    description: 'HTTP: largest request body /mcp accepts (larger ones get 413).',
  },
  {
    name: 'rate-limit',
    kind: 'string',
    value: 'N',
    default: '600',
    description: 'HTTP: requests to /mcp per minute per user (token subject; client address without auth); more get 429.',
  },
  {
    name: 'max-concurrent',
    kind: 'string',
    value: 'N',
    default: '64',
    description:
      'HTTP: requests /mcp serves at once; as many more wait up to 5 s for a place, the rest get 503 with Retry-After.',
  },
  {
    name: 'headers-timeout-s',
    kind: 'string',
    value: 'SECONDS',
    default: '10',
    description: 'HTTP: longest a client may take to send its request headers; slower ones are cut (408).',
  },
  {
    name: 'body-timeout-s',
    kind: 'string',
    value: 'SECONDS',
    default: '25',
    description: 'HTTP: longest a client may take to send a whole request, headers and body; slower ones are cut (408).',
  },
  {
    name: 'upstream-auth',
    kind: 'string',
    value: 'api-key|client-credentials|token-exchange',
    default: 'api-key',
    description:
      "How API calls authenticate: PFM_API_KEY/PFM_API_TOKEN headers; an OAuth token of this server (client credentials); or, with --auth oauth, a token exchanged for each caller's own (RFC 8693).",
  },
  {
    name: 'upstream-issuer',
    kind: 'string',
    value: 'URL',
    defaultNote: '--oauth-issuer',
    description: 'The authorization server that issues API tokens (client credentials, token exchange).',
  },
  {
    name: 'upstream-resource',
    kind: 'string',
    value: 'URL',
    description:
      "The API's resource indicator (RFC 8707), sent as `resource` with every token request: the audience of API tokens.",
  },
  {
    name: 'upstream-scope',
    kind: 'string',
    value: 'SCOPES',
    description: 'Space-separated scopes to ask for in API token requests.',
  },
] as const satisfies readonly FlagSpec[];

type FlagName = (typeof FLAGS)[number]['name'];

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.includes(host) || host === '::1';

/** Toolset names that stand for several toolsets. */
const TOOLSET_KEYWORDS = ['daily', 'all'];

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/*
 * Each message completes a sentence that starts with the flag or variable that gave the value:
 * "--port must be a whole number from 0 to 65535, e.g. 3000; got '70000'".
 */

export const switchValue = z.string().transform((value, context) => {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  context.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

export const wholeNumber = (min: number, max: number, example: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}, e.g. ${example}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: `must be a whole number from ${min} to ${max}, e.g. ${example}` });

/** The size of the sandbox's load-test data (`sandbox --scale`, PFM_SANDBOX_SCALE): contracts, and ESG houses. */
export const sandboxScale = wholeNumber(1, 20_000, '2000');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.example.com/fincon/v1' })
  .transform((value) => value.replace(/\/+$/, ''));

/** "memory", or a redis:// or rediss:// URL (password and database in it). */
const stateStoreSchema = z.string().transform((value, context) => {
  if (value === 'memory') return { kind: 'memory' as const };
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url && (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname && /^\/?\d*$/.test(url.pathname)) {
    return { kind: 'redis' as const, url: value };
  }
  context.addIssue({
    code: 'custom',
    message: 'must be "memory" or a Redis URL, e.g. redis://127.0.0.1:6379/0 or rediss://:PASSWORD@cache.example.com:6380',
  });
  return z.NEVER;
});

const namesFrom = (allowed: readonly string[], what: string) =>
  z.string().transform((value, context) => {
    const names = list(value);
    const unknown = names.filter((name) => !allowed.includes(name));
    if (unknown.length || !names.length) {
      context.addIssue({
        code: 'custom',
        message: `takes a comma-separated list of ${what}: ${allowed.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
      });
    }
    return names;
  });

/** An authorization server or this server's public URL: HTTPS, or plain HTTP on loopback only. */
export const oauthUrl = z.string().superRefine((value, context) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) {
    context.addIssue({ code: 'custom', message: 'must be an http(s) URL, e.g. https://login.example.com/realms/finance' });
  } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    context.addIssue({ code: 'custom', message: 'must use https (plain http only on 127.0.0.1, ::1 or localhost)' });
  }
});

const flagSchema = z.object({
  transport: z.enum(['stdio', 'http'], { error: 'must be stdio or http' }),
  host: z.string().regex(/^[\w.:[\]-]+$/, { error: 'must be an address or host name, e.g. 127.0.0.1, 0.0.0.0 or ::' }),
  port: wholeNumber(0, 65535, '3000 (0 picks a free port)'),
  sandbox: switchValue,
  products: namesFrom(PRODUCTS, 'products').transform((names) => names as Product[]),
  toolsets: namesFrom([...TOOLSET_KEYWORDS, ...Object.keys(knownToolsets)], 'toolsets'),
  'read-only': switchValue,
  'fincon-url': httpUrl,
  'capex-url': httpUrl,
  'esg-url': httpUrl,
  'timeout-ms': wholeNumber(1, 3_600_000, '30000'),
  'max-response-mb': wholeNumber(1, 4096, '50'),
  'max-answer-tokens': wholeNumber(500, 1_000_000, '10000'),
  'parallel-reads': wholeNumber(1, 64, '6'),
  'allowed-origins': z.string().transform(list),
  'allowed-hosts': z.string().optional(),
  'file-roots': z.string().optional(),
  'confirm-writes': z.enum(['auto', 'token', 'off'], { error: 'must be auto, token or off' }),
  'confirmation-ttl': wholeNumber(1, 86_400, '600'),
  'state-store': stateStoreSchema,
  'money-read-budget-s': wholeNumber(0, 3_600, '30'),
  'audit-log': z.string().min(1, { error: 'must be a file path or "stderr"' }).optional(),
  auth: z.enum(['none', 'oauth'], { error: 'must be none or oauth' }),
  'oauth-issuer': oauthUrl.optional(),
  'public-url': oauthUrl.optional(),
  'oauth-introspection': switchValue,
  'insecure-no-auth': switchValue,
  'max-body-mb': wholeNumber(1, 1024, '16'),
  'rate-limit': wholeNumber(1, 1_000_000, '600'),
  'max-concurrent': wholeNumber(1, 10_000, '64'),
  'headers-timeout-s': wholeNumber(1, 300, '10'),
  'body-timeout-s': wholeNumber(1, 300, '25'),
  'upstream-auth': z.enum(['api-key', 'client-credentials', 'token-exchange'], {
    error: 'must be api-key, client-credentials or token-exchange',
  }),
  'upstream-issuer': oauthUrl.optional(),
  'upstream-resource': z.url({ error: 'must be a URL, e.g. https://api.example.com' }).optional(),
  'upstream-scope': z.string().optional(),
} satisfies Record<FlagName, z.ZodType>);

type Flags = z.output<typeof flagSchema>;

/**
 * A secret from the environment: the variable itself, or the file its `_FILE` twin names (as
 * container platforms mount secrets). Undefined when neither is set.
 */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name];
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    throw new UsageError([
      `${name}_FILE names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    ]);
  }
}

/** The variables secrets are read from; each has a `_FILE` twin. They have no flags. */
export const SECRET_VARIABLES = {
  apiKey: 'PFM_API_KEY',
  apiToken: 'PFM_API_TOKEN',
  clientId: 'PFM_OAUTH_CLIENT_ID',
  clientSecret: 'PFM_OAUTH_CLIENT_SECRET',
  confirmationKey: 'PFM_CONFIRMATION_KEY',
} as const;

type Secrets = Partial<Record<keyof typeof SECRET_VARIABLES, string>>;

function readSecrets(env: NodeJS.ProcessEnv): Secrets {
  return Object.fromEntries(Object.entries(SECRET_VARIABLES).map(([key, variable]) => [key, secret(env, variable)]));
}

/** Settings that only make sense together; each problem names the flags and the fix. */
function combinationProblems(flags: Flags, secrets: Secrets): string[] {
  const problems: string[] = [];
  const client = Boolean(secrets.clientId && secrets.clientSecret);
  const oauth = flags.auth === 'oauth';
  if (Boolean(secrets.apiKey) !== Boolean(secrets.apiToken)) {
    problems.push(
      `${secrets.apiKey ? 'PFM_API_KEY is set but PFM_API_TOKEN is not' : 'PFM_API_TOKEN is set but PFM_API_KEY is not'}; set both (or neither, to use the sandbox)`,
    );
  }
  if (Boolean(secrets.clientId) !== Boolean(secrets.clientSecret)) {
    problems.push('PFM_OAUTH_CLIENT_ID and PFM_OAUTH_CLIENT_SECRET go together; set both (or their _FILE twins)');
  }
  if (oauth && flags.transport !== 'http') problems.push('--auth oauth protects the HTTP endpoint; add --transport http');
  if (oauth && !flags['oauth-issuer']) {
    problems.push('--auth oauth needs --oauth-issuer URL: the authorization server whose access tokens /mcp accepts');
  }
  if (oauth && !flags['public-url']) {
    problems.push("--auth oauth needs --public-url URL: this server's own URL, e.g. https://finance-mcp.example.com/mcp");
  }
  if (flags['headers-timeout-s'] > flags['body-timeout-s']) {
    problems.push(
      `--headers-timeout-s (${flags['headers-timeout-s']}) is longer than --body-timeout-s (${flags['body-timeout-s']}), which counts the headers too; make it shorter`,
    );
  }
  if (flags['oauth-introspection'] && !oauth) problems.push('--oauth-introspection works with --auth oauth only');
  if (flags['oauth-introspection'] && !client) {
    problems.push(
      '--oauth-introspection needs PFM_OAUTH_CLIENT_ID and PFM_OAUTH_CLIENT_SECRET to authenticate to the introspection endpoint',
    );
  }
  if (flags.transport === 'http' && !oauth && !isLoopbackHost(flags.host) && !flags['insecure-no-auth']) {
    problems.push(
      `refusing to serve --host ${flags.host} without authentication: anyone who reaches it could move money. Use --auth oauth (with --oauth-issuer and --public-url), or --insecure-no-auth when a proxy in front authenticates every request`,
    );
  }
  const upstream = flags['upstream-auth'];
  if (upstream !== 'api-key') {
    if (!flags['upstream-issuer'] && !flags['oauth-issuer']) {
      problems.push(
        `--upstream-auth ${upstream} needs --upstream-issuer URL (or --oauth-issuer): the authorization server of API tokens`,
      );
    }
    if (!client)
      problems.push(`--upstream-auth ${upstream} needs PFM_OAUTH_CLIENT_ID and PFM_OAUTH_CLIENT_SECRET (or their _FILE twins)`);
    if (!flags['upstream-resource']) {
      problems.push(
        `--upstream-auth ${upstream} needs --upstream-resource URL: the API's audience, asked for in every token request`,
      );
    }
  }
  if (upstream === 'token-exchange' && !oauth) {
    problems.push("--upstream-auth token-exchange exchanges each caller's token, so it needs --auth oauth");
  }
  return problems;
}

/** How API requests authenticate; `none` means there is nothing to authenticate with (the sandbox is used). */
export type UpstreamAuthConfig =
  | { kind: 'api-key'; apiKey: string; apiToken: string }
  | { kind: 'client-credentials' | 'token-exchange'; issuer: string; resource: string; scope?: string }
  | { kind: 'none' };

function upstreamAuthFrom(flags: Flags, secrets: Secrets): UpstreamAuthConfig {
  const kind = flags['upstream-auth'];
  if (kind === 'api-key') {
    return secrets.apiKey && secrets.apiToken ? { kind, apiKey: secrets.apiKey, apiToken: secrets.apiToken } : { kind: 'none' };
  }
  return {
    kind,
    issuer: (flags['upstream-issuer'] ?? flags['oauth-issuer'])!,
    resource: flags['upstream-resource']!,
    scope: flags['upstream-scope'],
  };
}

/**
 * The working directory as the default file root on stdio, except the filesystem root: desktop
 * hosts start servers there, and that would open every file on the disk to uploads and downloads.
 */
function workingDirectoryRoot(): string[] | null {
  const directory = process.cwd();
  return parse(directory).root === directory ? null : [directory];
}

function configFrom(flags: Flags, secrets: Secrets) {
  const { transport, host } = flags;
  const allowedHosts = flags['allowed-hosts'];
  const fileRoots = flags['file-roots'];
  const client =
    secrets.clientId && secrets.clientSecret ? { clientId: secrets.clientId, clientSecret: secrets.clientSecret } : undefined;
  return {
    transport,
    host,
    port: flags.port,
    sandbox: flags.sandbox,
    products: flags.products,
    toolsets: flags.toolsets,
    readOnly: flags['read-only'],
    urls: { fincon: flags['fincon-url'], capex: flags['capex-url'], esg: flags['esg-url'] },
    timeoutMs: flags['timeout-ms'],
    maxResponseBytes: flags['max-response-mb'] * 1024 * 1024,
    maxAnswerTokens: flags['max-answer-tokens'],
    parallelReads: flags['parallel-reads'],
    allowedOrigins: flags['allowed-origins'],
    /** null: local paths are refused (a hosted server must not touch its own disk for callers). */
    fileRoots: fileRoots ? list(fileRoots).map((root) => resolve(root)) : transport === 'stdio' ? workingDirectoryRoot() : null,
    /** null: no Host check. */
    allowedHosts:
      allowedHosts === 'any' ? null : allowedHosts ? list(allowedHosts) : isLoopbackHost(host) ? LOOPBACK_HOSTS : null,
    /** The resource server of /mcp, with --auth oauth. */
    oauth:
      flags.auth === 'oauth'
        ? {
            issuer: flags['oauth-issuer']!,
            publicUrl: flags['public-url']!,
            introspection: flags['oauth-introspection'] ? client : undefined,
          }
        : undefined,
    insecureNoAuth: flags['insecure-no-auth'],
    /** Where the audit trail goes; hosted mode writes it to stderr unless told otherwise. */
    auditLog: flags['audit-log'] ?? (flags.auth === 'oauth' ? 'stderr' : undefined),
    maxBodyBytes: flags['max-body-mb'] * 1024 * 1024,
    rateLimitPerMinute: flags['rate-limit'],
    maxConcurrent: flags['max-concurrent'],
    headersTimeoutMs: flags['headers-timeout-s'] * 1000,
    requestTimeoutMs: flags['body-timeout-s'] * 1000,
    upstreamAuth: upstreamAuthFrom(flags, secrets),
    /** This server's own client credentials at the authorization server. */
    oauthClient: client,
    confirmWrites: flags['confirm-writes'],
    confirmationTtlMs: flags['confirmation-ttl'] * 1000,
    /** Used confirmations, leases, writes of unknown fate and rate-limit buckets: this process's, or Redis's. */
    stateStore: flags['state-store'],
    moneyReadBudgetMs: flags['money-read-budget-s'] * 1000,
    /** Seals confirmations; instances that share it accept each other's. Made at start when absent. */
    confirmationKey: secrets.confirmationKey,
  };
}

export type Config = ReturnType<typeof configFrom>;

/** Flag, else PFM_* variable, else default. Secrets come only from the environment (or files it names). */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv, command = 'project-finance-mcp'): Config {
  const flags = checkedFlags(flagSchema, readFlags(argv, FLAGS, env, command));
  const secrets = readSecrets(env);
  const problems = combinationProblems(flags, secrets);
  if (problems.length > 0) throw new UsageError(problems);
  return configFrom(flags, secrets);
}
