/**
 * The vocabulary as search looks words up in it, one table per language of the request: an
 * English request reads the English vocabulary only; a German one the German vocabulary, then
 * the English for the words it borrows ("Budget", "Controlling").
 */
import { ENGLISH, ENGLISH_CONDITIONAL_ACTIONS, ENGLISH_FIRM_TRADES } from '../../tools/vocabulary/english.js';
import { GERMAN, GERMAN_CONDITIONAL_ACTIONS, GERMAN_FIRM_TRADES, GERMAN_WORD_PARTS } from '../../tools/vocabulary/german.js';
import type { ConditionalActions, Vocabulary } from '../../tools/vocabulary/vocabulary.js';
import { STOP_WORDS } from './function-words.js';
import { wordsOf } from './text.js';
import { isSpokenGrammarWord } from './word-forms.js';

/** An everyday word or phrase (folded words) and the API's words it stands for, space separated. */
export interface Phrase {
  words: readonly string[];
  api: string;
  /**
   * Where other words may stand inside the phrase, for a phrasal verb written "take … off", or
   * "put … contract … on hold" with its object's words around the noun.
   */
  gapsAt?: readonly number[];
  /** Written with a capital first, as German nouns are: "Zahlung leisten" opens with no verb. */
  opensWithNoun?: true;
}

/** Marks where a phrasal verb takes its object: "knock … off" is "knock 20k off" too. */
const GAP = '…';

/**
 * Marks an entry that means what it says as a whole word only, never as a part of a German
 * compound: "=Bau" is a firm in "Schmidt Bau", but "Bauprojekt" is a project, "Bauzeit" a time.
 */
const WHOLE_WORD = '=';

/** A vocabulary entry's words, where its gaps are, if it has any, and whether a noun opens it. */
function phraseWords(text: string): Omit<Phrase, 'api'> {
  const parts = text.split(GAP).map((part) => wordsOf(part));
  const words = parts.flat();
  const noun = /^\p{Lu}/u.test(text) ? { opensWithNoun: true as const } : {};
  if (parts.length === 1) return { words, ...noun };
  const gapsAt = parts.slice(0, -1).map((_, part) => parts.slice(0, part + 1).flat().length);
  return { words, gapsAt, ...noun };
}

/** The folded words of the entries marked as whole words only. */
const wholeWordsOf = (vocabularies: readonly Vocabulary[]): string[] =>
  vocabularies.flatMap((vocabulary) =>
    Object.values(vocabulary).flatMap((everyday) => everyday.filter((text) => text.startsWith(WHOLE_WORD)).flatMap(wordsOf)),
  );

type Conditions = keyof ConditionalActions;

/** One language's vocabulary, by the folded words of its entries. */
export interface Table {
  /** The API's words for an everyday word. */
  words: ReadonlyMap<string, string>;
  /** Everyday phrases, longest first, so that "cash discount" is read before "cash". */
  phrases: readonly Phrase[];
  /** The places in `phrases` of the phrases that start with a word. */
  phrasesStartingWith: ReadonlyMap<string, readonly number[]>;
  /** Words that ask for an action in some requests only, by when they do. */
  conditionalActions: Readonly<Record<Conditions, ReadonlyMap<string, string>>>;
  /** Words that mean what `words` says only standing alone, as parts of compounds nothing. */
  wholeWordsOnly: ReadonlySet<string>;
  /** Trades that make a name a firm's ("Brennan Scaffolding", "Elektro Huber"). */
  firmTrades: ReadonlySet<string>;
}

export interface Lexicon {
  /** An English request's words. */
  english: Table;
  /** A German request's: the German vocabulary's, then the English for words German borrows. */
  german: Table;
  /** The German words, which German compounds are made of (English ones would find "tree" in "Treibhaus"). */
  germanWords: ReadonlySet<string>;
  /** Parts of German compounds that mean nothing alone ("bau" in "Bauprojekt"). */
  wordParts: ReadonlySet<string>;
  /** Words that only the German vocabulary knows, compound parts aside ("Müller Bau"): one makes a request German. */
  germanOnly: ReadonlySet<string>;
}

/**
 * The vocabularies' everyday words and phrases, each with the API's words of all its entries; a
 * later vocabulary's replace an earlier one's.
 */
function entriesOf(vocabularies: readonly Vocabulary[]): Phrase[] {
  const all = new Map<string, Phrase>();
  for (const vocabulary of vocabularies) {
    const own = new Map<string, Phrase>();
    for (const [api, everyday] of Object.entries(vocabulary)) {
      for (const phrase of everyday.map(phraseWords)) {
        const key = `${phrase.words.join(' ')} ${phrase.gapsAt?.join(',') ?? ''}`;
        own.set(key, { ...phrase, api: [own.get(key)?.api, api].filter(Boolean).join(' ') });
      }
    }
    for (const [key, entry] of own) all.set(key, entry);
  }
  return [...all.values()];
}

const singleWords = (entries: readonly Phrase[]) =>
  new Map(entries.filter(({ words }) => words.length === 1).map(({ words, api }) => [words[0]!, api]));

function placesByFirstWord(phrases: readonly Phrase[]): Map<string, number[]> {
  const places = new Map<string, number[]>();
  phrases.forEach(({ words: [first] }, place) => places.set(first!, [...(places.get(first!) ?? []), place]));
  return places;
}

/** The phrases of a table whose first word is among `words`, in the table's order. */
export function phrasesStartingWithAny(table: Table, words: ReadonlySet<string>): Phrase[] {
  const places = [...words].flatMap((word) => table.phrasesStartingWith.get(word) ?? []);
  return places.sort((a, b) => a - b).map((place) => table.phrases[place]!);
}

/** The table of vocabularies read in order: a word a later one lists means what that one says. */
function tableOf(
  languages: ReadonlyArray<{ vocabulary: Vocabulary; actions: ConditionalActions; firmTrades: readonly string[] }>,
): Table {
  const entries = entriesOf(languages.map(({ vocabulary }) => vocabulary));
  const conditionalOf = (condition: Conditions) => singleWords(entriesOf(languages.map(({ actions }) => actions[condition])));
  // Longer phrases first; of equal length, those without a gap, which may hold another phrase's
  // first part: "pull up the invoice from Ace" pulls up, it does not "pull … from" a budget.
  const phrases = entries
    .filter(({ words }) => words.length > 1)
    .sort((a, b) => b.words.length - a.words.length || (a.gapsAt?.length ?? 0) - (b.gapsAt?.length ?? 0));
  return {
    words: singleWords(entries),
    phrases,
    phrasesStartingWith: placesByFirstWord(phrases),
    conditionalActions: {
      inVerbPlace: conditionalOf('inVerbPlace'),
      unlessReading: conditionalOf('unlessReading'),
      withAction: conditionalOf('withAction'),
    },
    wholeWordsOnly: new Set(wholeWordsOf(languages.map(({ vocabulary }) => vocabulary))),
    firmTrades: new Set(languages.flatMap(({ firmTrades }) => firmTrades.flatMap(wordsOf))),
  };
}

/** Every word a language's vocabulary uses, in phrases too, grammar words left out. */
const wordsUsed = (vocabulary: Vocabulary, actions: ConditionalActions): Set<string> =>
  new Set(
    [vocabulary, actions.inVerbPlace, actions.unlessReading, actions.withAction]
      .flatMap((table) =>
        Object.values(table)
          .flat()
          .flatMap((text) => wordsOf(text)),
      )
      .filter((word) => !STOP_WORDS.has(word)),
  );

/**
 * The English vocabulary as German requests borrow it: without the words German dialect typing
 * writes for grammar words ("d Rächnig vo de Gubler AG" names no variation order).
 */
const borrowedByGerman = (vocabulary: Vocabulary): Vocabulary =>
  Object.fromEntries(
    Object.entries(vocabulary).map(([api, everyday]) => [
      api,
      everyday.filter((text) => {
        const words = wordsOf(text);
        return !(words.length === 1 && isSpokenGrammarWord(words[0]!));
      }),
    ]),
  );

function lexiconOf(): Lexicon {
  const english = { vocabulary: ENGLISH, actions: ENGLISH_CONDITIONAL_ACTIONS, firmTrades: ENGLISH_FIRM_TRADES };
  const german = { vocabulary: GERMAN, actions: GERMAN_CONDITIONAL_ACTIONS, firmTrades: GERMAN_FIRM_TRADES };
  const englishWords = wordsUsed(ENGLISH, ENGLISH_CONDITIONAL_ACTIONS);
  const germanWords = new Set([...wordsUsed(GERMAN, GERMAN_CONDITIONAL_ACTIONS), ...GERMAN_WORD_PARTS]);
  return {
    english: tableOf([english]),
    german: tableOf([{ ...english, vocabulary: borrowedByGerman(ENGLISH) }, german]),
    germanWords,
    wordParts: new Set(GERMAN_WORD_PARTS),
    // Numbers name standards in any language: "SIA 118", "invoice 118".
    germanOnly: new Set(
      [...germanWords].filter((word) => !englishWords.has(word) && !GERMAN_WORD_PARTS.includes(word) && !/\d/.test(word)),
    ),
  };
}

let built: Lexicon | undefined;

/**
 * The lexicon, built on first use: building it takes some 50 ms and, with its garbage, 14 MB of
 * peak memory, which a start that never searches should not pay (spawn to initialize, side by side:
 * 167 ms built at start, 102 ms without).
 */
export function lexicon(): Lexicon {
  return (built ??= lexiconOf());
}
