/**
 * `npx project-finance-mcp` from the packed tarball: npm pack, installed into an empty directory
 * (offline: the bundle needs no dependency), then --help, a stdio session and an HTTP session.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, connectStdio, dataOf, startHttpServer, type TestClient } from '../support/harness.js';
import { packAndInstall, run, type PackedInstall } from '../support/packed-install.js';

let install: PackedInstall;

beforeAll(async () => {
  install = await packAndInstall();
  const { packed } = install;
  console.info(
    `npm package: ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked`,
  );
}, 120_000);

afterAll(() => install?.remove());

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
    const paths = install.packed.files.map((file) => file.path);
    expect(paths).toContain('dist/bundle/launcher.cjs');
    expect(paths).toContain('dist/bundle/server.cjs');
    // Redis, for a hosted server's shared state, in a file of its own that the MCP Bundle leaves out
    expect(paths).toContain('dist/bundle/redis-client.cjs');
    expect(paths.filter((path) => path.startsWith('test/') || path.startsWith('src/') || /\.m?ts$/.test(path))).toEqual([]);
    expect(install.packed.size).toBeLessThan(1024 * 1024);
  });

  it('carries its server as Latin-1 text, which V8 holds at one byte a character', () => {
    // One character beyond Latin-1 (a „ in a regular expression) made V8 hold the whole
    // three-megabyte source as two-byte text: 5 MB more at every start.
    const source = readFileSync(new URL('../../dist/bundle/server.cjs', import.meta.url), 'utf8');
    expect([...new Set(source)].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([]);
  });

  it('runs with npx: --help', async () => {
    const { stdout } = await run('npx', ['--no-install', 'project-finance-mcp', '--help'], { cwd: install.home });
    expect(stdout).toContain('Usage:');
  });

  it('serves a stdio session', async () => {
    await listsAndCalls(await connectStdio('modern', { entry: install.bin }));
  });

  it('serves an HTTP session', async () => {
    const server = await startHttpServer({ entry: install.bin });
    try {
      await listsAndCalls(await connectHttp('legacy', server.endpoint));
    } finally {
      await server.stop();
    }
  });
});
