/** Node binaries of other majors, for scripts that run beside the tests (benchmarks, conformance). */
import { execFileSync } from 'node:child_process';

/**
 * The binary of Node `major`, fetched once by npx (from the npm registry, then cached); undefined
 * when it cannot be had.
 * @param {number} major
 * @returns {string | undefined}
 */
export function nodeBinary(major) {
  try {
    return execFileSync('npx', ['-y', `node@${major}`, '-p', 'process.execPath'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}
