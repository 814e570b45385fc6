/**
 * A real Chromium for the tests that need a browser: the Debian package, installed here when it
 * is missing and this process may install it. Where it cannot be had the caller skips, and this
 * says so loudly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const found = () => CANDIDATES.find((path) => existsSync(path));

/** The path of a Chromium binary, installing the Debian package when needed; undefined when impossible. */
export function chromiumPath(): string | undefined {
  const present = found();
  if (present) return present;
  const why = installChromium();
  const installed = found();
  if (!installed) {
    console.warn(`\n!!! NO CHROMIUM: the browser tests are SKIPPED (${why}). Install it with: apt-get install -y chromium\n`);
  }
  return installed;
}

function installChromium(): string {
  if (process.getuid?.() !== 0) return 'not root, so apt-get cannot install it';
  try {
    const options = { stdio: 'ignore' as const, timeout: 300_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    execFileSync('apt-get', ['update'], options);
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], options);
    return 'installed';
  } catch (error) {
    return `apt-get failed: ${(error as Error).message.split('\n')[0]}`;
  }
}
