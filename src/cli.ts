#!/usr/bin/env node
/** Command line: flags + env -> Config -> transport; plus the `sandbox` and `catalog` sub-commands. */
import { parseArgs } from 'node:util';
import { catalog, toolsets } from '../tools/index.js';
import { ConfigError, flagHelp, loadConfig, type Config } from './config.js';
import type { SandboxHandle, SandboxOptions } from './sandbox/index.js';
import { createMcpServer, SERVER_NAME, SERVER_VERSION } from './server.js';
import { toolSurface } from './surface.js';
import { serveOverHttp } from './transports/http.js';
import { serveOverStdio } from './transports/stdio.js';
import { apiKeyAuth } from './upstream/auth.js';
import { UpstreamClient } from './upstream/client.js';

const log = (message: string) => console.error(message);

function toolsetHelp(): string {
  return Object.entries(toolsets)
    .map(([name, info]) => `  ${`${name}${info.daily ? '*' : ''}`.padEnd(32)}${info.description}`)
    .join('\n');
}

function helpText(): string {
  return `${SERVER_NAME} ${SERVER_VERSION}: an MCP server for the construction project-finance API (FinCon, CAPEX, ESG).

Usage:
  ${SERVER_NAME} [flags]                 serve MCP (stdio by default)
  ${SERVER_NAME} sandbox [--port N]      serve only the sandbox REST API on 127.0.0.1 and print its base URLs
  ${SERVER_NAME} catalog [--json]        print every tool declaration
  ${SERVER_NAME} --help | --version

Flags (each also read from its PFM_* environment variable; the flag wins):
${flagHelp()}

Toolsets (* = part of "daily"; CAPEX and ESG ones when FinCon is not among --products):
${toolsetHelp()}

Credentials (environment only):
  PFM_API_KEY, PFM_API_TOKEN        sent as X-API-KEY / X-API-TOKEN. Without them, or with --sandbox,
                                    the server runs against its embedded sandbox with demo data.
`;
}

/** Loaded only when used: a server with credentials never pays for the sandbox's code. */
async function startSandbox(options?: SandboxOptions): Promise<SandboxHandle> {
  return (await import('./sandbox/index.js')).startSandbox(options);
}

async function runSandboxCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string', default: '0' } } });
  const sandbox = await startSandbox({ port: Number(values.port) });
  for (const [product, url] of Object.entries(sandbox.baseUrls)) console.log(`${product}: ${url}`);
  log('Sandbox API running; any non-empty X-API-KEY and X-API-TOKEN are accepted. Ctrl-C stops it.');
  await untilStopped();
  await sandbox.close();
}

function runCatalogCommand(argv: string[]): void {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } } });
  const entries = catalog.map((operation) => ({
    name: operation.name,
    title: operation.title,
    product: operation.product,
    toolset: operation.toolset,
    method: operation.method,
    path: operation.path,
    annotations: operation.hints,
  }));
  if (values.json) {
    console.log(JSON.stringify(entries, null, 2));
  } else {
    for (const entry of entries) console.log(`${entry.name.padEnd(28)} ${entry.method.padEnd(6)} ${entry.product}${entry.path}`);
  }
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

function sandboxReason(config: Config): string | undefined {
  if (config.sandbox) return '--sandbox was given';
  if (!config.apiKey) return 'PFM_API_KEY and PFM_API_TOKEN are not set';
  return undefined;
}

async function runServer(argv: string[]): Promise<void> {
  const config = loadConfig(argv, process.env);
  const reason = sandboxReason(config);
  let sandbox: SandboxHandle | undefined;
  if (reason) {
    sandbox = await startSandbox();
    log(`Using the embedded SANDBOX API with demo data (${reason}) at ${sandbox.origin}.`);
  }
  const upstream = new UpstreamClient({
    baseUrls: sandbox?.baseUrls ?? config.urls,
    auth: sandbox ? apiKeyAuth('sandbox', 'sandbox') : apiKeyAuth(config.apiKey!, config.apiToken!),
    timeoutMs: config.timeoutMs,
  });
  const surface = toolSurface(config);
  const setup = {
    surface,
    upstream,
    files: { roots: config.fileRoots },
    // About four characters a token.
    answerBudget: config.maxAnswerTokens * 4,
    sandbox: Boolean(sandbox),
    readOnly: config.readOnly,
  };
  const hidden = surface.reachable.length - surface.direct.length;
  log(
    `${SERVER_NAME} ${SERVER_VERSION}: ${surface.direct.length} tools${hidden ? `, ${hidden} more through search_tools` : ''}` +
      `${config.readOnly ? ' (read-only)' : ''} over ${config.transport}.`,
  );

  if (config.transport === 'stdio') {
    await serveOverStdio(() => createMcpServer(setup));
  } else {
    const http = await serveOverHttp(() => createMcpServer(setup), {
      host: config.host,
      port: config.port,
      allowedOrigins: config.allowedOrigins,
      allowedHosts: config.allowedHosts,
    });
    log(`MCP endpoint: ${http.endpoint}`);
    await untilStopped();
    await http.close();
  }
  await upstream.close();
  await sandbox?.close();
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') return void process.stdout.write(helpText());
  if (command === '--version') return void console.log(SERVER_VERSION);
  if (command === 'sandbox') return runSandboxCommand(rest);
  if (command === 'catalog') return runCatalogCommand(rest);
  return runServer(argv);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    log(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : `Fatal: ${(error as Error).stack ?? String(error)}`,
    );
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
