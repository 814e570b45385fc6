/**
 * The README's promise, kept: a copy of the repository in an empty directory, with nothing
 * beside it (no reference folder, no node_modules), passes `npm ci` and the README's test
 * command. It runs the whole suite once more, so it waits until every other test has run.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { copyCheckout, freshEnv, IN_PLAIN_CLONE, REPO } from '../support/checkout.js';

const run = promisify(execFile);

/** Set in the copy's own run, which must not start a copy of its own. */
const NESTED = IN_PLAIN_CLONE;

/** The test command the README gives, e.g. `npm test`. */
function readmeTestCommand(): string {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const command = /Run the tests:\s*```sh\n([^\n]+)\n```/.exec(readme)?.[1];
  if (!command) throw new Error('the README shows no test command under "Run the tests:"');
  return command.trim();
}

describe('a plain clone', () => {
  it.skipIf(process.env[NESTED])(
    'installs and passes the README test command with nothing beside it',
    { timeout: 900_000 },
    async () => {
      const checkout = copyCheckout();
      try {
        const env = freshEnv({ [NESTED]: '1' });
        await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: checkout.dir, env, maxBuffer: 64 << 20 });
        const outcome = await run('sh', ['-c', readmeTestCommand()], { cwd: checkout.dir, env, maxBuffer: 256 << 20 }).catch(
          (error: { code?: number; stdout?: string; stderr?: string }) => error,
        );
        const output = `${outcome.stdout ?? ''}${outcome.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
        mkdirSync(join(REPO, '.test-runs'), { recursive: true });
        writeFileSync(join(REPO, '.test-runs', 'plain-clone.log'), output);
        expect((outcome as { code?: number }).code ?? 0, output.slice(-6_000)).toBe(0);
        expect(output).toMatch(/Test Files\s+\d+ passed/);
        expect(output).not.toMatch(/\d+ failed/);
        // Without the OpenAPI copies beside it, the fixture check says it did not run.
        expect(output).toContain('openapi-facts.json was NOT compared with the OpenAPI copies');
      } finally {
        checkout.remove();
      }
    },
  );
});
