/**
 * Objects of arguments that refuse names they do not declare. Dropping an unknown argument
 * silently would run the call without it: a misspelt filter would list everything.
 */
import { closestMatch } from 'leven';
import { z } from 'zod';

/** "unknown argument "projekt_id" (did you mean "project_id"?); this tool takes: …" */
export function unknownArguments(keys: readonly string[], declared: readonly string[]): string {
  const named = keys.map((key) => {
    const shown = key.slice(0, 100);
    const nearest = closestMatch(shown, declared);
    return `"${shown}"${nearest ? ` (did you mean "${nearest}"?)` : ''}`;
  });
  const takes = declared.length ? `; allowed here: ${declared.join(', ')}` : '; no arguments are allowed here';
  return `unknown argument${keys.length > 1 ? 's' : ''} ${named.join(', ')}${takes}`;
}

/** z.strictObject whose refusal of unknown names names the nearest declared one. */
export function strictObject<const Shape extends z.ZodRawShape>(shape: Shape): z.ZodObject<Shape, z.core.$strict> {
  const declared = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownArguments(issue.keys, declared) : undefined),
  });
}
