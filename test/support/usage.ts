/**
 * The command line's commands and flags as the usage tests see them: values each flag takes and
 * refuses, and what a refusal must look like. Shared by the exhaustive in-process checks
 * (test/unit/cli-usage.test.ts) and the sample run against the built executable (test/cli-usage.test.ts).
 */
import { expect } from 'vitest';
import { COMMANDS } from '../../src/commands.js';
import { FLAGS, loadConfig } from '../../src/config.js';
import { envName, type FlagSpec } from '../../src/flags.js';

export interface CommandUnderTest {
  /** As the user types it: `project-finance-mcp sandbox`. */
  label: string;
  prefix: string[];
  flags: readonly FlagSpec[];
  /** What the command does with its flags before anything starts: reads and checks them, or rejects with UsageError. */
  check(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<unknown>;
}

export const commands: CommandUnderTest[] = [
  { label: 'project-finance-mcp', prefix: [], flags: FLAGS, check: async (argv, env) => loadConfig(argv, env) },
  ...Object.entries(COMMANDS).map(([name, command]) => ({
    label: `project-finance-mcp ${name}`,
    prefix: [name],
    flags: command.flags,
    check: command.check,
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
export const BAD_VALUES: Record<string, string | null> = {
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
  'project-finance-mcp parallel-reads': '0',
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

/** A flag as given on a good command line: the switch alone, or the flag with a value it takes. */
export const flagArgs = (spec: FlagSpec) =>
  spec.kind === 'boolean' ? [`--${spec.name}`] : [`--${spec.name}`, GOOD_VALUES[spec.name] ?? spec.default ?? 'x'];

/** Every flag given with a value it refuses (`¿`), switches alone, then `extra`. */
export const everyFlagBadly = (command: CommandUnderTest, ...extra: string[]) => [
  ...command.prefix,
  ...command.flags.flatMap((spec) => (spec.kind === 'string' ? [`--${spec.name}`, '¿'] : [`--${spec.name}`])),
  ...extra,
];

/** A flag given wrong: a string flag without its value, a switch with one. */
export function malformedFlag(command: CommandUnderTest, spec: FlagSpec): { args: string[]; fix: RegExp } {
  return spec.kind === 'string'
    ? { args: [...command.prefix, `--${spec.name}`], fix: /needs a value: --\S+ \S+/ }
    : { args: [...command.prefix, `--${spec.name}=yes`], fix: /takes no value; write just --/ };
}

export interface BadValue {
  spec: FlagSpec;
  via: 'flag' | 'env';
  /** The flag or the variable the refusal must name. */
  names: string[];
  args: string[];
  env: Record<string, string>;
}

/** Each string flag's refused value, given by the flag, and by its environment twin where it has one. */
export function badValues(command: CommandUnderTest): BadValue[] {
  return command.flags
    .filter((spec) => spec.kind === 'string')
    .flatMap((spec) => {
      const bad = BAD_VALUES[`${command.label} ${spec.name}`];
      if (bad == null) return [];
      const viaFlag: BadValue = {
        spec,
        via: 'flag',
        names: [`--${spec.name}`],
        args: [...command.prefix, `--${spec.name}=${bad}`],
        env: {},
      };
      if (spec.env === false) return [viaFlag];
      const variable = envName(spec.name);
      return [viaFlag, { spec, via: 'env', names: [variable], args: command.prefix, env: { [variable]: bad } }];
    });
}

/** `stderr` is one line, naming `names` (any of them), with no stack trace; that line. */
export function expectOneRefusalLine(stderr: string, ...names: string[]): string {
  const lines = stderr.trimEnd().split('\n');
  expect(lines, stderr).toHaveLength(1);
  const [line] = lines as [string];
  expect(line).toMatch(/^project-finance-mcp: /);
  expect(line).not.toMatch(/Fatal|Error:|\bat .*:\d+:\d+/);
  expect(
    names.some((name) => line.includes(name)),
    `${line} names one of ${names.join(', ')}`,
  ).toBe(true);
  return line;
}
