/** The vocabulary as search looks words up in it: single words, and phrases of several. */
import { ENGLISH } from '../../tools/vocabulary/english.js';
import { GERMAN, GERMAN_WORD_PARTS } from '../../tools/vocabulary/german.js';
import type { Vocabulary } from '../../tools/vocabulary/vocabulary.js';
import { wordsOf } from './text.js';

export interface Phrase {
  words: readonly string[];
  api: string;
}

export interface Lexicon {
  /** The API's words for an everyday word (folded); '' for a word known only as part of compounds. */
  words: ReadonlyMap<string, string>;
  /** Everyday phrases, longest first, so that "cash discount" is read before "cash". */
  phrases: readonly Phrase[];
  /** The German words, which German compounds are made of (English ones would find "tree" in "Treibhaus"). */
  germanWords: ReadonlySet<string>;
}

function lexiconOf(english: Vocabulary, german: Vocabulary, wordParts: readonly string[]): Lexicon {
  const words = new Map<string, string>(wordParts.map((part) => [part, '']));
  const phrases = new Map<string, Phrase>();
  for (const vocabulary of [english, german]) {
    for (const [api, everyday] of Object.entries(vocabulary)) {
      for (const text of everyday) {
        const key = wordsOf(text);
        const joined = key.join(' ');
        if (key.length === 1) words.set(joined, [words.get(joined), api].filter(Boolean).join(' '));
        else phrases.set(joined, { words: key, api: [phrases.get(joined)?.api, api].filter(Boolean).join(' ') });
      }
    }
  }
  const germanWords = new Set([...Object.values(german).flat().map(wordsOf), ...wordParts.map((part) => [part])].flat());
  return { words, phrases: [...phrases.values()].sort((a, b) => b.words.length - a.words.length), germanWords };
}

export const LEXICON: Lexicon = lexiconOf(ENGLISH, GERMAN, GERMAN_WORD_PARTS);
