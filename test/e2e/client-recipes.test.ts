/**
 * The client recipes of the README, tried: each block marked `<!-- recipe: NAME -->` is read
 * from README.md and the server is started from the packed tarball exactly as that block says
 * (command, arguments and environment; an HTTP URL reached as written, on a free port), then a
 * client lists the tools and reads projects. The API is a sandbox here: the recipes' key and
 * token reach it through PFM_FINCON_URL, and their folders become a temporary one. Editors and
 * desktop apps themselves cannot run here; what they would start, does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/checkout.js';
import {
  connectHttp,
  connectStdio,
  dataOf,
  startHttpServer,
  type HttpServer,
  type Page,
  type TestClient,
} from '../support/harness.js';
import { startIdentityProvider, type TestIdentityProvider } from '../support/identity-provider.js';
import { packAndInstall, type PackedInstall } from '../support/packed-install.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

const README = readFileSync(join(REPO, 'README.md'), 'utf8');

/** The code block after `<!-- recipe: name -->`. */
function recipe(name: string): string {
  const found = new RegExp(`<!-- recipe: ${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(README);
  if (!found) throw new Error(`README.md has no recipe "${name}"`);
  return found[1]!.trim();
}

/** What a client configuration starts: a command line with its environment, or a URL. */
type Launch = { command: string[]; env: Record<string, string> } | { url: string };

/** Claude Desktop and Cursor: `mcpServers`; VS Code: `servers`, with `${input:...}` answered. */
function fromJson(text: string, inputs: Record<string, string> = {}): Launch {
  const config = JSON.parse(text) as { mcpServers?: Record<string, any>; servers?: Record<string, any> };
  const servers = config.mcpServers ?? config.servers ?? {};
  expect(Object.keys(servers)).toEqual(['project-finance']);
  const server = servers['project-finance'];
  if (server.url) return { url: server.url };
  const env = Object.fromEntries(
    Object.entries((server.env ?? {}) as Record<string, string>).map(([name, value]) => [
      name,
      value.replace(/\$\{input:([\w-]+)\}/g, (_, id: string) => inputs[id] ?? ''),
    ]),
  );
  return { command: [server.command, ...(server.args ?? [])], env };
}

/**
 * `claude mcp add [--transport T] [--env K=V]... NAME (URL | -- COMMAND...)`, read as Claude
 * Code's command line parser reads it: options anywhere before `--`.
 */
function fromClaudeCode(line: string): Launch {
  const words = line.split(/\s+/);
  expect(words.slice(0, 3)).toEqual(['claude', 'mcp', 'add']);
  const end = words.includes('--') ? words.indexOf('--') : words.length;
  const env: Record<string, string> = {};
  const positional: string[] = [];
  let transport = 'stdio';
  for (let index = 3; index < end; index += 1) {
    const word = words[index]!;
    if (word === '--transport' || word === '-t') transport = words[++index]!;
    else if (word === '--env' || word === '-e') {
      const pair = words[++index]!;
      env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
    } else if (word.startsWith('-')) throw new Error(`an option Claude Code does not have here: ${word}`);
    else positional.push(word);
  }
  expect(positional[0]).toBe('project-finance');
  if (transport === 'http') return { url: positional[1]! };
  expect(transport).toBe('stdio');
  return { command: words.slice(end + 1), env };
}

const upstream = useProxiedSandbox();
let install: PackedInstall;
let files: string;

beforeAll(async () => {
  install = await packAndInstall();
  files = mkdtempSync(join(tmpdir(), 'pfm-recipe-files-'));
}, 120_000);
afterAll(() => {
  install?.remove();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** The client lists the tools and reads the projects of the sandbox. */
async function listsAndReads(client: TestClient): Promise<void> {
  try {
    expect((await client.listTools()).map((tool) => tool.name)).toContain('get_project_budget');
    const projects = dataOf<Page<{ name: string }>>(await client.callTool('list_projects'));
    expect(projects.items.map((project) => project.name)).toContain('Hunsrück Mitte');
  } finally {
    await client.close();
  }
}

/** Starts what a stdio recipe starts, from the directory the package is installed in, offline. */
async function startStdio(launch: Launch): Promise<TestClient> {
  if (!('command' in launch)) throw new Error('not a stdio recipe');
  expect(launch.command).toEqual(['npx', '-y', 'project-finance-mcp']);
  const env: Record<string, string> = { ...launch.env, npm_config_offline: 'true' };
  if (env.PFM_API_KEY) env.PFM_FINCON_URL = upstream.urlOf('fincon');
  if (env.PFM_FILE_ROOTS) env.PFM_FILE_ROOTS = files;
  return connectStdio('modern', { command: launch.command, env, cwd: install.home });
}

describe('stdio recipes', () => {
  it.each([
    ['claude-desktop', () => fromJson(recipe('claude-desktop'))],
    ['claude-code', () => fromClaudeCode(recipe('claude-code'))],
    ['cursor', () => fromJson(recipe('cursor'))],
    ['vscode', () => fromJson(recipe('vscode'), { 'pfm-api-key': 'typed-key', 'pfm-api-token': 'typed-token' })],
    ['inspector', () => ({ command: recipe('inspector').split(/\s+/).slice(2), env: {} })],
  ])('%s starts a server that answers', async (_name, launch) => {
    await listsAndReads(await startStdio(launch()));
  });

  it('hands the key and token a person typed to the API', async () => {
    const client = await startStdio(fromJson(recipe('vscode'), { 'pfm-api-key': 'typed-key', 'pfm-api-token': 'typed-token' }));
    const from = upstream.proxy().seen.length;
    try {
      expect(client.instructions()).not.toContain('SANDBOX');
      await client.callTool('list_projects');
      const seen = upstream.proxy().seen.slice(from);
      expect(seen.length).toBeGreaterThan(0);
      for (const request of seen)
        expect(request.headers).toMatchObject({ 'x-api-key': 'typed-key', 'x-api-token': 'typed-token' });
    } finally {
      await client.close();
    }
  });
});

describe('HTTP recipes', () => {
  let server: HttpServer;
  let port: string;

  beforeAll(async () => {
    const command = recipe('http-server').split(/\s+/);
    expect(command.slice(0, 3)).toEqual(['npx', '-y', 'project-finance-mcp']);
    // The recipe's port, 3000, may be taken on a test machine: the server picks a free one.
    const onAnyPort = command.map((arg, index, all) => (all[index - 1] === '--port' ? '0' : arg));
    server = await startHttpServer({ command: onAnyPort, env: { npm_config_offline: 'true' }, cwd: install.home });
    port = new URL(server.endpoint).port;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The recipe's URL, on the port the server took. */
  const reached = (launch: Launch) => {
    if (!('url' in launch)) throw new Error('not an HTTP recipe');
    const url = new URL(launch.url);
    expect(`${url.hostname}:${url.port}${url.pathname}`).toBe('127.0.0.1:3000/mcp');
    url.port = port;
    return url.href;
  };

  it.each([
    ['claude-code-http', () => fromClaudeCode(recipe('claude-code-http'))],
    ['cursor-http', () => fromJson(recipe('cursor-http'))],
    ['vscode-http', () => fromJson(recipe('vscode-http'))],
  ])('%s reaches the server at its URL', async (_name, launch) => {
    await listsAndReads(await connectHttp('modern', reached(launch())));
  });
});

describe('hosted recipes', () => {
  let idp: TestIdentityProvider;
  let server: HttpServer;

  beforeAll(async () => {
    idp = await startIdentityProvider();
  });
  afterAll(async () => {
    await server?.stop();
    await idp?.close();
  });

  it.each([
    ['claude-code-hosted', () => fromClaudeCode(recipe('claude-code-hosted'))],
    ['vscode-hosted', () => fromJson(recipe('vscode-hosted'))],
  ])('%s: the URL alone leads a client to sign in and in', async (_name, launch) => {
    const given = launch();
    if (!('url' in given)) throw new Error('not an HTTP recipe');
    const publicUrl = new URL(given.url);
    server ??= await startHttpServer({
      entry: install.bin,
      args: ['--sandbox', '--auth', 'oauth', '--oauth-issuer', idp.issuer, '--public-url', publicUrl.href],
    });
    // What a client does with the URL: ask, read the 401's challenge, find the issuer, get a token.
    const local = (url: URL) => new URL(url.pathname, server.endpoint).href;
    const challenge = await fetch(server.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(challenge.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')![1]!;
    expect(new URL(metadataUrl).origin).toBe(publicUrl.origin);
    const metadata = (await (await fetch(local(new URL(metadataUrl)))).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata).toMatchObject({ resource: publicUrl.href, authorization_servers: [idp.issuer] });
    const token = await idp.userToken('recipe-user', { resource: metadata.resource, scope: 'read' });
    await listsAndReads(await connectHttp('modern', server.endpoint, token));
  });
});
