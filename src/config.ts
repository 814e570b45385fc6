/**
 * Every knob of the server, documented once: the flag table drives argument parsing,
 * the PFM_* environment twins, --help and the README's flag section.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PRODUCTS, type Product } from './dispatch/operation.js';
import { toolsets as knownToolsets } from '../tools/index.js';

interface FlagSpec {
  name: string;
  kind: 'string' | 'boolean';
  /** Shown in --help; for string flags, the value placeholder. */
  value?: string;
  description: string;
  /** The value used when neither the flag nor its variable is given. */
  default?: string;
  /** The default in words, for --help, where it depends on other settings. */
  defaultNote?: string;
}

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
  { name: 'read-only', kind: 'boolean', description: 'Offer only tools that read; every tool that writes is removed.' },
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
    description: 'Upstream API timeout for response headers and again for the body.',
  },
  {
    name: 'max-answer-tokens',
    kind: 'string',
    value: 'N',
    default: '10000',
    description: 'Size a list answer may reach (about 4 characters a token); further rows come with the next cursor.',
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
    defaultNote: 'the working directory on stdio; none over HTTP',
    description: 'Directories that uploads may read from and downloads may write to (file_path, save_to).',
  },
  {
    name: 'allowed-hosts',
    kind: 'string',
    value: 'LIST',
    defaultNote: 'loopback names when bound to loopback',
    description: 'HTTP: Host header hostnames accepted (DNS-rebinding guard); "any" disables the check.',
  },
] as const satisfies readonly FlagSpec[];

type FlagName = (typeof FLAGS)[number]['name'];

export function envName(flag: string): string {
  return `PFM_${flag.toUpperCase().replaceAll('-', '_')}`;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Toolset names that stand for several toolsets. */
const TOOLSET_KEYWORDS = ['daily', 'all'];

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const booleanText = z.string().transform((value) => /^(1|true|yes|on)$/i.test(value));

const httpUrl = (flag: string) =>
  z.url({ protocol: /^https?$/, error: `--${flag} must be an http(s) URL` }).transform((value) => value.replace(/\/+$/, ''));

const configSchema = z
  .object({
    transport: z.enum(['stdio', 'http'], { error: '--transport must be stdio or http' }),
    host: z.string().min(1),
    port: z.coerce.number({ error: '--port must be a number' }).int().min(0).max(65535, { error: '--port must be 0-65535' }),
    sandbox: booleanText,
    products: z.string().transform((value, context) => {
      const products = list(value);
      const unknown = products.filter((product) => !(PRODUCTS as readonly string[]).includes(product));
      if (unknown.length || !products.length) {
        context.addIssue({ code: 'custom', message: `--products takes a list of ${PRODUCTS.join(', ')}; got ${value}` });
      }
      return products as Product[];
    }),
    toolsets: z.string().transform((value, context) => {
      const names = list(value);
      const unknown = names.filter((name) => !TOOLSET_KEYWORDS.includes(name) && !(name in knownToolsets));
      if (unknown.length || !names.length) {
        context.addIssue({
          code: 'custom',
          message: `--toolsets takes daily, all or toolset names (${Object.keys(knownToolsets).join(', ')}); unknown: ${unknown.join(', ') || value}`,
        });
      }
      return names;
    }),
    readOnly: booleanText,
    urls: z.object({ fincon: httpUrl('fincon-url'), capex: httpUrl('capex-url'), esg: httpUrl('esg-url') }),
    timeoutMs: z.coerce
      .number({ error: '--timeout-ms must be a number' })
      .int()
      .positive({ error: '--timeout-ms must be positive' }),
    maxAnswerTokens: z.coerce
      .number({ error: '--max-answer-tokens must be a number' })
      .int()
      .min(500, { error: '--max-answer-tokens must be at least 500' }),
    allowedOrigins: z.string().transform(list),
    allowedHosts: z.string().optional(),
    fileRoots: z.string().optional(),
    apiKey: z.string().optional(),
    apiToken: z.string().optional(),
  })
  .refine((config) => Boolean(config.apiKey) === Boolean(config.apiToken), {
    error: 'PFM_API_KEY and PFM_API_TOKEN must be set together (or neither, to use the sandbox)',
  })
  .transform(({ allowedHosts, fileRoots, ...config }) => ({
    ...config,
    /** null: local paths are refused (a hosted server must not touch its own disk for callers). */
    fileRoots: fileRoots ? list(fileRoots).map((root) => resolve(root)) : config.transport === 'stdio' ? [process.cwd()] : null,
    /** null: no Host check. */
    allowedHosts:
      allowedHosts === 'any'
        ? null
        : allowedHosts
          ? list(allowedHosts)
          : LOOPBACK_HOSTS.includes(config.host) || config.host === '::1'
            ? LOOPBACK_HOSTS
            : null,
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Flag, else PFM_* variable, else default. Credentials come only from the environment. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): Config {
  const options = Object.fromEntries(FLAGS.map((flag) => [flag.name, { type: flag.kind }])) as Record<
    FlagName,
    { type: 'string' | 'boolean' }
  >;
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}. Run with --help to see the flags.`);
  }
  const pick = (flag: FlagName): string | undefined => {
    const value = parsed.values[flag];
    if (value !== undefined) return String(value);
    const fromEnv = env[envName(flag)];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    const spec: FlagSpec = FLAGS.find((candidate) => candidate.name === flag)!;
    return spec.kind === 'boolean' ? 'false' : spec.default;
  };
  const result = configSchema.safeParse({
    transport: pick('transport'),
    host: pick('host'),
    port: pick('port'),
    sandbox: pick('sandbox'),
    products: pick('products'),
    toolsets: pick('toolsets'),
    readOnly: pick('read-only'),
    urls: { fincon: pick('fincon-url'), capex: pick('capex-url'), esg: pick('esg-url') },
    timeoutMs: pick('timeout-ms'),
    maxAnswerTokens: pick('max-answer-tokens'),
    allowedOrigins: pick('allowed-origins'),
    allowedHosts: pick('allowed-hosts'),
    fileRoots: pick('file-roots'),
    apiKey: env.PFM_API_KEY || undefined,
    apiToken: env.PFM_API_TOKEN || undefined,
  });
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => issue.message).join('\n'));
  }
  return result.data;
}

export function flagHelp(): string {
  return FLAGS.map((flag) => {
    const spec: FlagSpec = flag;
    const left = `  --${spec.name}${spec.value ? ` ${spec.value}` : ''}`;
    const fallback = spec.default || spec.defaultNote ? ` (default: ${spec.default ?? spec.defaultNote})` : '';
    return `${left.padEnd(34)}${spec.description}${fallback}\n${' '.repeat(34)}env: ${envName(spec.name)}`;
  }).join('\n');
}
