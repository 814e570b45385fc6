/**
 * The words that ask for an action in some requests only (see ConditionalActions in the
 * vocabulary): in the verb's place, unless the request reads, or together with another action.
 */
import { asksFor, asksToDo, asksToRead } from './actions.js';
import { ENGLISH_DETERMINERS, GERMAN_AUXILIARIES } from './function-words.js';
import type { Table } from './lexicon.js';
import { baseForms, imperativeOf, withEndingE } from './word-forms.js';
import { DETAIL_WORDS } from '../../tools/vocabulary/vocabulary.js';

/** What a new detail asks for. */
const UPDATE = 'update';

/** The API's words for a file: a new one is the file an action takes ("das neue PDF dranhängen"), not a record to make. */
const FILE_TERMS: ReadonlySet<string> = new Set(['pdf', 'document', 'file']);

/** The API's words of meanings that each hold several, space separated. */
export const termsOf = (meanings: readonly string[]): string[] => meanings.flatMap((meaning) => meaning.split(' '));

/**
 * Where a verb stands among the words open to it, and the form to look it up by: first in an
 * English request ("label invoices"), unless a phrasal verb took that place ("look up the tag
 * called …"); last in a German one ("Rechnung zahlen") unless the first is an imperative ("vergib
 * den Auftrag"), and nowhere after a German auxiliary, which makes the last word a participle of
 * a state ("Wie viel ist schon vergeben?").
 */
function verbPlaceOf(
  words: readonly string[],
  meanings: readonly string[][],
  { german, open, taken, capitalised }: Situation,
  inVerbPlace: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, string>,
): { at: number; form?: string } {
  if (!german) {
    // A phrasal verb first takes the verb's place itself: in "look up the tag called …", "tag" names one.
    const first = words.findIndex((_, at) => open[at] || taken[at]);
    if (first >= 0 && taken[first] && termsOf(meanings[first] ?? []).some(asksFor)) return { at: -1 };
    const at = open.indexOf(true);
    // After "a", "the", … a noun stands: "is there a tag for retainage" asks for no tagging.
    if (at > 0 && ENGLISH_DETERMINERS.has(words[at - 1]!)) return { at: -1 };
    return { at, form: words[at] };
  }
  // A word the vocabulary knows as it stands is no imperative: "Nachtrag freigegeben" names a change order.
  const imperative = open[0] && !known.has(words[0]!) ? imperativeOf(words[0]!).find((form) => inVerbPlace.has(form)) : undefined;
  if (imperative) return { at: 0, form: imperative };
  if (words.some((word) => GERMAN_AUXILIARIES.has(word))) return { at: -1 };
  const last = open.lastIndexOf(true);
  // A capital after the first word makes a noun: "Rechnungen mit Nachträgen", not "… nachtragen".
  if (last > 0 && capitalised[last]) return { at: -1 };
  // Bavarian and Austrian typing drops the infinitive's "e": "bitte nachtragn".
  const infinitive = withEndingE(words[last] ?? '');
  return { at: last, form: infinitive && inVerbPlace.has(infinitive) ? infinitive : words[last] };
}

export interface Situation {
  german: boolean;
  /** A yes-or-no question reads, whatever its verbs. */
  question: boolean;
  /** The words a phrase took, and words without meaning, are open to none of these. */
  open: readonly boolean[];
  /** The words a phrase took. */
  taken: readonly boolean[];
  /** Which words were written with a capital. */
  capitalised: readonly boolean[];
}

/** Replaces the meanings of the words that ask for an action in this request. */
export function applyConditionalActions(
  words: readonly string[],
  meanings: string[][],
  situation: Situation,
  { words: known, conditionalActions: { inVerbPlace, unlessReading, withAction } }: Pick<Table, 'words' | 'conditionalActions'>,
): void {
  const { question } = situation;
  const open = [...situation.open];
  const { at: verbPlace, form } = verbPlaceOf(words, meanings, situation, inVerbPlace, known);
  const verb = inVerbPlace.get(form ?? '');
  if (verb) {
    meanings[verbPlace] = [verb];
    open[verbPlace] = false;
  }
  /** Gives the words of `conditional` its meanings where `applies`; the places it gave them. */
  const apply = (conditional: ReadonlyMap<string, string>, applies: (at: number) => boolean = () => true) =>
    words.flatMap((word, at) => {
      const form = baseForms(word).find((form) => conditional.has(form));
      if (!open[at] || !form || !applies(at)) return [];
      meanings[at] = [conditional.get(form)!];
      return [at];
    });
  if (!question && !termsOf(meanings.flat()).some(asksToRead)) {
    // "new IBAN", "neue Adresse": a new detail changes a record rather than making one.
    const nextTerms = (at: number) => {
      const next = meanings.findIndex((meaning, other) => other > at && meaning.length > 0);
      return next > at ? termsOf(meanings[next]!) : [];
    };
    for (const at of apply(unlessReading)) {
      const next = nextTerms(at);
      if (next.some((term) => DETAIL_WORDS.has(term))) meanings[at] = [UPDATE];
      else if (next.some((term) => FILE_TERMS.has(term))) meanings[at] = [];
    }
  }
  // Another word's action: a word that asks for one itself ("pdf" for a download) joins none.
  const otherAction = (at: number) => meanings.some((meaning, other) => other !== at && termsOf(meaning).some(asksToDo));
  apply(withAction, otherAction);
}
