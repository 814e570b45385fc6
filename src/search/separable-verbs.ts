/**
 * German separable verbs split around their object: "stock das Budget um 20k auf" is
 * "aufstocken", "gib die Rechnung frei" "freigeben", "wir tragen den Stand morgen ein" "eintragen".
 * The particle closes its clause; the verb, in any form, opens it ("leg … an") or stands next to
 * its subject ("wie viel ziehen wir ab"), and the vocabulary is asked for particle and infinitive
 * written together, as it lists them.
 */
import type { Table } from './lexicon.js';
import { CONJUNCTIONS, type RequestWord } from './text.js';
import { baseForms, imperativeOf, SEPARABLE_PARTICLES } from './word-forms.js';

/** Words before the verb that a clause may open with besides its conjunction: "bitte stock …", "und dann leg …". */
const OPENING_FILLERS: ReadonlySet<string> = new Set('bitte mal dann danach jetzt noch doch einfach schnell kurz nun'.split(' '));

/** Subjects, next to which a verb stands: "wir stocken … auf", "wie viel ziehen wir ab". */
const SUBJECTS: ReadonlySet<string> = new Set('ich wir du ihr sie man er'.split(' '));

/**
 * The infinitives a German verb form may be of, imperatives too: "stockt", "stocke", "stock" ->
 * stocken. Only infinitives: "häng … an" is anhängen, not "Anhang".
 */
export function infinitivesOf(word: string): string[] {
  const forms = baseForms(word);
  return [...new Set([...forms, ...forms.flatMap(imperativeOf)])].filter((form) => form.endsWith('n'));
}

/** A separable verb found in a request: where its two parts stand, and the API's words for it. */
export interface SeparableVerb {
  verbAt: number;
  particleAt: number;
  api: string;
}

/** The separable verbs of a German request's words; `free` says which words no phrase has taken yet. */
export function separableVerbsOf(words: readonly RequestWord[], table: Table, free: (at: number) => boolean): SeparableVerb[] {
  const found: SeparableVerb[] = [];
  let clauseStart = 0;
  words.forEach(({ word, endsClause }, particleAt) => {
    if (!endsClause) return;
    const start = clauseStart;
    clauseStart = particleAt + 1;
    if (!SEPARABLE_PARTICLES.has(word) || !free(particleAt)) return;
    const opening = words.findIndex(({ word }, at) => at >= start && !OPENING_FILLERS.has(word) && !CONJUNCTIONS.has(word));
    const nextToSubject = (at: number) => SUBJECTS.has(words[at - 1]?.word ?? '') || SUBJECTS.has(words[at + 1]?.word ?? '');
    for (let verbAt = start; verbAt < particleAt; verbAt++) {
      if (!free(verbAt) || (verbAt !== opening && !nextToSubject(verbAt))) continue;
      const api = infinitivesOf(words[verbAt]!.word)
        .map((infinitive) => table.words.get(word + infinitive))
        .find((meaning) => meaning !== undefined);
      if (api !== undefined) {
        found.push({ verbAt, particleAt, api });
        return;
      }
    }
  });
  return found;
}
