/** The sub-commands: serve MCP (flags + env -> Config -> transport), `sandbox`, `catalog` and `help`. */
import { toolsets } from '../tools/toolsets.js';
import { z } from 'zod';
import { FLAGS, loadConfig, oauthUrl, sandboxScale, switchValue, wholeNumber } from './config.js';
import { asksForHelp, checkedFlags, flagHelp, readFlags, UsageError, type FlagSpec } from './flags.js';
import { SERVER_NAME, SERVER_VERSION } from './identity.js';

const log = (message: string) => console.error(message);

function toolsetHelp(): string {
  return Object.entries(toolsets)
    .map(([name, info]) => `  ${`${name}${info.daily ? '*' : ''}`.padEnd(32)}${info.description}`)
    .join('\n');
}

const USAGE = `Usage:
  ${SERVER_NAME} [flags]                 serve MCP (stdio by default)
  ${SERVER_NAME} sandbox [--port N]      serve only the sandbox REST API and print its base URLs
  ${SERVER_NAME} catalog [--json]        print every tool declaration
  ${SERVER_NAME} help [COMMAND]          this help, or a command's (also: COMMAND --help)
  ${SERVER_NAME} --version`;

function serverHelp(): string {
  return `${SERVER_NAME} ${SERVER_VERSION}: an MCP server for the construction project-finance API (FinCon, CAPEX, ESG).

${USAGE}

Flags (each also read from its PFM_* environment variable; the flag wins):
${flagHelp(FLAGS)}

Toolsets (* = part of "daily"; CAPEX and ESG ones when FinCon is not among --products):
${toolsetHelp()}

Credentials (environment only):
  PFM_API_KEY, PFM_API_TOKEN        sent as X-API-KEY / X-API-TOKEN. Without them, or with --sandbox,
                                    the server runs against its embedded sandbox with demo data.
`;
}

const SANDBOX_FLAGS = [
  {
    name: 'port',
    kind: 'string',
    value: 'PORT',
    default: '0',
    env: false,
    description: 'Port to listen on (0 picks a free one).',
  },
  {
    name: 'host',
    kind: 'string',
    value: 'HOST',
    default: '127.0.0.1',
    env: false,
    description:
      'Address to listen on; 0.0.0.0 serves other machines too (a container network, say). Demo data only, and any key is accepted.',
  },
  {
    name: 'public-host',
    kind: 'string',
    value: 'NAME',
    env: false,
    defaultNote: '--host',
    description:
      'The name others reach the sandbox by, used in its base URLs and download links (e.g. the compose service name).',
  },
  {
    name: 'oauth-issuer',
    kind: 'string',
    value: 'URL',
    env: false,
    description: 'Accept OAuth bearer JWTs of this authorization server too (checked against its published keys).',
  },
  {
    name: 'oauth-audience',
    kind: 'string',
    value: 'AUD',
    env: false,
    description: 'With --oauth-issuer: the audience tokens must carry (the API resource indicator).',
  },
  {
    name: 'oauth-only',
    kind: 'boolean',
    env: false,
    description: 'With --oauth-issuer: refuse API keys, accept only bearer tokens.',
  },
  {
    name: 'faults',
    kind: 'string',
    value: 'SPEC',
    env: false,
    description:
      'Misbehave on purpose, e.g. drop-after-commit=0.1,status-503=0.05,status-429=0.05,latency-ms=0-40,seed=7; refuse-include=400 (or 422) refuses every include (the embedded sandbox reads PFM_SANDBOX_FAULTS).',
  },
  {
    name: 'scale',
    kind: 'string',
    value: 'N',
    env: false,
    description:
      'Add load-test data: the project "Stadtquartier Neckarbogen" with N contracts, ten invoices each, about 1.5 payments an invoice (2000 gives 20,000 invoices), and the ESG estate "Wohnquartier Rosenstein" with N houses, a heating plant with a meter for each, their audit and file events (the embedded sandbox reads PFM_SANDBOX_SCALE).',
  },
] as const satisfies readonly FlagSpec[];

const hostName = z.string().min(1, { error: 'must not be empty' });

const sandboxSchema = z.object({
  port: wholeNumber(0, 65535, '8080 (0 picks a free port)'),
  host: hostName,
  'public-host': hostName.optional(),
  'oauth-issuer': oauthUrl.optional(),
  'oauth-audience': z.string().min(1, { error: 'must not be empty' }).optional(),
  'oauth-only': switchValue,
  faults: z.string().optional(),
  scale: sandboxScale.optional(),
});

const CATALOG_FLAGS: readonly FlagSpec[] = [
  {
    name: 'json',
    kind: 'boolean',
    env: false,
    description: 'Print JSON: name, title, product, toolset, method, path, annotations.',
  },
];

export interface Command {
  summary: string;
  flags: readonly FlagSpec[];
  /** Reads and checks the command's flags (and variables of `env`), starting nothing; refusals reject with UsageError. */
  check(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<unknown>;
  run(argv: string[]): Promise<void>;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  sandbox: {
    summary:
      'Serves only the embedded sandbox REST API (FinCon, CAPEX and ESG with demo data), on 127.0.0.1 unless --host says otherwise, and prints its base URLs. Any non-empty X-API-KEY and X-API-TOKEN are accepted.',
    flags: SANDBOX_FLAGS,
    check: sandboxSettings,
    run: runSandboxCommand,
  },
  catalog: {
    summary: 'Prints every tool declaration: name, HTTP method and API path (with --json: also title, toolset and annotations).',
    flags: CATALOG_FLAGS,
    check: catalogSettings,
    run: async (argv) => runCatalogCommand(argv),
  },
};

function commandHelp(name: string, command: Command): string {
  return `${SERVER_NAME} ${name}: ${command.summary}

Usage:
  ${SERVER_NAME} ${name} [flags]

Flags:
${flagHelp(command.flags)}
  --help                          this help
`;
}

/** The sandbox command's settings, all checked before anything starts. */
async function sandboxSettings(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const flags = checkedFlags(sandboxSchema, readFlags(argv, SANDBOX_FLAGS, env, `${SERVER_NAME} sandbox`));
  if (Boolean(flags['oauth-issuer']) !== Boolean(flags['oauth-audience']) || (flags['oauth-only'] && !flags['oauth-issuer'])) {
    throw new UsageError(['--oauth-issuer and --oauth-audience go together (and --oauth-only needs them)']);
  }
  // Loaded only when used: a server with credentials never pays for the sandbox's code.
  const { sandboxFaults } = await import('./serve.js');
  return { ...flags, faults: await sandboxFaults(flags.faults, '--faults') };
}

async function runSandboxCommand(argv: string[]): Promise<void> {
  const flags = await sandboxSettings(argv, process.env);
  const issuer = flags['oauth-issuer'];
  const audience = flags['oauth-audience'];
  const { startSandbox } = await import('./sandbox/index.js');
  const { untilStopped } = await import('./serve.js');
  const sandbox = await startSandbox({
    port: flags.port,
    host: flags.host,
    publicHost: flags['public-host'],
    oauth: issuer && audience ? { issuer, audience, only: flags['oauth-only'] } : undefined,
    faults: flags.faults,
    scale: flags.scale,
  });
  for (const [product, url] of Object.entries(sandbox.baseUrls)) console.log(`${product}: ${url}`);
  const keys = 'any non-empty X-API-KEY and X-API-TOKEN are accepted';
  const tokens = issuer ? `bearer tokens of ${issuer} for ${audience}` : '';
  log(
    `Sandbox API running; ${flags['oauth-only'] ? `only ${tokens}` : tokens ? `${keys}, and ${tokens}` : keys}. Ctrl-C stops it.`,
  );
  await untilStopped();
  await sandbox.close();
}

async function catalogSettings(argv: readonly string[], env: NodeJS.ProcessEnv) {
  return readFlags(argv, CATALOG_FLAGS, env, `${SERVER_NAME} catalog`);
}

async function runCatalogCommand(argv: string[]): Promise<void> {
  const { values } = await catalogSettings(argv, process.env);
  const { catalog } = await import('../tools/index.js');
  const { isSummary } = await import('./dispatch/summary.js');
  const entries = catalog.map((tool) => ({
    name: tool.name,
    title: tool.title,
    product: tool.product,
    toolset: tool.toolset,
    // A summary reads through several operations: it has no request of its own.
    method: isSummary(tool) ? null : tool.method,
    path: isSummary(tool) ? null : tool.path,
    annotations: tool.hints,
  }));
  if (values.json === 'true') {
    console.log(JSON.stringify(entries, null, 2));
  } else {
    for (const entry of entries) {
      const request = entry.method
        ? `${entry.method.padEnd(6)} ${entry.product}${entry.path}`
        : `       ${entry.product} summary`;
      console.log(`${entry.name.padEnd(28)} ${request}`);
    }
  }
}

function runHelpCommand(argv: string[]): void {
  const [topic, ...rest] = argv;
  const command = topic === undefined ? undefined : COMMANDS[topic];
  if (rest.length > 0 || (topic !== undefined && !command)) {
    throw new UsageError([`help takes one of ${Object.keys(COMMANDS).join(', ')} or nothing; got '${argv.join(' ')}'`]);
  }
  process.stdout.write(command ? commandHelp(topic!, command) : serverHelp());
}

export async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv;
  const command = first === undefined ? undefined : COMMANDS[first];
  if (first === 'help') return runHelpCommand(rest);
  if (asksForHelp(argv)) return void process.stdout.write(command ? commandHelp(first!, command) : serverHelp());
  if (argv.includes('--version')) return void console.log(SERVER_VERSION);
  if (command) return command.run(rest);
  if (first !== undefined && !first.startsWith('-')) {
    throw new UsageError([
      `unknown command '${first}'; commands are ${[...Object.keys(COMMANDS), 'help'].join(', ')}, or flags alone to serve MCP (see --help)`,
    ]);
  }
  const config = loadConfig(argv, process.env);
  // Help, versions and refused flags answer without loading the catalog and the serving code.
  const { serve } = await import('./serve.js');
  return serve(config);
}

/** Where a listening socket could not be opened: the flag to change, not a stack trace. */
function listenProblem(error: unknown): string | undefined {
  const { code, address, port } = error as { code?: string; address?: string; port?: number };
  if (code === 'EADDRINUSE') return `cannot listen on ${address}:${port}: the port is in use; choose another with --port`;
  if (code === 'EACCES') return `cannot listen on ${address}:${port}: permission denied; choose a port above 1023 with --port`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${address}: no such address on this machine; check --host`;
  return undefined;
}

/** Says why the command failed, on stderr, and returns the exit code: 2 for a command line to fix. */
export function reportFailure(error: unknown): number {
  if (error instanceof UsageError) {
    for (const line of error.lines) log(`${SERVER_NAME}: ${line}`);
    return 2;
  }
  const problem = listenProblem(error);
  log(problem ? `${SERVER_NAME}: ${problem}` : `Fatal: ${(error as Error).stack ?? String(error)}`);
  return 1;
}
