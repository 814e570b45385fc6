/**
 * The words that ask for an action in some requests only (see ConditionalActions in the
 * vocabulary): in the verb's place, unless the request reads, or together with another action.
 */
import { asksToDo, asksToRead } from './actions.js';
import { GERMAN_AUXILIARIES } from './function-words.js';
import type { Table } from './lexicon.js';
import { baseForms } from './word-forms.js';

/** The API's words of meanings that each hold several, space separated. */
export const termsOf = (meanings: readonly string[]): string[] => meanings.flatMap((meaning) => meaning.split(' '));

/**
 * Where a verb stands among the words open to it: first in an English request ("label invoices"),
 * last in a German one ("Rechnung zahlen"), and nowhere after a German auxiliary, which makes the
 * last word a participle of a state ("Wie viel ist schon vergeben?").
 */
function verbPlaceOf(words: readonly string[], open: readonly boolean[], german: boolean): number {
  if (!german) return open.indexOf(true);
  return words.some((word) => GERMAN_AUXILIARIES.has(word)) ? -1 : open.lastIndexOf(true);
}

export interface Situation {
  german: boolean;
  /** A yes-or-no question reads, whatever its verbs. */
  question: boolean;
  /** The words a phrase took, and words without meaning, are open to none of these. */
  open: readonly boolean[];
}

/** Replaces the meanings of the words that ask for an action in this request. */
export function applyConditionalActions(
  words: readonly string[],
  meanings: string[][],
  { german, question, open: openBefore }: Situation,
  { inVerbPlace, unlessReading, withAction }: Table['conditionalActions'],
): void {
  const open = [...openBefore];
  const verbPlace = verbPlaceOf(words, open, german);
  const verb = inVerbPlace.get(words[verbPlace] ?? '');
  if (verb) {
    meanings[verbPlace] = [verb];
    open[verbPlace] = false;
  }
  const apply = (conditional: ReadonlyMap<string, string>, applies: (at: number) => boolean = () => true) =>
    words.forEach((word, at) => {
      const form = baseForms(word).find((form) => conditional.has(form));
      if (open[at] && form && applies(at)) meanings[at] = [conditional.get(form)!];
    });
  if (!question && !termsOf(meanings.flat()).some(asksToRead)) apply(unlessReading);
  // Another word's action: a word that asks for one itself ("pdf" for a download) joins none.
  const otherAction = (at: number) => meanings.some((meaning, other) => other !== at && termsOf(meaning).some(asksToDo));
  apply(withAction, otherAction);
}
