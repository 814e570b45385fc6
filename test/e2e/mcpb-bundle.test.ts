/**
 * The MCP Bundle as a desktop host runs it: packed by `npm run pack:mcpb`'s last step (which has
 * mcpb validate the manifest first), unpacked into an empty directory, and started over stdio with
 * the command, arguments and environment a host derives from manifest.json and a person's settings
 * (mcpb's getMcpConfigForManifest), from the filesystem root, as desktop hosts start servers.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { getMcpConfigForManifest, unpackExtension, type McpbManifestAny } from '@anthropic-ai/mcpb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/checkout.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';
import { connectStdio, dataOf, pdf, textOf, type TestClient } from '../support/harness.js';

const run = promisify(execFile);

const home = mkdtempSync(join(tmpdir(), 'pfm-mcpb-'));
const bundle = join(home, 'project-finance-mcp.mcpb');
const unpacked = join(home, 'unpacked');
/** The folder for files the person chose. */
const files = join(home, 'files');
const cache = join(home, 'cache');

type UserConfig = Record<string, string | boolean>;

beforeAll(async () => {
  await run(process.execPath, [join(REPO, 'dist/src/bundle/pack-mcpb.js'), bundle], { cwd: REPO });
  expect(await unpackExtension({ mcpbPath: bundle, outputDir: unpacked, silent: true })).toBe(true);
  mkdirSync(files);
}, 120_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

/** What a host would start for these settings; undefined when it would not start the server. */
function hostConfig(userConfig: UserConfig) {
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as McpbManifestAny;
  const systemDirs = {
    HOME: home,
    DESKTOP: join(home, 'Desktop'),
    DOCUMENTS: join(home, 'Documents'),
    DOWNLOADS: join(home, 'Downloads'),
  };
  return getMcpConfigForManifest({ manifest, extensionPath: unpacked, systemDirs, userConfig, pathSeparator: sep });
}

async function startAsHost(userConfig: UserConfig): Promise<TestClient> {
  const config = await hostConfig(userConfig);
  if (!config) throw new Error('a host would not start the server with these settings');
  expect(config.command).toBe('node');
  expect(Object.values(config.env ?? {}).filter((value) => value.includes('${'))).toEqual([]);
  const [entry, ...args] = config.args ?? [];
  // The host's own Node runs the entry point; here, the one running the tests. The code cache goes to a scratch directory.
  return connectStdio('modern', { entry, args, env: { ...config.env, XDG_CACHE_HOME: cache }, cwd: '/' });
}

function filesIn(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

describe('the MCP Bundle', () => {
  it('holds the bundled server, its manifest, README and PRIVACY.md, nothing else', () => {
    expect(filesIn(unpacked)).toEqual([
      'PRIVACY.md',
      'README.md',
      'dist/bundle/launcher.cjs',
      'dist/bundle/server.cjs',
      'manifest.json',
    ]);
    expect(statSync(bundle).size).toBeLessThan(1024 * 1024);
  });

  it('is not started before the person chose a folder for files', async () => {
    expect(await hostConfig({})).toBeUndefined();
  });

  it('runs against the embedded sandbox when no API key is given, with files only in the chosen folder', async () => {
    const client = await startAsHost({ file_roots: files });
    try {
      expect(client.instructions()).toMatch(/EMBEDDED SANDBOX/);
      const tools = (await client.listTools()).map((tool) => tool.name);
      expect(tools).toEqual(
        expect.arrayContaining(['list_projects', 'get_project_budget', 'register_invoice_payment', 'search_tools']),
      );

      const projects = dataOf<{ items: Array<{ name: string }> }>(await client.callTool('list_projects'));
      expect(projects.items.map((project) => project.name)).toContain('Hunsrück Mitte');
      const budget = dataOf<{ rows: unknown[]; totals_match_project_report: boolean }>(
        await client.callTool('get_project_budget', { project_name: 'Hunsrück Mitte' }),
      );
      expect(budget.rows.length).toBeGreaterThan(0);
      expect(budget.totals_match_project_report).toBe(true);

      const [invoice] = await client.items<{ id: string }>('list_invoices');
      const upload = (file_path: string) =>
        client.callTool('call_tool', {
          name: 'upload_invoice_document',
          arguments: { invoice_id: invoice!.id, document_type: 'INVOICE', file_path },
        });
      writeFileSync(join(files, 'Rechnung.pdf'), pdf('Rechnung'));
      expect(dataOf(await upload('Rechnung.pdf'))).toMatchObject({ filename: 'Rechnung.pdf' });
      const outside = await upload('/etc/hosts');
      expect(outside.isError).toBe(true);
      expect(textOf(outside)).toContain(`must be inside the allowed file roots (${realpathSync(files)})`);
    } finally {
      await client.close();
    }
  });

  describe('with an API key and token', () => {
    const upstream = useProxiedSandbox();

    it('sends them to the API at the configured URL, offering only the products and reading tools chosen', async () => {
      const client = await startAsHost({
        api_key: 'sample-key',
        api_token: 'sample-token',
        fincon_url: upstream.urlOf('fincon'),
        products: 'fincon',
        toolsets: 'daily,partners',
        read_only: true,
        file_roots: files,
      });
      try {
        expect(client.instructions()).not.toMatch(/EMBEDDED SANDBOX/);
        const tools = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain('list_contractors');
        expect(tools.filter((tool) => tool.annotations?.readOnlyHint !== true).map((tool) => tool.name)).toEqual([]);
        expect(tools.filter((tool) => /^(capex|esg)_/.test(tool.name))).toEqual([]);

        const projects = dataOf<{ items: Array<{ name: string }> }>(await client.callTool('list_projects'));
        expect(projects.items.map((project) => project.name)).toContain('Hunsrück Mitte');
        const { seen } = upstream.proxy();
        expect(seen.length).toBeGreaterThan(0);
        for (const request of seen) {
          expect(request.path).toMatch(/^\/fincon\/v1\//);
          expect(request.headers).toMatchObject({ 'x-api-key': 'sample-key', 'x-api-token': 'sample-token' });
        }
      } finally {
        await client.close();
      }
    });
  });
});
