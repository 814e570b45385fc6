/**
 * The published executable: the server bundled into one file with the tool cards inside, started
 * by its launcher, which keeps a V8 code cache in the user's cache directory.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectStdio, dataOf, type TestClient } from '../support/harness.js';

const BIN = fileURLToPath(new URL('../../dist/bundle/launcher.cjs', import.meta.url));
const cacheHome = mkdtempSync(join(tmpdir(), 'pfm-cache-'));
const cacheDir = join(cacheHome, 'project-finance-mcp');

afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

/** The cache file, once the ended process has written it. */
async function writtenCache(): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const files = (() => {
      try {
        return readdirSync(cacheDir);
      } catch {
        return [];
      }
    })();
    if (files.length === 1 && files[0]!.endsWith('.v8cache')) return join(cacheDir, files[0]!);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code cache in ${cacheDir}`);
}

async function budgetOfFirstProject(client: TestClient): Promise<unknown> {
  const [project] = await client.items<{ id: string }>('list_projects');
  return dataOf(await client.callTool('get_project_budget', { project_id: project!.id }));
}

describe('the published executable (dist/bundle)', () => {
  it('answers like the built sources, writes a code cache a few seconds in and starts from it next time', async () => {
    const sources = await connectStdio('modern');
    const expectedTools = (await sources.listTools()).map((tool) => tool.name).sort();
    const expectedBudget = await budgetOfFirstProject(sources);
    await sources.close();

    const env = { XDG_CACHE_HOME: cacheHome };
    const first = await connectStdio('modern', { entry: BIN, env });
    expect((await first.listTools()).map((tool) => tool.name).sort()).toEqual(expectedTools);
    expect(await budgetOfFirstProject(first)).toEqual(expectedBudget);
    // Written a few seconds into a session that goes on, not only when it ends.
    await vi.waitFor(() => expect(readdirSync(cacheDir)).toHaveLength(1), { timeout: 10_000, interval: 200 });
    await first.close();
    const cache = await writtenCache();
    const written = statSync(cache).mtimeMs;

    // A cache V8 accepted is not written again; one it refused would be.
    const second = await connectStdio('legacy', { entry: BIN, env });
    expect(await budgetOfFirstProject(second)).toEqual(expectedBudget);
    await second.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(statSync(cache).mtimeMs).toBe(written);
  });
});
