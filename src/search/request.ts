/**
 * A request in the API's words: everyday and German words replaced by the vocabulary's, German
 * compounds split into their parts and split verbs joined (separable-verbs.ts), and words the
 * tools use themselves kept as they are. Verbs a negation denies (negation.ts) or that tell what
 * happened (states.ts) ask for nothing; quoted names count little.
 */
import { asksFor, asksToDo, asksToRead, withoutActions } from './actions.js';
import { englishNameParts, readEnglishVerbs } from './english-verbs.js';
import { compoundParts } from './compounds.js';
import { applyConditionalActions, termsOf } from './conditional-actions.js';
import { BEFORE_INFINITIVE, PREPOSITIONS, QUESTION_OPENERS, STOP_WORDS } from './function-words.js';
import { isGerman } from './language.js';
import { stepsOf, type IsLookup, type IsVerb } from './steps.js';
import { phrasesStartingWithAny, type Lexicon, type Phrase, type Table } from './lexicon.js';
import { READ_VERBS } from './phrasing.js';
import { firmsNamed, germanNames, namedParties, PARTY } from './named-party.js';
import { CIRCUMSTANCE_WEIGHT, circumstancesOf } from './circumstances.js';
import { dropNegatedActions } from './negation.js';
import { separableVerbsOf } from './separable-verbs.js';
import { dropDescribingActions } from './states.js';
import { requestWordsOf, wordsOf } from './text.js';
import { misspeltFor } from './typos.js';
import { readWhoDidIt } from './who-did-it.js';
import { baseForms, imperativeOf, spokenSpellingsOf, withEndingG, withoutInfinitiveZu } from './word-forms.js';

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

/** The last parts of German street names: "Kavalierstr", "Hauptstraße", "Gartenweg". */
const STREETS: ReadonlySet<string> = new Set('str strasse gasse platz allee weg'.split(' '));

/** The most words a phrasal verb's object may have between its parts: "put the contractor's invoice pdf on". */
const LONGEST_GAP = 8;

/** Each way other words may fill a phrase's gaps, up to LONGEST_GAP in each: how many stand in each. */
function gapFillings(gaps: number): number[][] {
  if (gaps === 0) return [[]];
  return gapFillings(gaps - 1).flatMap((before) => Array.from({ length: LONGEST_GAP + 1 }, (_, filled) => [...before, filled]));
}
const GAP_FILLINGS = new Map<number, number[][]>();
const fillingsOf = (gaps: number) => GAP_FILLINGS.get(gaps) ?? GAP_FILLINGS.set(gaps, gapFillings(gaps)).get(gaps)!;

/**
 * Where a phrase occurs among the request's words (given in all their forms) that no other phrase
 * took: the positions of its words, or undefined. A phrasal verb may have other words in its gaps.
 */
function phraseAt(
  forms: ReadonlyArray<readonly string[]>,
  { words, gapsAt = [] }: Phrase,
  used: readonly boolean[],
  german: boolean,
): number[] | undefined {
  const fits = (at: number, word: string) => at < forms.length && !used[at] && forms[at]!.includes(word);
  const last = words.length - 1;
  // Formal German puts "zu" before a phrase's closing infinitive: "den Vertrag auf Eis zu legen".
  const zuBefore = german && last > 0 && words[last - 1] !== 'zu' && /(?:en|ern|eln)$/.test(words[last]!) ? [0, 1] : [0];
  for (let start = 0; start + words.length <= forms.length; start++) {
    for (const filling of fillingsOf(gapsAt.length)) {
      const at = words.map((_, i) => start + i + gapsAt.reduce((sum, gapAt, gap) => sum + (i >= gapAt ? filling[gap]! : 0), 0));
      for (const zu of zuBefore) {
        if (zu && !fits(at[last]!, 'zu')) continue;
        const placed = zu ? [...at.slice(0, last), at[last]! + 1] : at;
        if (words.every((word, i) => fits(placed[i]!, word))) return zu ? [...at, placed[last]!] : at;
      }
    }
  }
  return undefined;
}

/** Words after the first preposition qualify what the request is about ("invoices of a contract"). */
const QUALIFIER_WEIGHT = 0.7;
/** Words in quotation marks name or give a value ('the "Skonto" tag'): they say little about the tool. */
const QUOTED_WEIGHT = 0.1;

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

/**
 * A word's forms as search tries them: in English an -ing form without its "g" as well ("what's
 * still hangin"); German imperatives in a German request last ("änder dann
 * die IBAN"); opening the request, one with an "e" too ("ändere im CAPEX …"), which elsewhere is
 * more often an adjective ("eine andere"). A German noun, capitalised inside its clause, is no
 * imperative: "Liegenschaft Birsig-Park" says nothing of parking, "die Zahl" nothing of paying.
 */
function formsIn(german: boolean, word: string, opensRequest = false, noun = false): readonly string[] {
  if (!german) {
    const spoken = withEndingG(word);
    return spoken ? [...baseForms(word), ...baseForms(spoken)] : baseForms(word);
  }
  const imperatives = noun
    ? []
    : [word, ...(opensRequest && word.endsWith('e') ? [word.slice(0, -1)] : [])].flatMap(imperativeOf);
  const spoken = [...spokenSpellingsOf(word), withoutInfinitiveZu(word)].flatMap((form) => (form ? baseForms(form) : []));
  return [...new Set([...baseForms(word), ...spoken, ...imperatives])];
}

/** Whether a word carries meaning at all: grammar words, numbers and single letters do not. */
const isContentWord = (word: string) => !STOP_WORDS.has(word) && word.length >= 2 && !/^\d+$/.test(word);

/** A word the vocabulary knows only as a part of compounds or as one that asks for an action in some requests means nothing by itself. */
const knownWithoutMeaning = (forms: readonly string[], { table, lexicon }: Context) =>
  forms.some(
    (form) => lexicon.wordParts.has(form) || Object.values(table.conditionalActions).some((conditional) => conditional.has(form)),
  );

function meaningsOfWord(word: string, context: Context, opensRequest: boolean, named = false, noun = false): WordMeanings {
  const { table, lexicon, isToolWord } = context;
  const german = table === lexicon.german;
  const forms = formsIn(german, word, opensRequest, noun);
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
  // A German compound as dialect typing writes it is one too: "Schlussrechnig", "Akontozahlig".
  const parts = german
    ? [word, ...spokenSpellingsOf(word)].map((form) => compoundParts(form, knownPart)).find((found) => found !== undefined)
    : compoundParts(word, knownPart, 1);
  if (!parts) {
    if (named) return { meanings: [word], loose: true };
    // A misspelt imperative is a misspelt infinitive: "korriegier" is "korrigieren".
    const meant = (german ? [word, ...imperativeOf(word)] : [word])
      .map((form) => misspeltFor(form, table.words))
      .find((known) => known !== undefined);
    return meant ? { meanings: [table.words.get(meant)!], loose: false } : { meanings: [word], loose: true };
  }
  // A street's name says only that it is an address: "Kavalierstr" has no "Aval", "Gartenweg" nothing to remove.
  if (german && STREETS.has(parts.at(-1)!)) return { meanings: [table.words.get('strasse')!], loose: false };
  const partMeaning = (part: string) => (table.wholeWordsOnly.has(part) ? undefined : table.words.get(part));
  const partMeanings = parts.flatMap((part) => partMeaning(part) ?? (isToolWord(part) ? [part] : []));
  return { meanings: partMeanings, loose: false };
}

/** The first preposition, where the qualifiers start; "to" before a verb is none ("I need to pay"). */
function qualifiersFrom(words: readonly string[], meanings: readonly string[][], used: readonly boolean[]): number {
  const startsVerb = (at: number) =>
    words[at] === 'to' && (BEFORE_INFINITIVE.has(words[at - 1] ?? '') || termsOf(meanings[at + 1] ?? []).some(asksToDo));
  return words.findIndex((word, at) => !used[at] && PREPOSITIONS.has(word) && !startsVerb(at));
}

/**
 * Whether any word but those at `except` and unknown ones names a thing: "look up Brennan
 * Scaffolding" names only the firm.
 */
function namesAnythingBut(except: readonly number[], meanings: readonly string[][], isUnknown: (at: number) => boolean): boolean {
  return meanings.some((ofWord, at) => !except.includes(at) && !isUnknown(at) && termsOf(ofWord).some((term) => !asksFor(term)));
}

export function understand(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): Understood {
  const written = requestWordsOf(request);
  const words = written.map(({ word }) => word);
  const german = isGerman(words, lexicon, isToolWord);
  const context: Context = { table: german ? lexicon.german : lexicon.english, lexicon, isToolWord };
  const nouns = written.map(({ capitalised }, at) => capitalised && at > 0 && !written[at - 1]!.endsClause);
  const forms = words.map((word, at) => formsIn(german, word, at === 0, nouns[at]));
  const used = words.map(() => false);
  /** The API's words for each word of the request; a phrase's at its first word. */
  const meanings: string[][] = words.map(() => []);
  const loose = new Set<string>();
  // Only phrases all of whose words the request has are looked for.
  const present = new Set(forms.flat());
  for (const phrase of phrasesStartingWithAny(context.table, present)) {
    if (!phrase.words.every((word) => present.has(word))) continue;
    for (let at = phraseAt(forms, phrase, used, german); at; at = phraseAt(forms, phrase, used, german)) {
      at.forEach((position) => (used[position] = true));
      meanings[at[0]!] = [phrase.api];
    }
  }
  if (german) {
    for (const { verbAt, particleAt, api } of separableVerbsOf(written, context.table, (at) => !used[at])) {
      used[verbAt] = used[particleAt] = true;
      meanings[verbAt] = [api];
    }
  }
  const nameParts = german ? [] : englishNameParts(request);
  const names = german ? germanNames(written) : [];
  words.forEach((word, at) => {
    if (used[at]) return;
    if (nameParts[at]) {
      // A firm's legal form still says what the name is: "Mackay Scaffolds Ltd" is a firm.
      if (context.table.wholeWordsOnly.has(word)) meanings[at] = [context.table.words.get(word)!];
      return;
    }
    if (names[at]) {
      // Only a word as written: "Parkstadt Asset GmbH" is CAPEX's, "Gipser Hauser AG" has no Häuser.
      const known = context.table.words.get(word) ?? (isToolWord(word) ? word : undefined);
      meanings[at] = [known ?? word];
      if (known === undefined) loose.add(word);
      return;
    }
    // A capital inside an English sentence names something ("12 Hanover Square"): no misspelling.
    const named = !german && at > 0 && written[at]!.capitalised;
    const understood = meaningsOfWord(word, context, at === 0, named, nouns[at]);
    meanings[at] = understood.meanings;
    if (understood.loose) loose.add(word);
  });
  if (german) for (const at of namedParties(written, (word) => loose.has(word))) meanings[at]!.push(PARTY);
  const firms = firmsNamed(written, { german, nameParts, trades: context.table.firmTrades, isLoose: (word) => loose.has(word) });
  if (!namesAnythingBut(firms, meanings, (at) => loose.has(words[at]!)))
    for (const at of firms) meanings[at] = [...new Set([...meanings[at]!, PARTY])];
  const question = QUESTION_OPENERS.has(words[0] ?? '');
  const open = words.map((word, at) => !used[at] && isContentWord(word));
  const capitalised = written.map((word) => word.capitalised);
  applyConditionalActions(words, meanings, { german, question, open, taken: used, capitalised }, context.table);
  if (!german) readEnglishVerbs(words, meanings, { unknown: loose, table: context.table, question });
  readWhoDidIt(written, meanings, german);
  dropNegatedActions(written, meanings);
  dropDescribingActions(written, meanings, german);
  const qualifiers = qualifiersFrom(words, meanings, used);
  const circumstance = circumstancesOf(written, german);
  return {
    meanings: meanings.flatMap((ofWord, at) => {
      const { quoted } = written[at]!;
      return (quoted ? withoutActions(ofWord) : ofWord).map((meaning) => {
        const terms = meaning.split(' ');
        // German puts the verb last, after any qualifier: "Rechnung vom Elektriker hochladen" asks to upload.
        const verbLast = german && at === words.length - 1 && terms.some(asksFor);
        const weight = qualifiers >= 0 && at > qualifiers && !verbLast ? QUALIFIER_WEIGHT : 1;
        const inCircumstance = circumstance[at] ? CIRCUMSTANCE_WEIGHT : 1;
        return { terms, weight: (quoted ? weight * QUOTED_WEIGHT : weight) * inCircumstance };
      });
    }),
    loose,
    question,
  };
}

/** Whether the API's words of an entry ask to read or to act. */
const asks = (api: string | undefined) => api !== undefined && api.split(' ').some(asksFor);

/** Whether the API's words of an entry ask to read and for nothing else: "find", "raussuchen". */
const readsOnly = (api: string | undefined) =>
  api !== undefined && api.split(' ').some(asksToRead) && !api.split(' ').some(asksToDo);

const phraseVerbsByTable = new WeakMap<Table, ReadonlyMap<string, boolean>>();

/**
 * The first words of a table's phrasal verbs, verbs too ("look at", "pull up", "take … off"), not
 * the nouns that open a German phrase ("Zahlung leisten"), each with whether all its phrases only
 * read; found once per table.
 */
function phraseVerbsOf(table: Table): ReadonlyMap<string, boolean> {
  let verbs = phraseVerbsByTable.get(table);
  if (!verbs) {
    const found = new Map<string, boolean>();
    for (const { words, api, opensWithNoun } of table.phrases) {
      if (opensWithNoun || STOP_WORDS.has(words[0]!) || !asks(api)) continue;
      found.set(words[0]!, (found.get(words[0]!) ?? true) && readsOnly(api));
    }
    verbs = found;
    phraseVerbsByTable.set(table, verbs);
  }
  return verbs;
}

/** A request's language: whether it is German, the table of its words and the verbs that open its phrases. */
interface Language {
  german: boolean;
  table: Table;
  phraseVerbs: ReadonlyMap<string, boolean>;
}

function languageOf(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): Language {
  const german = isGerman(wordsOf(request), lexicon, isToolWord);
  const table = german ? lexicon.german : lexicon.english;
  return { german, table, phraseVerbs: phraseVerbsOf(table) };
}

/**
 * Whether a word asks to read or to act ("find", "post", "raussuchen"), in the request's
 * language; a word that does so only in a verb's place only there ("Rechnung zahlen", not
 * "Vertragsstand mit Nachträgen und Rechnungen").
 */
function verbTestIn({ german, table, phraseVerbs }: Language): IsVerb {
  return (word, { first, last }) =>
    !(!german && sFormAsksNothing(word)) &&
    formsIn(german, word, first).some(
      (form) =>
        asks(table.words.get(form)) ||
        (table.conditionalActions.inVerbPlace.has(form) && (german ? last : first)) ||
        phraseVerbs.has(form) ||
        READ_VERBS.has(form),
    );
}

/**
 * An English word ending in the "s" of a plural, of he, she and it, or of "is" asks for nothing:
 * "inserts, updates, deletes" name kinds of change, "What's the story with Mourne Civils? How
 * much is still owing …" is one question, not a lookup and then another.
 */
const sFormAsksNothing = (word: string) => /[^su]s$/.test(word) && word.length > 3;

/** Whether a word asks to look something up and for nothing else: "find", "check", "look up", "raussuchen", "suchn". */
function lookupTestIn({ german, table, phraseVerbs }: Language): IsLookup {
  return (word) =>
    formsIn(german, word).some(
      (form) => READ_VERBS.has(form) || readsOnly(table.words.get(form)) || phraseVerbs.get(form) === true,
    );
}

/** The steps of a request, read in its language: "find Schmidt's contracts, then post a payment". */
export function stepsIn(request: string, lexicon: Lexicon, isToolWord: (word: string) => boolean): string[] {
  const language = languageOf(request, lexicon, isToolWord);
  return stepsOf(request, verbTestIn(language), lookupTestIn(language), { english: !language.german });
}
