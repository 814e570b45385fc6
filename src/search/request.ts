/**
 * A request in the API's words: everyday and German words replaced by the vocabulary's, German
 * compounds split into their parts, and words the tools use themselves kept as they are.
 */
import { compoundParts } from './compounds.js';
import type { Lexicon } from './lexicon.js';
import { PREPOSITIONS, QUESTION_OPENERS, STOP_WORDS } from './function-words.js';
import { wordsOf } from './text.js';
import { baseForms } from './word-forms.js';

/** What one word (or phrase) of a request means in the API's words, and how much it counts. */
export interface Meaning {
  terms: string[];
  weight: number;
}

export interface Understood {
  meanings: Meaning[];
  /** A yes-or-no question: its verbs ask about a state, not for an action. */
  question: boolean;
  /** Words neither the vocabulary nor the tools know: they may match a longer or misspelt word. */
  loose: Set<string>;
}

const SHORTEST_COMPOUND = 6;
const SHORTEST_TOOL_WORD_PART = 5;

/** Where a phrase occurs among the request's words (given in all their forms) that no other phrase took. */
function phraseAt(forms: readonly string[][], phrase: readonly string[], used: readonly boolean[]): number {
  for (let start = 0; start + phrase.length <= forms.length; start++) {
    if (phrase.every((word, i) => !used[start + i] && forms[start + i]!.includes(word))) return start;
  }
  return -1;
}

/** Words after the first preposition qualify what the request is about ("invoices of a contract"). */
const QUALIFIER_WEIGHT = 0.7;

interface WordMeanings {
  /** The API's words for the word; a compound has one meaning per part. */
  meanings: string[];
  /** Neither the vocabulary nor the tools know the word. */
  loose: boolean;
}

function meaningsOfWord(word: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): WordMeanings {
  const forms = baseForms(word);
  const everyday = forms.find((form) => lexicon.words.has(form));
  if (everyday !== undefined) return { meanings: [lexicon.words.get(everyday)!], loose: false };
  if (STOP_WORDS.has(word) || word.length < 2 || /^\d+$/.test(word)) return { meanings: [], loose: false };
  const toolWord = forms.find(isToolWord);
  if (toolWord) return { meanings: [toolWord], loose: false };
  // An English word of the tools' is a part of German compounds too: Vertrags-partner, Budget-status.
  const knownPart = (part: string) =>
    lexicon.germanWords.has(part) || (part.length >= SHORTEST_TOOL_WORD_PART && isToolWord(part));
  const parts = word.length >= SHORTEST_COMPOUND ? compoundParts(word, knownPart) : undefined;
  const partMeanings = (parts ?? []).map((part) => lexicon.words.get(part) ?? part).filter(Boolean);
  return partMeanings.length ? { meanings: partMeanings, loose: false } : { meanings: [word], loose: true };
}

export function understand(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): Understood {
  const words = wordsOf(request);
  const forms = words.map(baseForms);
  const used = words.map(() => false);
  /** The API's words for each word of the request; a phrase's at its first word. */
  const meanings: string[][] = words.map(() => []);
  const loose = new Set<string>();
  for (const phrase of lexicon.phrases) {
    for (let at = phraseAt(forms, phrase.words, used); at >= 0; at = phraseAt(forms, phrase.words, used)) {
      phrase.words.forEach((_, i) => (used[at + i] = true));
      meanings[at] = [phrase.api];
    }
  }
  words.forEach((word, at) => {
    if (used[at]) return;
    const understood = meaningsOfWord(word, lexicon, isToolWord);
    meanings[at] = understood.meanings;
    if (understood.loose) loose.add(word);
  });
  const qualifiersFrom = words.findIndex((word, at) => !used[at] && PREPOSITIONS.has(word));
  return {
    meanings: meanings.flatMap((ofWord, at) =>
      ofWord.map((meaning) => ({
        terms: meaning.split(' ').filter(Boolean),
        weight: qualifiersFrom >= 0 && at > qualifiersFrom ? QUALIFIER_WEIGHT : 1,
      })),
    ),
    loose,
    question: QUESTION_OPENERS.has(words[0] ?? ''),
  };
}
