/** The environment variables the server takes its settings from: each flag's PFM_* twin, and the secrets. */
import { FLAGS, SECRET_VARIABLES } from '../../src/config.js';
import { envName, type FlagSpec } from '../../src/flags.js';

/** The flag behind each PFM_* variable. */
export const FLAG_OF_VARIABLE: ReadonlyMap<string, FlagSpec> = new Map(
  (FLAGS as readonly FlagSpec[]).filter((flag) => flag.env !== false).map((flag) => [envName(flag.name), flag]),
);

export const SECRET_NAMES: ReadonlySet<string> = new Set(Object.values(SECRET_VARIABLES));

export const SETTING_VARIABLES: ReadonlySet<string> = new Set([...FLAG_OF_VARIABLE.keys(), ...SECRET_NAMES]);
