/** Whether a request is German: the German vocabulary applies to German requests only ("tax rate" is no Ratenzahlung). */
import { compoundParts } from './compounds.js';
import { GERMAN_FUNCTION_WORDS } from './function-words.js';
import type { Lexicon } from './lexicon.js';
import { baseForms, spokenSpellingsOf } from './word-forms.js';

/** Shorter words, such as "VE" and "NU", are English too often ("we've"). */
const SHORTEST_GERMAN_WORD = 3;

/**
 * German when it has a German grammar word, or a word (or compound of words) that only the
 * German vocabulary knows and that neither the English vocabulary nor the tools' texts use.
 * Umlauts say nothing by themselves: English requests name Müller Bau and Hunsrück too. A compound
 * counts only when German words make all of it: English names hold German pieces ("North-bank").
 */
export function isGerman(words: readonly string[], lexicon: Lexicon, isToolWord: (word: string) => boolean): boolean {
  const germanOnly = (word: string) => lexicon.germanOnly.has(word) && !isToolWord(word);
  const english = (word: string) => isToolWord(word) || baseForms(word).some((form) => lexicon.english.words.has(form));
  const compoundOfGerman = (word: string) => {
    const parts = compoundParts(word, (part) => lexicon.germanWords.has(part), 1);
    return parts !== undefined && parts.length > 1 && parts.some(germanOnly);
  };
  // as dialect typing writes a German word: "freigebn", "glöscht", "vertrach"
  const spokenForms = (word: string) => [word, ...spokenSpellingsOf(word)].flatMap(baseForms);
  const germanWord = (word: string) =>
    word.length >= SHORTEST_GERMAN_WORD && !english(word) && (spokenForms(word).some(germanOnly) || compoundOfGerman(word));
  return words.some((word) => GERMAN_FUNCTION_WORDS.has(word) || germanWord(word));
}
