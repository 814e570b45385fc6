/**
 * A copy of this checkout in an empty temporary directory, as `git clone` would give it (the
 * files git tracks, plus new ones not ignored), with nothing beside it: what a user has.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Checkout {
  dir: string;
  remove(): void;
}

/** What is not part of a checkout where git cannot say (an unpacked archive). */
const NOT_SOURCES = new Set(['.git', 'node_modules', 'dist', '.test-runs', 'coverage']);

/** The checkout's files: what git tracks plus new files it does not ignore, or else all but build output. */
function checkoutFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, stdio: 'pipe' })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
  } catch {
    return readdirSync(REPO, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
      .filter((path) => !NOT_SOURCES.has(path.split('/')[0]!));
  }
}

/**
 * The repository's files in a new git repository (as a clone is one); `extra` are ignored
 * paths to copy too (e.g. dist). Timestamps are kept, so build output stays up to date.
 */
export function copyCheckout(extra: readonly string[] = []): Checkout {
  const files = checkoutFiles();
  const parent = mkdtempSync(join(tmpdir(), 'pfm-checkout-'));
  const dir = join(parent, 'project-finance-mcp');
  // Files deleted but not yet committed are still listed: skip them.
  for (const file of [...files, ...extra].filter((path) => existsSync(join(REPO, path)))) {
    const target = join(dir, file);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(REPO, file), target, { recursive: true, preserveTimestamps: true });
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '-A'], { cwd: dir });
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** The environment of a fresh shell: none of this run's PFM_*, npm_* or vitest settings. */
export function freshEnv(extra: Record<string, string> = {}): Record<string, string> {
  const kept = Object.entries(process.env).filter(
    ([key, value]) => value !== undefined && !/^(PFM_|npm_|VITEST|NODE_OPTIONS$|TEST$)/i.test(key),
  ) as [string, string][];
  return { ...Object.fromEntries(kept), ...extra };
}

/** Starts a shell command in its own process group, so stopping it stops what it started. */
export function startCommand(command: string, cwd: string, env: Record<string, string>): ChildProcess {
  return spawn(command, { cwd, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function stopCommand(child: ChildProcess): void {
  if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
}
