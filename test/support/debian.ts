/**
 * Programs from Debian's packages that tests run for real (nginx, redis-server): found, or
 * installed with apt-get when missing (the tests run as root on our machines; concurrent installs
 * wait for each other's lock), or undefined with a loud reason why the tests that need it did not run.
 */
import { execFileSync } from 'node:child_process';

function runs(binary: string, versionFlag: string): boolean {
  try {
    execFileSync(binary, [versionFlag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `binary` of Debian's `pkg`, installed if need be; undefined (and said why) when that fails. */
export function ensureDebianProgram(binary: string, pkg: string, versionFlag: string): string | undefined {
  if (runs(binary, versionFlag)) return binary;
  try {
    execFileSync(
      'sh',
      ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 ${pkg}`],
      { stdio: 'ignore', timeout: 300_000 },
    );
  } catch (error) {
    console.warn(`NOT TESTED: ${pkg} is missing and could not be installed (${(error as Error).message}).`);
    return undefined;
  }
  if (runs(binary, versionFlag)) return binary;
  console.warn(`NOT TESTED: ${pkg} was installed but ${binary} does not run.`);
  return undefined;
}
