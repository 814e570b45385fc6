/**
 * The README's promise, kept: a copy of the repository in an empty directory, with nothing
 * beside it (no reference folder, no node_modules), installs with `npm ci`, builds, answers
 * `--help`, holds a stdio session against its sandbox and runs its own tests. Only a small part
 * of the suite runs there: the rest has just run on the same files, and running it twice would
 * double the time of `npm test`.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCheckout, freshEnv, type Checkout } from './support/checkout.js';
import { connectStdio, dataOf } from './support/harness.js';

const run = promisify(execFile);

/** The clone's own tests that need nothing but the clone: the command line, and the fixture check. */
const SUBSET = ['test/cli.test.ts', 'test/openapi-fixture.test.ts'];

describe('a plain clone, with nothing beside it', () => {
  let checkout: Checkout;
  let env: Record<string, string>;
  beforeAll(async () => {
    checkout = copyCheckout();
    env = freshEnv();
    await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: checkout.dir, env, maxBuffer: 64 << 20 });
  }, 600_000);
  afterAll(() => checkout?.remove());

  it('prints its --help from the build that npm ci made', async () => {
    const { stdout } = await run(process.execPath, [join(checkout.dir, 'dist/bundle/launcher.cjs'), '--help'], { env });
    expect(stdout).toContain('--read-only');
    expect(stdout).toContain('--state-store');
  });

  it('answers a tool call over stdio against its embedded sandbox', async () => {
    const client = await connectStdio('modern', {
      entry: join(checkout.dir, 'dist/bundle/launcher.cjs'),
      args: ['--sandbox'],
      cwd: checkout.dir,
    });
    try {
      const result = await client.callTool('list_projects', {});
      expect(result.isError ?? false).toBe(false);
      expect(dataOf<{ items: unknown[] }>(result).items.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('passes its command-line tests and says the fixture check did not run', { timeout: 300_000 }, async () => {
    const outcome = await run('npx', ['vitest', 'run', ...SUBSET], { cwd: checkout.dir, env, maxBuffer: 64 << 20 }).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    const output = `${outcome.stdout ?? ''}${outcome.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
    expect((outcome as { code?: number }).code ?? 0, output.slice(-6_000)).toBe(0);
    expect(output).toMatch(new RegExp(`Test Files\\s+${SUBSET.length} passed`));
    // Without the OpenAPI copies beside it, the fixture check says it did not run.
    expect(output).toContain('openapi-facts.json was NOT compared with the OpenAPI copies');
  });
});
