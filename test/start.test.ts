/**
 * `npm start`, the README's first command, in a copy of the checkout: it serves from the built
 * output when that is up to date, builds first when a source changed, and prints what the
 * README's quick start says it prints.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCheckout, freshEnv, REPO, startCommand, stopCommand, type Checkout } from './support/checkout.js';

let checkout: Checkout;

beforeAll(() => {
  // The built output comes along, as `npm install` (which builds) leaves it.
  checkout = copyCheckout(['dist']);
  symlinkSync(join(REPO, 'node_modules'), join(checkout.dir, 'node_modules'), 'dir');
});
afterAll(() => checkout?.remove());

/** Runs `npm start` on a free port until its endpoint answers; what it printed on stderr. */
async function npmStart(): Promise<string> {
  const child = startCommand('npm start -- --port 0', checkout.dir, freshEnv());
  let stderr = '';
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /MCP endpoint: (\S+)/.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
    });
    const health = await request(new URL('/healthz', endpoint));
    expect(health.statusCode).toBe(200);
    expect(await health.body.json()).toEqual({ status: 'ok' });
    return stderr;
  } finally {
    stopCommand(child);
  }
}

const mtime = (path: string) => statSync(join(checkout.dir, path)).mtimeMs;

/** The lines the README's quick start shows after `npm install && npm start`. */
function quickStartOutput(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const start = readme.slice(readme.indexOf('## Quick start'));
  const block = /npm install && npm start[\s\S]*?```text\n([\s\S]*?)```/.exec(start);
  if (!block?.[1]) throw new Error('the README quick start shows no output after npm install && npm start');
  return block[1].trimEnd().split('\n');
}

describe('npm start', () => {
  it('serves from the built output when it is up to date, printing what the README shows', { timeout: 120_000 }, async () => {
    // Up to date first (the checkout's own build may lag a source edited since).
    execFileSync('npm', ['run', 'build'], { cwd: checkout.dir, env: freshEnv(), stdio: 'ignore' });
    const built = ['dist/.tsbuildinfo', 'dist/src/cli.js', 'dist/src/server.js'].map((path) => [path, mtime(path)] as const);
    const stderr = await npmStart();
    for (const [path, before] of built) expect(mtime(path), `${path} was rebuilt`).toBe(before);
    // Numbers (ports, counts, the version) vary; the words must be the README's.
    for (const line of quickStartOutput()) {
      const pattern = new RegExp(line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\d+/g, '\\d+'));
      expect(stderr, `README line: ${line}`).toMatch(pattern);
    }
  });

  it('builds first when a source changed', { timeout: 120_000 }, async () => {
    appendFileSync(join(checkout.dir, 'src/server.ts'), "\nexport const START_TEST_MARK = 'rebuilt by npm start';\n");
    await npmStart();
    expect(readFileSync(join(checkout.dir, 'dist/src/server.js'), 'utf8')).toContain('rebuilt by npm start');
  });
});
