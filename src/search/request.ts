/**
 * A request in the API's words: everyday and German words replaced by the vocabulary's, German
 * compounds split into their parts, and words the tools use themselves kept as they are.
 */
import { asksToDo, asksToRead } from './actions.js';
import { compoundParts } from './compounds.js';
import { applyConditionalActions, termsOf } from './conditional-actions.js';
import { BEFORE_INFINITIVE, PREPOSITIONS, QUESTION_OPENERS, STOP_WORDS } from './function-words.js';
import { isGerman } from './language.js';
import type { Lexicon, Phrase, Table } from './lexicon.js';
import { wordsOf } from './text.js';
import { misspeltFor } from './typos.js';
import { baseForms, imperativeOf } from './word-forms.js';

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

const SHORTEST_TOOL_WORD_PART = 5;

/** The most words a phrasal verb's object may have between its parts: "put the contractor's invoice pdf on". */
const LONGEST_GAP = 5;

/**
 * Where a phrase occurs among the request's words (given in all their forms) that no other phrase
 * took: the positions of its words, or undefined. A phrasal verb may have other words in its gap.
 */
function phraseAt(forms: readonly string[][], { words, gapAt }: Phrase, used: readonly boolean[]): number[] | undefined {
  const fits = (at: number, word: string) => at < forms.length && !used[at] && forms[at]!.includes(word);
  const gaps = gapAt === undefined ? [0] : Array.from({ length: LONGEST_GAP + 1 }, (_, gap) => gap);
  for (let start = 0; start + words.length <= forms.length; start++) {
    for (const gap of gaps) {
      const at = words.map((_, i) => start + i + (gapAt !== undefined && i >= gapAt ? gap : 0));
      if (words.every((word, i) => fits(at[i]!, word))) return at;
    }
  }
  return undefined;
}

/** Words after the first preposition qualify what the request is about ("invoices of a contract"). */
const QUALIFIER_WEIGHT = 0.7;

interface WordMeanings {
  /** The API's words for the word, space separated; a compound has one meaning per part. */
  meanings: string[];
  /** Neither the vocabulary nor the tools know the word. */
  loose: boolean;
}

interface Context {
  table: Table;
  lexicon: Lexicon;
  isToolWord: (word: string) => boolean;
}

const NOTHING: WordMeanings = { meanings: [], loose: false };

/** A word's forms as search tries them, German imperatives in a German request last ("änder dann die IBAN"). */
const formsIn = (german: boolean, word: string): string[] =>
  german ? [...new Set([...baseForms(word), ...imperativeOf(word)])] : baseForms(word);

/** Whether a word carries meaning at all: grammar words, numbers and single letters do not. */
const isContentWord = (word: string) => !STOP_WORDS.has(word) && word.length >= 2 && !/^\d+$/.test(word);

/** A word the vocabulary knows only as a part of compounds or as one that asks for an action in some requests means nothing by itself. */
const knownWithoutMeaning = (forms: readonly string[], { table, lexicon }: Context) =>
  forms.some(
    (form) => lexicon.wordParts.has(form) || Object.values(table.conditionalActions).some((conditional) => conditional.has(form)),
  );

function meaningsOfWord(word: string, context: Context): WordMeanings {
  const { table, lexicon, isToolWord } = context;
  const german = table === lexicon.german;
  const forms = formsIn(german, word);
  const everyday = forms.find((form) => table.words.has(form));
  if (everyday !== undefined) return { meanings: [table.words.get(everyday)!], loose: false };
  if (!isContentWord(word) || knownWithoutMeaning(forms, context)) return NOTHING;
  const toolWord = forms.find(isToolWord);
  if (toolWord) return { meanings: [toolWord], loose: false };
  // An English word of the tools' is a part of German compounds too: Vertrags-partner, Budget-status.
  // English compounds are made of English words only, all through: German pieces of a name mean
  // nothing ("North-bank"), nor does a word inside a longer one ("replace-ment").
  const knownPart = (part: string) =>
    (german && lexicon.germanWords.has(part)) || (part.length >= SHORTEST_TOOL_WORD_PART && isToolWord(part));
  const parts = german ? compoundParts(word, knownPart) : compoundParts(word, knownPart, 1);
  if (!parts) {
    const meant = misspeltFor(word, table.words);
    return meant ? { meanings: [table.words.get(meant)!], loose: false } : { meanings: [word], loose: true };
  }
  const partMeanings = parts.flatMap((part) => table.words.get(part) ?? (isToolWord(part) ? [part] : []));
  return { meanings: partMeanings, loose: false };
}

/** The first preposition, where the qualifiers start; "to" before a verb is none ("I need to pay"). */
function qualifiersFrom(words: readonly string[], meanings: readonly string[][], used: readonly boolean[]): number {
  const startsVerb = (at: number) =>
    words[at] === 'to' && (BEFORE_INFINITIVE.has(words[at - 1] ?? '') || termsOf(meanings[at + 1] ?? []).some(asksToDo));
  return words.findIndex((word, at) => !used[at] && PREPOSITIONS.has(word) && !startsVerb(at));
}

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
function namePartsOf(request: string): boolean[] {
  const parts: boolean[] = [];
  let nameGoesOn = false;
  for (const match of request.matchAll(/[\p{L}\p{N}]+/gu)) {
    const capitalised = /^\p{Lu}\p{Ll}/u.test(match[0]);
    const opensSentence = /^\s*$|[.!?:;]\s*$/.test(request.slice(0, match.index));
    for (const _ of wordsOf(match[0])) parts.push(capitalised && nameGoesOn);
    nameGoesOn = capitalised && (nameGoesOn || !opensSentence);
  }
  return parts;
}

/** Words that open a verb's object: "push the end date out", "chase our roofer". */
const DETERMINERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'our', 'my', 'its']);

/**
 * An English request that opens with a word nobody knows, before its object, opens with a verb all
 * the same ("Push the end date of the project out …"): where no other word asks for anything, it asks
 * to change something.
 */
function readUnknownVerb(words: readonly string[], meanings: string[][], unknown: ReadonlySet<string>): void {
  const asksAnything = meanings.some((meaning) => termsOf(meaning).some((term) => asksToDo(term) || asksToRead(term)));
  if (!asksAnything && unknown.has(words[0] ?? '') && DETERMINERS.has(words[1] ?? '')) meanings[0] = [REDO];
}

/** Words that deny the action after them: "don't create a new one", "never pay it"; "not" after "do". */
const NEGATIONS: ReadonlySet<string> = new Set(['don', 'dont', 'never']);
const denies = (words: readonly string[], at: number) =>
  NEGATIONS.has(words[at]!) || (words[at] === 'not' && words[at - 1] === 'do');
/** How many words after a negation it denies: "don't create a new one" denies "create" and "new". */
const NEGATED_WORDS = 3;

/** Forms of "be" and "get" after which a participle describes a state: "which projects have been created". */
const PASSIVE: ReadonlySet<string> = new Set(['been', 'was', 'were', 'got', 'gotten', 'being']);

/** The API's words of a word without those that ask to do something. */
const withoutActions = (meaning: readonly string[]) =>
  meaning
    .map((api) =>
      api
        .split(' ')
        .filter((term) => !asksToDo(term))
        .join(' '),
    )
    .filter(Boolean);

/** A participle after "been", "was", "got" says what happened to a thing, not what to do with it. */
function dropPassiveActions(words: readonly string[], meanings: string[][]): void {
  words.forEach((word, at) => {
    if (PASSIVE.has(word) && at + 1 < words.length) meanings[at + 1] = withoutActions(meanings[at + 1]!);
  });
}

/** Takes away the actions a request says not to do; what they act on stays. */
function dropNegatedActions(words: readonly string[], meanings: string[][]): void {
  words.forEach((_, at) => {
    if (!denies(words, at)) return;
    const from = words[at + 1] === 't' ? at + 2 : at + 1;
    for (let next = from; next < Math.min(from + NEGATED_WORDS, words.length); next++) {
      meanings[next] = withoutActions(meanings[next]!);
    }
  });
}

export function understand(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): Understood {
  const words = wordsOf(request);
  const german = isGerman(words, lexicon, isToolWord);
  const context: Context = { table: german ? lexicon.german : lexicon.english, lexicon, isToolWord };
  const forms = words.map(baseForms);
  const used = words.map(() => false);
  /** The API's words for each word of the request; a phrase's at its first word. */
  const meanings: string[][] = words.map(() => []);
  const loose = new Set<string>();
  for (const phrase of context.table.phrases) {
    for (let at = phraseAt(forms, phrase, used); at; at = phraseAt(forms, phrase, used)) {
      at.forEach((position) => (used[position] = true));
      meanings[at[0]!] = [phrase.api];
    }
  }
  const nameParts = german ? [] : namePartsOf(request);
  words.forEach((word, at) => {
    if (used[at] || nameParts[at]) return;
    const understood = meaningsOfWord(word, context);
    meanings[at] = understood.meanings;
    if (understood.loose) loose.add(word);
  });
  const question = QUESTION_OPENERS.has(words[0] ?? '');
  const open = words.map((word, at) => !used[at] && isContentWord(word));
  applyConditionalActions(words, meanings, { german, question, open }, context.table.conditionalActions);
  if (!german) {
    dropNegatedActions(words, meanings);
    dropPassiveActions(words, meanings);
    readRedoing(words, meanings, loose, context.table);
    if (!question) readUnknownVerb(words, meanings, loose);
  }
  const qualifiers = qualifiersFrom(words, meanings, used);
  return {
    meanings: meanings.flatMap((ofWord, at) =>
      ofWord.map((meaning) => {
        const terms = meaning.split(' ');
        // German puts the verb last, after any qualifier: "Rechnung vom Elektriker hochladen" asks to upload.
        const verbLast = german && at === words.length - 1 && terms.some((term) => asksToDo(term) || asksToRead(term));
        return { terms, weight: qualifiers >= 0 && at > qualifiers && !verbLast ? QUALIFIER_WEIGHT : 1 };
      }),
    ),
    loose,
    question,
  };
}

/** Whether a word of `request` asks to read or to act ("find", "post", "raussuchen"), in the request's language. */
export function verbTestFor(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): (word: string) => boolean {
  const german = isGerman(wordsOf(request), lexicon, isToolWord);
  const table = german ? lexicon.german : lexicon.english;
  const asks = (api: string | undefined) =>
    api !== undefined && api.split(' ').some((term) => asksToDo(term) || asksToRead(term));
  // A phrasal verb's first word is a verb too: "look at", "pull up", "take … off".
  const phraseVerbs = new Set(
    table.phrases.filter(({ words, api }) => !STOP_WORDS.has(words[0]!) && asks(api)).map(({ words }) => words[0]!),
  );
  return (word) =>
    formsIn(german, word).some(
      (form) => asks(table.words.get(form)) || table.conditionalActions.inVerbPlace.has(form) || phraseVerbs.has(form),
    );
}
