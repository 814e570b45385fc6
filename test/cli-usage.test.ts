/**
 * The command line through the built executable: each sub-command answers --help with its help
 * text, and a bad flag with one line on stderr that names it and the fix, exit code 2, nothing on
 * stdout, never a stack trace. Every flag of every command is checked in-process by
 * test/unit/cli-usage.test.ts; here a sample of each kind proves the executable is wired to it.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands.js';
import { CLI } from './support/harness.js';
import {
  badValues,
  commands,
  everyFlagBadly,
  expectOneRefusalLine,
  malformedFlag,
  type CommandUnderTest,
} from './support/usage.js';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the executable with no PFM_* settings but `env`, stdin closed. */
function cli(args: readonly string[], env: Record<string, string> = {}): Promise<Outcome> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PFM_')));
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, ...env }, timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

function expectHelp(outcome: Outcome, command: CommandUnderTest): void {
  expect(outcome.stderr).toBe('');
  expect(outcome.code).toBe(0);
  expect(outcome.stdout).toMatch(new RegExp(`^${command.label}[ :]`));
  expect(outcome.stdout).toContain('Usage:');
  for (const spec of command.flags) expect(outcome.stdout).toContain(`--${spec.name}`);
}

/** One line on stderr, naming `names` (any of them), exit code 2, nothing on stdout, no stack trace. */
function expectRefusal(outcome: Outcome, ...names: string[]): string {
  expect(outcome.code, outcome.stderr).toBe(2);
  expect(outcome.stdout).toBe('');
  return expectOneRefusalLine(outcome.stderr, ...names);
}

describe.each(commands)('$label', (command) => {
  it('answers --help, -h and help with its help text', async () => {
    const topic = command.prefix.length ? ['help', ...command.prefix] : ['help'];
    const outcomes = await Promise.all(
      [[...command.prefix, '--help'], [...command.prefix, '-h'], topic].map((args) => cli(args)),
    );
    for (const outcome of outcomes) expectHelp(outcome, command);
  });

  it('answers --help beside every flag at once, with values they refuse and an unknown flag', async () => {
    expectHelp(await cli(everyFlagBadly(command, '--no-such-flag', '--help')), command);
  });

  it('refuses an unknown flag in one line that says where the flags are', async () => {
    const line = expectRefusal(await cli([...command.prefix, '--no-such-flag', 'value']), '--no-such-flag');
    expect(line).toMatch(/--help/);
  });

  it('refuses a flag without its value (a switch with one, where no flag takes a value)', async () => {
    const spec = command.flags.find((flag) => flag.kind === 'string') ?? command.flags[0]!;
    const { args, fix } = malformedFlag(command, spec);
    expect(expectRefusal(await cli(args), `--${spec.name}`)).toMatch(fix);
  });

  // One value refused from a flag and one from an environment variable, where the command has them.
  const sample = (['flag', 'env'] as const).flatMap((via) => badValues(command).find((entry) => entry.via === via) ?? []);
  it.runIf(sample.length > 0)('refuses a bad value from the flag or its environment twin, naming which one', async () => {
    const outcomes = await Promise.all(sample.map((entry) => cli(entry.args, entry.env)));
    sample.forEach(({ names }, index) => {
      // The fix: what the setting takes.
      expect(expectRefusal(outcomes[index]!, ...names)).toMatch(/must|takes/);
    });
  });

  it.runIf(command.prefix.length > 0)('refuses a stray argument', async () => {
    expectRefusal(await cli([...command.prefix, 'stray']), "'stray'");
  });
});

describe('the command line as a whole', () => {
  it('refuses an unknown command and an unknown help topic, naming the commands', async () => {
    for (const args of [['deploy'], ['help', 'deploy']]) {
      const line = expectRefusal(await cli(args), "'deploy'");
      for (const name of Object.keys(COMMANDS)) expect(line).toContain(name);
    }
  });

  it('prints the version with --version, among other flags too', async () => {
    for (const args of [['--version'], ['--transport', 'http', '--version']]) {
      const outcome = await cli(args);
      expect(outcome).toMatchObject({ code: 0, stderr: '' });
      expect(outcome.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('refuses a bad PFM_SANDBOX_SCALE for the embedded sandbox, naming the variable', async () => {
    const line = expectRefusal(await cli(['--sandbox'], { PFM_SANDBOX_SCALE: 'many' }), 'PFM_SANDBOX_SCALE');
    expect(line).toMatch(/must/);
  });

  it('refuses an audit log it cannot write to before anything starts', async () => {
    const line = expectRefusal(await cli(['--sandbox', '--audit-log', '/nonexistent/audit.jsonl']), '--audit-log');
    expect(line).toContain('ENOENT');
  });

  it('refuses to serve a non-loopback address without authentication, naming both ways out', async () => {
    const line = expectRefusal(await cli(['--transport', 'http', '--host', '0.0.0.0', '--port', '0']), '--auth oauth');
    expect(line).toContain('--insecure-no-auth');
  });

  it('warns at every start that --insecure-no-auth leaves /mcp open', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [CLI, '--transport', 'http', '--host', '0.0.0.0', '--port', '0', '--insecure-no-auth', '--sandbox'],
      {
        env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PFM_'))),
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('MCP endpoint:')) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(stderr).toMatch(/WARNING: --insecure-no-auth: \/mcp accepts every request without authentication/);
  });

  it('names both credentials when only one is set', async () => {
    expectRefusal(await cli([], { PFM_API_TOKEN: 't' }), 'PFM_API_KEY');
  });

  it('says which port is taken instead of printing a stack trace', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const outcome = await cli(['--transport', 'http', '--port', String(port), '--sandbox']);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is in use; choose another with --port`);
      expect(outcome.stderr).not.toMatch(/Fatal|\bat .*:\d+:\d+/);
    } finally {
      blocker.close();
    }
  });
});
