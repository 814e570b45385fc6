/**
 * `npm start`, the README's first command, in a copy of the checkout: it serves from the built
 * output when that is up to date, builds first when a source changed, and prints what the
 * README's quick start says it prints.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, realpathSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCheckout, freshEnv, REPO, startCommand, stopCommand, type Checkout } from './support/checkout.js';

let checkout: Checkout;

beforeAll(() => {
  // The built output comes along, as `npm install` (which builds) leaves it.
  checkout = copyCheckout(['dist']);
  symlinkSync(join(REPO, 'node_modules'), join(checkout.dir, 'node_modules'), 'dir');
  relocateBuildInfo(checkout.dir);
});
afterAll(() => checkout?.remove());

/**
 * dist/.tsbuildinfo names the compiler's and the packages' files by their real paths, relative to
 * dist/; the checkout's node_modules is a link to the repository's, so seen from the checkout's
 * dist/ those paths name nothing. At the first rebuild every package file would look new and every
 * source be checked and emitted again (15 s on two cores instead of 5). This names them from the
 * checkout's dist/, as the user's own build would, and keeps the file's timestamps. A path that
 * does not match (another layout of the file) only makes that rebuild a full one.
 */
function relocateBuildInfo(dir: string): void {
  const file = join(dir, 'dist/.tsbuildinfo');
  const { atime, mtime } = statSync(file);
  const modules = realpathSync(join(REPO, 'node_modules'));
  const [from, to] = [REPO, dir].map((root) => `${relative(join(root, 'dist'), modules)}/`) as [string, string];
  const info = JSON.parse(readFileSync(file, 'utf8')) as { fileNames?: string[] };
  info.fileNames = info.fileNames?.map((name) => (name.startsWith(from) ? to + name.slice(from.length) : name));
  writeFileSync(file, JSON.stringify(info));
  utimesSync(file, atime, mtime);
}

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
    // Compiled output up to date first: `npm test` built it, but a run of this file alone may follow a
    // source edited since. Only tsc's output is checked below; npm start runs the build's other steps anyway.
    execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
      cwd: checkout.dir,
      stdio: 'ignore',
    });
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
    // The entry point, which no module imports: tsc checks and emits it alone (any source would do,
    // but one that others import has them checked again too, a second or two more).
    appendFileSync(join(checkout.dir, 'src/cli.ts'), "\nexport const START_TEST_MARK = 'rebuilt by npm start';\n");
    await npmStart();
    expect(readFileSync(join(checkout.dir, 'dist/src/cli.js'), 'utf8')).toContain('rebuilt by npm start');
    // What npm start served: the bundle, made from the rebuilt output.
    expect(readFileSync(join(checkout.dir, 'dist/bundle/server.cjs'), 'utf8')).toContain('rebuilt by npm start');
  });
});
