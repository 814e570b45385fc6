/**
 * How an English request's verbs are read beyond the vocabulary: what doing again means
 * ("re-book"), "bin" typed for "been", an unknown opening verb, and which capitalised words carry
 * on a name.
 */
import { asksFor, asksToDo } from './actions.js';
import { termsOf } from './conditional-actions.js';
import { ENGLISH_DETERMINERS } from './function-words.js';
import type { Table } from './lexicon.js';
import { wordsOf, WRITTEN_WORD } from './text.js';
import { baseForms } from './word-forms.js';

/** Words before which "re" is what is left of "are": "we're", "they're". */
const BEFORE_ARE: ReadonlySet<string> = new Set(['we', 'you', 'they', 'there', 'who', 'what', 'where', 'how']);
const REDO = 'update';

const asksToDoIn = (meaning: readonly string[]) => termsOf(meaning).some(asksToDo);

/**
 * Doing something again changes what was done: "re-book the contract to cost centre 4410",
 * "re-point it to our other company", "rebook". The verb after "re" says no more than that.
 */
function readRedoing(words: readonly string[], meanings: string[][], unknown: ReadonlySet<string>, table: Table): void {
  words.forEach((word, at) => {
    const prefixed = word === 're' && at + 1 < words.length && !BEFORE_ARE.has(words[at - 1] ?? '');
    const rest =
      word.startsWith('re') && unknown.has(word) ? baseForms(word.slice(2)).find((form) => table.words.has(form)) : undefined;
    if (prefixed) {
      meanings[at] = [REDO];
      if (asksToDoIn(meanings[at + 1]!)) meanings[at + 1] = [];
    } else if (rest !== undefined && asksToDoIn([table.words.get(rest)!])) meanings[at] = [REDO];
  });
}

/**
 * The words that carry on a name in an English request: a capitalised word after another that
 * does not open the sentence ("on Riverside Quarter", "the Brennan Roofing contract", "at Harbour
 * House") names a place or a firm, not a quarter, a trade or a house. German capitalises every
 * noun; acronyms ("CVR", "QS") are no names.
 */
export function englishNameParts(request: string): boolean[] {
  const parts: boolean[] = [];
  let nameGoesOn = false;
  for (const match of request.matchAll(WRITTEN_WORD)) {
    const capitalised = /^\p{Lu}\p{Ll}/u.test(match[0]);
    const opensSentence = /^\s*$|[.!?:;]\s*$/.test(request.slice(0, match.index));
    for (const _ of wordsOf(match[0])) parts.push(capitalised && nameGoesOn);
    nameGoesOn = capitalised && (nameGoesOn || !opensSentence);
  }
  return parts;
}

/**
 * An English request that opens with a word nobody knows, before its object, opens with a verb all
 * the same ("Push the end date of the project out …"): where no other word asks for anything, it asks
 * to change something.
 */
function readUnknownVerb(words: readonly string[], meanings: string[][], unknown: ReadonlySet<string>): void {
  const asksAnything = meanings.some((meaning) => termsOf(meaning).some(asksFor));
  if (!asksAnything && unknown.has(words[0] ?? '') && ENGLISH_DETERMINERS.has(words[1] ?? '')) meanings[0] = [REDO];
}

/** Participles that do not end in "ed": "bin paid", "bin sent". */
const IRREGULAR_PARTICIPLES: ReadonlySet<string> = new Set('paid sent done put set made got gone taken given'.split(' '));

/**
 * "bin" before a participle is "been" as the Black Country, Ireland and chat write it ("as dudley
 * scaffold bin paid for october yet", "if it's bin approved"): no order to bin anything.
 */
function readBeenTypedBin(words: readonly string[], meanings: string[][]): void {
  words.forEach((word, at) => {
    const next = words[at + 1] ?? '';
    if (word === 'bin' && (next.endsWith('ed') || IRREGULAR_PARTICIPLES.has(next))) meanings[at] = [];
  });
}

/** What the request around the words tells the passes. */
interface Around {
  /** Words neither the vocabulary nor the tools know. */
  unknown: ReadonlySet<string>;
  table: Table;
  /** A yes-or-no question: its first word is no verb. */
  question: boolean;
}

/** Applies the passes to the meanings of an English request's words, in place. */
export function readEnglishVerbs(words: readonly string[], meanings: string[][], { unknown, table, question }: Around): void {
  readRedoing(words, meanings, unknown, table);
  readBeenTypedBin(words, meanings);
  if (!question) readUnknownVerb(words, meanings, unknown);
}
