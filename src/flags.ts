/**
 * Command-line flags of every sub-command: reading them (each with its PFM_* environment twin
 * where it has one), their help text, and refusals that name the flag and the fix in one line.
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';

export interface FlagSpec {
  name: string;
  kind: 'string' | 'boolean';
  /** Shown in --help; for string flags, the value placeholder. */
  value?: string;
  description: string;
  /** The value used when neither the flag nor its variable is given. */
  default?: string;
  /** The default in words, for --help, where it depends on other settings. */
  defaultNote?: string;
  /** false: the flag has no environment twin. */
  env?: false;
}

/** A command line the server cannot run with; each line names one flag and how to fix it. Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

export function envName(flag: string): string {
  return `PFM_${flag.toUpperCase().replaceAll('-', '_')}`;
}

/** The raw value of each flag and where it came from (`--port` or `PFM_PORT`), defaults included. */
export interface FlagValues {
  values: Record<string, string | undefined>;
  /** How to name the setting in a message: the flag or the variable that gave the value. */
  sources: Record<string, string>;
}

const HELP = new Set(['--help', '-h']);

/** The fix for a flag that does not exist: the flags that do, or where to read them. */
function knownFlags(specs: readonly FlagSpec[], command: string): string {
  return specs.length <= 4
    ? `${command} takes ${[...specs.map((spec) => `--${spec.name}`), '--help'].join(', ')}`
    : `run '${command} --help' for the flags`;
}

/** `--help` or `-h` anywhere before a `--` asks for help, whatever else the command line says. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => HELP.has(arg));
}

/**
 * Reads `argv` against the flags of one command, then PFM_* variables, then defaults. Unknown
 * flags, missing values, values on switches and stray arguments are refused, all at once.
 */
export function readFlags(
  argv: readonly string[],
  specs: readonly FlagSpec[],
  env: NodeJS.ProcessEnv,
  command: string,
): FlagValues {
  const options = Object.fromEntries(specs.map((spec) => [spec.name, { type: spec.kind }]));
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const problems: string[] = [];
  const given: Record<string, string> = {};
  const known = new Map(specs.map((spec) => [spec.name, spec]));
  let unknownTakesValue = false;
  for (const token of tokens) {
    const valueOfUnknown = unknownTakesValue;
    unknownTakesValue = false;
    if (token.kind === 'positional') {
      // After an unknown flag, the next word is most likely its value: one problem, not two.
      if (!valueOfUnknown) problems.push(`unexpected argument '${token.value}'; ${knownFlags(specs, command)}`);
      continue;
    }
    if (token.kind !== 'option') continue;
    const spec = known.get(token.name);
    if (!spec) {
      problems.push(`unknown flag ${token.rawName}; ${knownFlags(specs, command)}`);
      unknownTakesValue = token.value === undefined;
    } else if (spec.kind === 'boolean') {
      if (token.value !== undefined) problems.push(`--${spec.name} is a switch and takes no value; write just --${spec.name}`);
      else given[spec.name] = 'true';
    } else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      problems.push(`--${spec.name} needs a value: --${spec.name} ${spec.value ?? 'VALUE'}`);
    } else {
      given[spec.name] = token.value;
    }
  }
  if (problems.length > 0) throw new UsageError(problems);

  const result: FlagValues = { values: {}, sources: {} };
  for (const spec of specs) {
    const variable = spec.env === false ? undefined : envName(spec.name);
    const fromEnv = variable ? env[variable] : undefined;
    if (given[spec.name] !== undefined) {
      result.values[spec.name] = given[spec.name];
      result.sources[spec.name] = `--${spec.name}`;
    } else if (variable && fromEnv !== undefined && fromEnv !== '') {
      result.values[spec.name] = fromEnv;
      result.sources[spec.name] = variable;
    } else {
      result.values[spec.name] = spec.kind === 'boolean' ? 'false' : spec.default;
      result.sources[spec.name] = `--${spec.name}`;
    }
  }
  return result;
}

export function flagHelp(specs: readonly FlagSpec[]): string {
  return specs
    .map((spec) => {
      const left = `  --${spec.name}${spec.value ? ` ${spec.value}` : ''}`;
      const fallback = spec.default || spec.defaultNote ? ` (default: ${spec.default ?? spec.defaultNote})` : '';
      const env = spec.env === false ? '' : `\n${' '.repeat(34)}env: ${envName(spec.name)}`;
      // A flag too long for its column gets its description on the next line.
      const gap = left.length < 34 ? left.padEnd(34) : `${left}\n${' '.repeat(34)}`;
      return `${gap}${spec.description}${fallback}${env}`;
    })
    .join('\n');
}

/**
 * The flag values checked by `schema` (one entry per flag name); each refusal names where the
 * value came from (`--port` or `PFM_PORT`) and completes the sentence with the schema's message.
 */
export function checkedFlags<T extends z.ZodObject>(schema: T, { values, sources }: FlagValues): z.output<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    parsed.error.issues.map((issue) => {
      const flag = String(issue.path[0]);
      return `${sources[flag]} ${issue.message}; got ${JSON.stringify(values[flag])}`;
    }),
  );
}
