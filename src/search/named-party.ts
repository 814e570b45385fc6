/**
 * A firm named by a name alone: "was ist bei Schmidt noch offen?", "was hängt bei Elektro Huber
 * noch?", "bei der Sanitär Frey AG". In German, a capitalised word that neither the vocabulary nor
 * the tools know, right after "bei" (or "bei der/dem/den", "beim"), is the party the request is
 * about: a contractor. A name after a word the vocabulary knows ("beim Professionisten Gasser",
 * "beim Projekt Seestadt") is left to that word.
 */
import type { RequestWord } from './text.js';

const AT = new Set(['bei', 'beim']);
const ARTICLES = new Set(['der', 'dem', 'den']);

/** The API's word for the party a name stands for. */
export const PARTY = 'contractor';

/** Positions of names that stand for a firm (one per "bei"). */
export function namedParties(words: readonly RequestWord[], isLoose: (word: string) => boolean): number[] {
  const found: number[] = [];
  words.forEach(({ word, endsClause }, at) => {
    if (!AT.has(word) || endsClause) return;
    const name = ARTICLES.has(words[at + 1]?.word ?? '') && word === 'bei' ? at + 2 : at + 1;
    const candidate = words[name];
    if (candidate?.capitalised && isLoose(candidate.word)) found.push(name);
  });
  return found;
}
