import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { FLAGS, loadConfig } from '../src/config.js';
import { envName, UsageError } from '../src/flags.js';
import { SERVER_VERSION } from '../src/identity.js';
import { toolSurface } from '../src/surface.js';
import { catalog, toolsets } from '../tools/index.js';
import { CLI, connectStdio } from './support/harness.js';

const run = promisify(execFile);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('the command line', () => {
  it('documents every flag and its environment twin in --help and in the README', async () => {
    const { stdout } = await run(process.execPath, [CLI, '--help']);
    for (const name of Object.keys(toolsets)) expect(stdout).toMatch(new RegExp(`^  ${name}\\*? `, 'm'));
    for (const flag of FLAGS) {
      for (const text of [stdout, readme]) {
        expect(text).toContain(`--${flag.name}`);
        expect(text).toContain(envName(flag.name));
      }
    }
  });

  it('names every tool in the README', () => {
    for (const operation of catalog) expect(readme, operation.name).toContain(`\`${operation.name}\``);
  });

  it('prints the catalog as JSON with product, method, path and all four annotations', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'catalog', '--json']);
    const entries = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(catalog.length);
    expect(entries).toContainEqual({
      name: 'register_invoice_payment',
      title: expect.any(String),
      product: 'fincon',
      toolset: 'payments',
      method: 'POST',
      path: '/invoices/{id}/register-payment/',
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    });
  });

  /** `sandbox` with `flags` in a process of its own, until `use` is done with its base URLs. */
  async function withSandboxCommand(flags: string[], use: (urls: { fincon: string; esg: string }) => Promise<void>) {
    const child = spawn(process.execPath, [CLI, 'sandbox', '--port', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const urls = await new Promise<{ fincon: string; esg: string }>((resolve) => {
        let out = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
          const [fincon, esg] = [/fincon: (\S+)/.exec(out)?.[1], /esg: (\S+)/.exec(out)?.[1]];
          if (fincon && esg) resolve({ fincon, esg });
        });
      });
      await use(urls);
    } finally {
      child.kill('SIGTERM');
    }
  }

  const credentials = { 'x-api-key': 'a', 'x-api-token': 'b' };

  it('serves the sandbox REST API alone with `sandbox`, requiring credentials like the real service', async () => {
    await withSandboxCommand([], async ({ fincon }) => {
      const anonymous = await request(`${fincon}/projects/`);
      expect(anonymous.statusCode).toBe(401);
      await anonymous.body.dump();
      const authorised = await request(`${fincon}/projects/`, { headers: credentials });
      expect(authorised.statusCode).toBe(200);
      expect(((await authorised.body.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    });
  });

  it('makes ESG lists long enough to page with `sandbox --scale`', async () => {
    await withSandboxCommand(['--scale', '101'], async ({ esg }) => {
      const buildings = await request(`${esg}/buildings/`, { headers: credentials });
      const body = (await buildings.body.json()) as { data: unknown[]; links: { next: string | null; prev: null } };
      expect(body.data).toHaveLength(100);
      expect(body.links).toEqual({ next: expect.stringContaining(`${esg}/buildings/?cursor%5Bposition%5D=`), prev: null });
    });
  });

  it('removes every writing tool in read-only mode and narrows to the chosen toolsets', async () => {
    const readOnly = await connectStdio('legacy', { args: ['--read-only'] });
    const readTools = (await readOnly.listTools()).map((tool) => tool.name);
    await readOnly.close();
    // Without --toolsets the daily toolsets are offered, here only their reading tools.
    const dailyReads = catalog.filter(
      (op) => op.hints.readOnlyHint && toolSurface(catalog, loadConfig([], {})).direct.includes(op),
    );
    expect(readTools.sort()).toEqual([...dailyReads.map((op) => op.name), 'call_tool', 'search_tools'].sort());

    const narrowed = await connectStdio('legacy', { env: { PFM_TOOLSETS: 'payments' } });
    const paymentTools = (await narrowed.listTools()).map((tool) => tool.name);
    await narrowed.close();
    expect(paymentTools.sort()).toEqual([
      'call_tool',
      'list_invoice_payments',
      'register_invoice_payment',
      'search_tools',
      'update_invoice_payment',
    ]);
  });

  it('keeps the version in step with package.json and the bundle manifest', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    const manifest = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8')) as { version: string };
    expect(SERVER_VERSION).toBe(pkg.version);
    expect(manifest.version).toBe(pkg.version);
  });
});

describe('configuration', () => {
  it('reads flags, then PFM_* variables, then defaults', () => {
    const config = loadConfig(['--port', '4000'], { PFM_PORT: '5000', PFM_TRANSPORT: 'http', PFM_READ_ONLY: 'true' });
    expect(config).toMatchObject({ port: 4000, transport: 'http', readOnly: true, host: '127.0.0.1' });
    expect(config.toolsets).toEqual(['daily']);
    expect(config.urls.fincon).toBe('https://api.alasco.de/fincon/v1');
  });

  it('guards loopback binds against DNS rebinding by default, and not when told otherwise', () => {
    expect(loadConfig([], {}).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig(['--host', '0.0.0.0'], {}).allowedHosts).toBeNull();
    expect(loadConfig(['--host', '0.0.0.0', '--allowed-hosts', 'mcp.example.com'], {}).allowedHosts).toEqual(['mcp.example.com']);
  });

  it.each<[string[], Record<string, string>, RegExp]>([
    [['--toolsets', 'invoices,gossip'], {}, /--toolsets takes a comma-separated list of toolsets: .*; unknown: gossip/],
    [['--products', 'fincon,crm'], {}, /--products takes a comma-separated list of products: fincon, capex, esg; unknown: crm/],
    [['--fincon-url', 'ftp://x'], {}, /--fincon-url must be an http\(s\) URL/],
    [['--port', '70000'], {}, /--port must be a whole number from 0 to 65535/],
    [[], { PFM_PORT: '3000x' }, /PFM_PORT must be a whole number/],
    [[], { PFM_READ_ONLY: 'maybe' }, /PFM_READ_ONLY must be true or false; got "maybe"/],
    [[], { PFM_API_KEY: 'only-the-key' }, /PFM_API_KEY is set but PFM_API_TOKEN is not/],
    [['--verbose'], {}, /unknown flag --verbose/],
  ])('refuses %j %j', (argv, env, message) => {
    expect(() => loadConfig(argv, env)).toThrow(UsageError);
    expect(() => loadConfig(argv, env)).toThrow(message);
  });
});
