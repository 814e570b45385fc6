/**
 * Every knob of the server, documented once: the flag table drives argument parsing,
 * the PFM_* environment twins, --help and the README's flag section.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { PRODUCTS, type Product } from './dispatch/operation.js';
import { readFlags, UsageError, type FlagSpec } from './flags.js';
import { toolsets as knownToolsets } from '../tools/index.js';

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

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

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

const switchValue = z.string().transform((value, context) => {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  context.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

const wholeNumber = (min: number, max: number, example: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}, e.g. ${example}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: `must be a whole number from ${min} to ${max}, e.g. ${example}` });

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://api.example.com/fincon/v1' })
  .transform((value) => value.replace(/\/+$/, ''));

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
  'max-answer-tokens': wholeNumber(500, 1_000_000, '10000'),
  'allowed-origins': z.string().transform(list),
  'allowed-hosts': z.string().optional(),
  'file-roots': z.string().optional(),
} satisfies Record<FlagName, z.ZodType>);

function configFrom(flags: z.output<typeof flagSchema>, credentials: { apiKey?: string; apiToken?: string }) {
  const transport = flags.transport;
  const host = flags.host;
  const allowedHosts = flags['allowed-hosts'];
  const fileRoots = flags['file-roots'];
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
    maxAnswerTokens: flags['max-answer-tokens'],
    allowedOrigins: flags['allowed-origins'],
    /** null: local paths are refused (a hosted server must not touch its own disk for callers). */
    fileRoots: fileRoots ? list(fileRoots).map((root) => resolve(root)) : transport === 'stdio' ? [process.cwd()] : null,
    /** null: no Host check. */
    allowedHosts:
      allowedHosts === 'any'
        ? null
        : allowedHosts
          ? list(allowedHosts)
          : LOOPBACK_HOSTS.includes(host) || host === '::1'
            ? LOOPBACK_HOSTS
            : null,
    ...credentials,
  };
}

export type Config = ReturnType<typeof configFrom>;

/** Flag, else PFM_* variable, else default. Credentials come only from the environment. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv, command = 'project-finance-mcp'): Config {
  const { values, sources } = readFlags(argv, FLAGS, env, command);
  const parsed = flagSchema.safeParse(values);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues.map((issue) => {
        const flag = String(issue.path[0]);
        return `${sources[flag]} ${issue.message}; got ${JSON.stringify(values[flag])}`;
      }),
    );
  }
  const apiKey = env.PFM_API_KEY || undefined;
  const apiToken = env.PFM_API_TOKEN || undefined;
  if (Boolean(apiKey) !== Boolean(apiToken)) {
    throw new UsageError([
      `${apiKey ? 'PFM_API_KEY is set but PFM_API_TOKEN is not' : 'PFM_API_TOKEN is set but PFM_API_KEY is not'}; set both (or neither, to use the sandbox)`,
    ]);
  }
  return configFrom(parsed.data, { apiKey, apiToken });
}
