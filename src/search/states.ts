/**
 * Verb forms that say what happened to a thing, not what to do with it: "which projects have been
 * created", "every payment booked in June", "auf RE 2024-118 wurde eine Zahlung korrigiert". Their
 * actions are taken back; what they name stays.
 */
import { asksFor, withoutActions } from './actions.js';
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

/** Whether meanings name a thing and ask for nothing: "payment" in "every payment booked in June". */
const namesThing = (meaning: readonly string[] | undefined) =>
  !!meaning?.length && !meaning.some((api) => api.split(' ').some(asksFor));

function dropEnglish(words: readonly RequestWord[], meanings: string[][]): void {
  words.forEach(({ word }, at) => {
    const afterPassive = ENGLISH_PASSIVE.has(words[at - 1]?.word ?? '');
    const describesThing = at > 0 && word.endsWith('ed') && namesThing(meanings[at - 1]);
    if (afterPassive || describesThing) meanings[at] = withoutActions(meanings[at]!);
  });
}

function dropGerman(words: readonly RequestWord[], meanings: string[][]): void {
  let afterAuxiliary = false;
  words.forEach(({ word, endsClause }, at) => {
    if (afterAuxiliary && isGermanParticiple(word, words[at - 1]?.word)) meanings[at] = withoutActions(meanings[at]!);
    afterAuxiliary = (afterAuxiliary || GERMAN_PAST_AUXILIARIES.has(word)) && !endsClause;
  });
}

/** Takes the actions out of the meanings (one per word) of verb forms that describe. */
export function dropDescribingActions(words: readonly RequestWord[], meanings: string[][], german: boolean): void {
  if (german) dropGerman(words, meanings);
  else dropEnglish(words, meanings);
}
