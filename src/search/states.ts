/**
 * Verb forms that say what happened to a thing, not what to do with it: "which projects have been
 * created", "every payment booked in June", "the invoice I added as paid", "auf RE 2024-118 wurde
 * eine Zahlung korrigiert", "zur bereits erfassten Rechnung", and English verbs' words counted as
 * things ("every budget increase"). Their actions are taken back; what they name stays.
 */
import { asksFor, withoutActions } from './actions.js';
import { termsOf } from './conditional-actions.js';
import type { RequestWord } from './text.js';

/** Forms of "be" and "get" after which a participle describes a state. */
const ENGLISH_PASSIVE: ReadonlySet<string> = new Set(['been', 'was', 'were', 'got', 'gotten', 'being']);

/** German auxiliaries of the past: a participle after one in its clause tells what happened ("wurde … korrigiert"). */
const GERMAN_PAST_AUXILIARIES: ReadonlySet<string> = new Set('wurde wurden ist sind war waren hat haben hatte hatten'.split(' '));

/**
 * A German participle after an auxiliary: gebucht, korrigiert, hochgeladen, überwiesen; an
 * infinitive there follows "zu" ("ist noch zu buchen").
 */
const isGermanParticiple = (word: string, before: string | undefined) =>
  word.endsWith('t') || (word.endsWith('en') && before !== 'zu');

/** Whether a word's meanings ask for anything. */
const asksAnything = (meaning: readonly string[] | undefined) => termsOf(meaning ?? []).some(asksFor);

/** Whether meanings name a thing and ask for nothing: "payment" in "every payment booked in June". */
const namesThing = (meaning: readonly string[] | undefined) => !!meaning?.length && !asksAnything(meaning);

/** Subjects of a clause that describes a thing: "the invoice I added as paid", "the payment we booked". */
const ENGLISH_SUBJECTS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'someone']);

/** Words that count what follows: a verb's word after one, or after one and a noun, names a thing. */
const COUNTS: ReadonlySet<string> = new Set(['every', 'each', 'any', 'all', 'no']);
const LIST_JOINS: ReadonlySet<string> = new Set(['and', 'or']);

/** Counted words, and those listed after them, ask for nothing: "every budget increase, decrease and shift". */
function dropCounted(words: readonly RequestWord[], meanings: string[][]): void {
  let listing = false;
  words.forEach(({ word }, at) => {
    const before = words[at - 1];
    const counted = COUNTS.has(before?.word ?? '') || (COUNTS.has(words[at - 2]?.word ?? '') && namesThing(meanings[at - 1]));
    const listed = listing && (before!.endsClause || LIST_JOINS.has(before!.word));
    if ((counted || listed) && asksAnything(meanings[at])) {
      meanings[at] = withoutActions(meanings[at]!);
      listing = true;
    } else if (!LIST_JOINS.has(word)) listing = false;
  });
}

function dropEnglish(words: readonly RequestWord[], meanings: string[][]): void {
  dropCounted(words, meanings);
  words.forEach(({ word }, at) => {
    const afterPassive = ENGLISH_PASSIVE.has(words[at - 1]?.word ?? '');
    const past = word.endsWith('ed');
    const describesThing = at > 0 && past && namesThing(meanings[at - 1]);
    const saysWhatWasDone = at > 1 && past && ENGLISH_SUBJECTS.has(words[at - 1]!.word) && namesThing(meanings[at - 2]);
    if (afterPassive || describesThing || saysWhatWasDone) meanings[at] = withoutActions(meanings[at]!);
  });
}

/** Words before an adjective in front of its noun: "der bereits erfassten Rechnung", "die neu angelegten Verträge". */
const BEFORE_ADJECTIVE: ReadonlySet<string> = new Set(
  'der die das den dem des ein eine einen einem einer eines zur zum vom im beim am bereits schon neu frisch eben soeben gerade gestern heute vorhin diese dieser diesem diesen alle unsere unserer unseren'.split(
    ' ',
  ),
);

/** A participle declined as an adjective: erfasste, erfassten, freigegebene, gebuchtem. */
const DECLINED_PARTICIPLE = /(?:t|en)(?:e|en|er|es|em)$/;

/** A participle in front of its noun describes the noun: "zur bereits erfassten Rechnung", "die freigegebene Zahlung". */
const describesNoun = (words: readonly RequestWord[], at: number) =>
  !words[at]!.capitalised &&
  DECLINED_PARTICIPLE.test(words[at]!.word) &&
  BEFORE_ADJECTIVE.has(words[at - 1]?.word ?? '') &&
  !!words[at + 1]?.capitalised;

function dropGerman(words: readonly RequestWord[], meanings: string[][]): void {
  let afterAuxiliary = false;
  words.forEach(({ word, endsClause }, at) => {
    if ((afterAuxiliary && isGermanParticiple(word, words[at - 1]?.word)) || describesNoun(words, at))
      meanings[at] = withoutActions(meanings[at]!);
    afterAuxiliary = (afterAuxiliary || GERMAN_PAST_AUXILIARIES.has(word)) && !endsClause;
  });
}

/** Takes the actions out of the meanings (one per word) of verb forms that describe. */
export function dropDescribingActions(words: readonly RequestWord[], meanings: string[][], german: boolean): void {
  if (german) dropGerman(words, meanings);
  else dropEnglish(words, meanings);
}
