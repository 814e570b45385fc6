/**
 * The npm package as users get it: `npm pack` of this checkout, installed offline into an empty
 * directory (the bundle needs no dependency), so `npx project-finance-mcp` runs there.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './checkout.js';

export const run = promisify(execFile);

export interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

export interface PackedInstall {
  /** The directory the package is installed in: `npx project-finance-mcp` runs from here. */
  home: string;
  packed: Packed;
  /** The installed executable. */
  bin: string;
  remove(): void;
}

export async function packAndInstall(): Promise<PackedInstall> {
  const home = mkdtempSync(join(tmpdir(), 'pfm-npm-'));
  // npm test has built dist/ already; the prepare script would only build it again.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', home], { cwd: REPO });
  const packed = (JSON.parse(stdout) as Packed[])[0]!;
  // An empty cache of its own: offline, the install succeeds only if the package needs nothing from
  // the registry, whatever earlier installs left in the user's cache.
  const install = ['install', '--offline', '--cache', join(home, 'npm-cache'), '--no-audit', '--no-fund'];
  await run('npm', [...install, join(home, packed.filename)], { cwd: home });
  return {
    home,
    packed,
    bin: join(home, 'node_modules', '.bin', 'project-finance-mcp'),
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
