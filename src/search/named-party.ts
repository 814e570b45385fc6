/**
 * A firm named by a name alone: "was ist bei Schmidt noch offen?", "was hängt bei Elektro Huber
 * noch?", "bei der Sanitär Frey AG". In German, a capitalised word that neither the vocabulary nor
 * the tools know, right after "bei" (or "bei der/dem/den", "beim"), is the party the request is
 * about: a contractor. A name after a word the vocabulary knows ("beim Professionisten Gasser",
 * "beim Projekt Seestadt"), or one of a place ("beim Wohnpark Andritz"), is left alone. A firm
 * named by its trade ("look up Brennan Scaffolding", "Elektro Huber anlegen") is one too, where
 * the request names nothing else.
 */
import type { RequestWord } from './text.js';

const AT = new Set(['bei', 'beim']);
const ARTICLES = new Set(['der', 'dem', 'den']);

/** Legal forms that close a firm's name: "Gipser Hauser AG", "Bau Pichler GmbH". */
const LEGAL_FORMS: ReadonlySet<string> = new Set(['gmbh', 'ag', 'kg', 'ohg', 'gbr', 'ug', 'mbh', 'gesmbh']);

/** Nouns a place's name follows: "im Projekt Reininghaus", "die Liegenschaft Rosenberg". */
const PLACE_NOUNS: ReadonlySet<string> = new Set(['projekt', 'bauvorhaben', 'bv', 'objekt', 'liegenschaft', 'gebaude', 'asset']);

/**
 * Whether each word is a name: the capitalised word right before a legal form ("Gipser Hauser
 * AG") or right after a place's noun ("Projekt Reininghaus"). A name is a surname or a made-up
 * word, never a compound of words we know ("Hauser" is no "Häuser", "Reininghaus" no building),
 * nor a misspelling.
 */
export function germanNames(words: readonly RequestWord[]): boolean[] {
  return words.map(
    ({ capitalised }, at) =>
      capitalised && (LEGAL_FORMS.has(words[at + 1]?.word ?? '') || PLACE_NOUNS.has(words[at - 1]?.word ?? '')),
  );
}

/** The API's word for the party a name stands for. */
export const PARTY = 'contractor';

/** How the names of places end ("beim Wohnpark Andritz", "beim Annenviertel"): a project or a building, no firm. */
const PLACE_ENDINGS =
  /(?:park|viertel|hof|hofe|quartier|platz|strasse|weg|allee|gasse|garten|haus|turm|tower|lofts?|campus|center|zentrum|siedlung|markt)$/;

/** Positions of names that stand for a firm (one per "bei"). */
export function namedParties(words: readonly RequestWord[], isLoose: (word: string) => boolean): number[] {
  const found: number[] = [];
  words.forEach(({ word, endsClause }, at) => {
    if (!AT.has(word) || endsClause) return;
    const name = ARTICLES.has(words[at + 1]?.word ?? '') && word === 'bei' ? at + 2 : at + 1;
    const candidate = words[name];
    if (candidate?.capitalised && isLoose(candidate.word) && !PLACE_ENDINGS.test(candidate.word)) found.push(name);
  });
  return found;
}

/** How a request's words stand around a name. */
export interface AroundNames {
  german: boolean;
  /** English words that carry on a name (see english-verbs.ts). */
  nameParts: readonly boolean[];
  /** Folded trade words that make a name a firm's. */
  trades: ReadonlySet<string>;
  isLoose: (word: string) => boolean;
}

/**
 * Positions of trade words that make a name a firm's: inside or opening an English name ("Brennan
 * Scaffolding", "Construction Boréal"), next to a capitalised unknown word in German ("Elektro
 * Huber"; "Gewerk Elektro" names a package).
 */
export function firmsNamed(words: readonly RequestWord[], { german, nameParts, trades, isLoose }: AroundNames): number[] {
  const unknownName = (at: number) => !!words[at]?.capitalised && isLoose(words[at]!.word);
  const names = (at: number) =>
    german
      ? words[at]!.capitalised && (unknownName(at + 1) || unknownName(at - 1))
      : !!nameParts[at] || (words[at]!.capitalised && !!nameParts[at + 1]);
  return words.flatMap(({ word }, at) => (trades.has(word) && names(at) ? [at] : []));
}
