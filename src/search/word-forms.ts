/**
 * Inflection, undone without a dictionary: the endings English and German put on a word, so that
 * "suppliers", "booked", "offenen" and "Nachträge" find "supplier", "book", "offen" and "nachtrag".
 */

/** Endings and what replaces them; a word may have several, and each gives a form to try. */
const ENDINGS: ReadonlyArray<readonly [string, string]> = [
  // English
  ['ies', 'y'],
  ['ing', ''],
  ['ing', 'e'],
  ['es', ''],
  ['ed', ''],
  ['d', ''],
  ['s', ''],
  // German
  ['ern', ''],
  ['en', ''],
  ['er', ''],
  ['em', ''],
  ['n', ''],
  ['e', ''],
];

/** English endings before which a consonant is doubled: logged -> log, planning -> plan. */
const DOUBLING = new Set(['ed', 'ing']);

const SHORTEST_STEM = 3;

/** The word and what it may be an inflection of: the word itself first, then the least shortened. */
export function baseForms(word: string): string[] {
  const forms = new Set<string>();
  const offer = (form: string) => {
    if (form.length >= SHORTEST_STEM && form !== word) forms.add(form);
  };
  for (const [ending, replacement] of ENDINGS) {
    if (!word.endsWith(ending)) continue;
    const form = word.slice(0, -ending.length) + replacement;
    offer(form);
    if (DOUBLING.has(ending) && !replacement && /([^aeiou])\1$/.test(form)) offer(form.slice(0, -1));
  }
  return [word, ...[...forms].sort((a, b) => b.length - a.length)];
}
