/**
 * Every sub-command and flag answers --help with help text, and every bad flag with one line that
 * names it and the fix, exit code 2, never a stack trace: run against the built executable.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands.js';
import { FLAGS } from '../src/config.js';
import { envName, type FlagSpec } from '../src/flags.js';
import { CLI } from './support/harness.js';

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

/** Runs `work` over `items`, a few at a time: dozens of processes at once would starve a 2-core machine. */
async function eachInTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>, atOnce = 4): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += atOnce) {
    results.push(...(await Promise.all(items.slice(start, start + atOnce).map(work))));
  }
  return results;
}

interface CommandUnderTest {
  /** As the user types it: `project-finance-mcp sandbox`. */
  label: string;
  prefix: string[];
  flags: readonly FlagSpec[];
}

const commands: CommandUnderTest[] = [
  { label: 'project-finance-mcp', prefix: [], flags: FLAGS },
  ...Object.entries(COMMANDS).map(([name, command]) => ({
    label: `project-finance-mcp ${name}`,
    prefix: [name],
    flags: command.flags,
  })),
];

/** A value each string flag accepts, where its default would not do. */
const GOOD_VALUES: Record<string, string> = {
  'file-roots': '.',
  scale: '20',
  'allowed-hosts': 'any',
  'oauth-issuer': 'https://id.example.com',
  'public-url': 'https://finance-mcp.example.com/mcp',
  'upstream-issuer': 'https://id.example.com',
  'upstream-resource': 'https://api.example.com',
  'upstream-scope': 'api',
  'oauth-audience': 'https://api.example.com',
  faults: 'latency-ms=0-5',
  'audit-log': 'stderr',
};

/** A value each string flag refuses; flags that take any text are listed with none. */
const BAD_VALUES: Record<string, string | null> = {
  'project-finance-mcp transport': 'carrier-pigeon',
  'project-finance-mcp host': 'my laptop',
  'project-finance-mcp port': '70000',
  'project-finance-mcp products': 'fincon,crm',
  'project-finance-mcp toolsets': 'invoices,gossip',
  'project-finance-mcp fincon-url': 'ftp://files.example.com',
  'project-finance-mcp capex-url': 'not a url',
  'project-finance-mcp esg-url': 'file:///etc/passwd',
  'project-finance-mcp timeout-ms': '-5',
  'project-finance-mcp max-response-mb': '0',
  'project-finance-mcp max-answer-tokens': '12',
  'project-finance-mcp allowed-origins': null,
  'project-finance-mcp file-roots': null,
  'project-finance-mcp allowed-hosts': null,
  'project-finance-mcp confirm-writes': 'maybe',
  'project-finance-mcp confirmation-ttl': '0',
  'project-finance-mcp state-store': 'postgres://db.example.com/finance',
  'project-finance-mcp money-read-budget-s': 'forever',
  'project-finance-mcp audit-log': null,
  'project-finance-mcp auth': 'basic',
  'project-finance-mcp oauth-issuer': 'http://id.example.com',
  'project-finance-mcp public-url': 'ftp://finance-mcp.example.com/mcp',
  'project-finance-mcp max-body-mb': '0',
  'project-finance-mcp rate-limit': 'lots',
  'project-finance-mcp max-concurrent': '0',
  'project-finance-mcp headers-timeout-s': '1.5',
  'project-finance-mcp body-timeout-s': '301',
  'project-finance-mcp upstream-auth': 'password',
  'project-finance-mcp upstream-issuer': 'not a url',
  'project-finance-mcp upstream-resource': 'nowhere',
  'project-finance-mcp upstream-scope': null,
  'project-finance-mcp sandbox port': 'eighty',
  'project-finance-mcp sandbox host': '',
  'project-finance-mcp sandbox public-host': '',
  'project-finance-mcp sandbox oauth-issuer': 'http://id.example.com',
  'project-finance-mcp sandbox oauth-audience': '',
  'project-finance-mcp sandbox faults': 'explode=1',
  'project-finance-mcp sandbox scale': 'many',
};

const flagArgs = (spec: FlagSpec) =>
  spec.kind === 'boolean' ? [`--${spec.name}`] : [`--${spec.name}`, GOOD_VALUES[spec.name] ?? spec.default ?? 'x'];

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
  const lines = outcome.stderr.trimEnd().split('\n');
  expect(lines, outcome.stderr).toHaveLength(1);
  const [line] = lines as [string];
  expect(line).toMatch(/^project-finance-mcp: /);
  expect(line).not.toMatch(/Fatal|Error:|\bat .*:\d+:\d+/);
  expect(
    names.some((name) => line.includes(name)),
    `${line} names one of ${names.join(', ')}`,
  ).toBe(true);
  return line;
}

describe.each(commands)('$label', (command) => {
  it('answers --help, -h and help with its help text', async () => {
    const topic = command.prefix.length ? ['help', ...command.prefix] : ['help'];
    for (const args of [[...command.prefix, '--help'], [...command.prefix, '-h'], topic]) {
      expectHelp(await cli(args), command);
    }
  });

  it('answers --help whatever flags stand beside it, good or bad', { timeout: 120_000 }, async () => {
    const everyFlag = command.flags.flatMap(flagArgs);
    const combinations = [
      ...command.flags.map((spec) => [...command.prefix, ...flagArgs(spec), '--help']),
      ...command.flags.map((spec) => [...command.prefix, '--help', ...flagArgs(spec)]),
      [...command.prefix, ...everyFlag, '-h'],
      [...command.prefix, '--no-such-flag', '--help'],
      [
        ...command.prefix,
        ...command.flags.filter((spec) => spec.kind === 'string').flatMap((spec) => [`--${spec.name}`, '¿']),
        '--help',
      ],
    ];
    const outcomes = await eachInTurn(combinations, (args) => cli(args));
    outcomes.forEach((outcome) => expectHelp(outcome, command));
  });

  it('refuses an unknown flag in one line that says where the flags are', async () => {
    const line = expectRefusal(await cli([...command.prefix, '--no-such-flag', 'value']), '--no-such-flag');
    expect(line).toMatch(/--help/);
  });

  it('refuses a flag without its value, and a value on a switch', { timeout: 120_000 }, async () => {
    const outcomes = await eachInTurn(command.flags, async (spec) =>
      spec.kind === 'string'
        ? { spec, outcome: await cli([...command.prefix, `--${spec.name}`]) }
        : { spec, outcome: await cli([...command.prefix, `--${spec.name}=yes`]) },
    );
    for (const { spec, outcome } of outcomes) {
      const line = expectRefusal(outcome, `--${spec.name}`);
      expect(line).toMatch(spec.kind === 'string' ? /needs a value: --\S+ \S+/ : /takes no value; write just --/);
    }
  });

  it('refuses a bad value from the flag or its environment twin, naming which one', { timeout: 120_000 }, async () => {
    const stringFlags = command.flags.filter((spec) => spec.kind === 'string');
    for (const spec of stringFlags)
      expect(BAD_VALUES, `classify ${command.label} --${spec.name}`).toHaveProperty(`${command.label} ${spec.name}`);
    const cases = stringFlags.flatMap((spec) => {
      const bad = BAD_VALUES[`${command.label} ${spec.name}`];
      if (bad == null) return [];
      const viaFlag = { names: [`--${spec.name}`], args: [...command.prefix, `--${spec.name}=${bad}`], env: {} };
      if (spec.env === false) return [viaFlag];
      const variable = envName(spec.name);
      return [viaFlag, { names: [variable], args: command.prefix, env: { [variable]: bad } }];
    });
    const outcomes = await eachInTurn(cases, async (entry) => ({ ...entry, outcome: await cli(entry.args, entry.env) }));
    for (const { names, outcome } of outcomes) {
      const line = expectRefusal(outcome, ...names);
      // The fix: what the setting takes.
      expect(line).toMatch(/must|takes/);
    }
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
