/**
 * `npx project-finance-mcp` from the packed tarball: npm pack, installed into an empty directory
 * (offline: the bundle needs no dependency), then --help, a stdio session and an HTTP session.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/checkout.js';
import { connectHttp, connectStdio, dataOf, startHttpServer, type TestClient } from '../support/harness.js';

const run = promisify(execFile);

interface PackedFile {
  path: string;
}
interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

const home = mkdtempSync(join(tmpdir(), 'pfm-npm-'));
let packed: Packed;
const bin = join(home, 'node_modules', '.bin', 'project-finance-mcp');

beforeAll(async () => {
  // npm test has built dist/ already; the prepare script would only build it again.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', home], { cwd: REPO });
  packed = (JSON.parse(stdout) as Packed[])[0]!;
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(home, packed.filename)], { cwd: home });
  console.info(
    `npm package: ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked`,
  );
}, 120_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

async function listsAndCalls(client: TestClient): Promise<void> {
  try {
    expect((await client.listTools()).map((tool) => tool.name)).toContain('get_project_budget');
    const projects = dataOf<{ items: Array<{ name: string }> }>(await client.callTool('list_projects'));
    expect(projects.items.map((project) => project.name)).toContain('Hunsrück Mitte');
  } finally {
    await client.close();
  }
}

describe('the npm package', () => {
  it('holds the bundle, the manifest and the README, no tests and no TypeScript sources', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain('dist/bundle/launcher.cjs');
    expect(paths).toContain('dist/bundle/server.cjs');
    expect(paths.filter((path) => path.startsWith('test/') || path.startsWith('src/') || /\.m?ts$/.test(path))).toEqual([]);
    expect(packed.size).toBeLessThan(1024 * 1024);
  });

  it('runs with npx: --help', async () => {
    const { stdout } = await run('npx', ['--no-install', 'project-finance-mcp', '--help'], { cwd: home });
    expect(stdout).toContain('Usage:');
  });

  it('serves a stdio session', async () => {
    await listsAndCalls(await connectStdio('modern', { entry: bin }));
  });

  it('serves an HTTP session', async () => {
    const server = await startHttpServer({ entry: bin });
    try {
      await listsAndCalls(await connectHttp('legacy', server.endpoint));
    } finally {
      await server.stop();
    }
  });
});
