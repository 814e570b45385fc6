/**
 * Every flag of every command, in-process, against what the executable does with a command line
 * before anything starts: --help wins whatever flags stand beside it, and every flag given wrong
 * or with a value it refuses (from the flag or its PFM_* twin) is one line that names it and the
 * fix, exit code 2. test/cli-usage.test.ts runs a sample of the same against the built executable.
 */
import { format } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { reportFailure } from '../../src/commands.js';
import { asksForHelp } from '../../src/flags.js';
import {
  BAD_VALUES,
  badValues,
  commands,
  everyFlagBadly,
  expectOneRefusalLine,
  flagArgs,
  malformedFlag,
  type CommandUnderTest,
} from '../support/usage.js';

/**
 * What the executable prints on stderr and exits with for `args` (as typed after the program's
 * name) and the variables `env`: the command's check must refuse them, and reportFailure says so.
 */
async function refusal(
  command: CommandUnderTest,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stderr: string }> {
  let error: unknown;
  try {
    // As main() hands a sub-command what follows its name.
    await command.check(args.slice(command.prefix.length), env);
  } catch (caught) {
    error = caught;
  }
  if (error === undefined) expect.fail(`${command.label} accepted ${args.join(' ')} ${JSON.stringify(env)}`);
  let stderr = '';
  const errors = vi.spyOn(console, 'error').mockImplementation((...line) => void (stderr += `${format(...line)}\n`));
  try {
    return { code: reportFailure(error), stderr };
  } finally {
    errors.mockRestore();
  }
}

describe.each(commands)('$label', (command) => {
  it('asks for help whatever flags stand beside --help or -h, good or bad', () => {
    const combinations = [
      ...command.flags.map((spec) => [...command.prefix, ...flagArgs(spec), '--help']),
      ...command.flags.map((spec) => [...command.prefix, '--help', ...flagArgs(spec)]),
      [...command.prefix, ...command.flags.flatMap(flagArgs), '-h'],
      [...command.prefix, '--no-such-flag', '--help'],
      everyFlagBadly(command, '--help'),
    ];
    for (const args of combinations) expect(asksForHelp(args), args.join(' ')).toBe(true);
  });

  it('refuses a flag without its value, and a value on a switch', async () => {
    for (const spec of command.flags) {
      const { args, fix } = malformedFlag(command, spec);
      const { code, stderr } = await refusal(command, args, {});
      expect(code, stderr).toBe(2);
      expect(expectOneRefusalLine(stderr, `--${spec.name}`)).toMatch(fix);
    }
  });

  it('refuses a bad value from the flag or its environment twin, naming which one', async () => {
    for (const spec of command.flags.filter((flag) => flag.kind === 'string'))
      expect(BAD_VALUES, `classify ${command.label} --${spec.name}`).toHaveProperty(`${command.label} ${spec.name}`);
    for (const { names, args, env } of badValues(command)) {
      const { code, stderr } = await refusal(command, args, env);
      expect(code, stderr).toBe(2);
      // The fix: what the setting takes.
      expect(expectOneRefusalLine(stderr, ...names)).toMatch(/must|takes/);
    }
  });
});
