/**
 * Requests of several steps: "find Schmidt's contracts, then post a payment", "zuerst die Zähler
 * raussuchen, danach die Stände erfassen". Each step is searched on its own, in the order given,
 * so that the lookup a later action needs is not drowned by that action's words.
 */
import {
  GERMAN_AUXILIARIES,
  GERMAN_QUESTION_VERBS,
  GERMAN_QUESTION_WORDS,
  POLITE_WORDS,
  PREPOSITIONS,
} from './function-words.js';
import { ABBREVIATIONS, closesClause, wordsOf, WRITTEN_WORD } from './text.js';
import { grammarWordOf, isDuForm, SEPARABLE_PARTICLES } from './word-forms.js';

/** Words that start the next step (folded: "anschließend" is "anschliessend"). */
const NEXT_STEP: ReadonlyArray<readonly string[]> = [
  'and then',
  'and after that',
  'and afterwards',
  'after that',
  'afterwards',
  'and thereafter',
  'thereafter',
  'then',
  'und dann',
  'und danach',
  'und anschliessend',
  'dann',
  'danach',
  'anschliessend',
  'und nachher',
  'nachher',
  // Bernese "dann" and "nachher": "zersch d Projekt aaluege, und när de Name ändere"
  'und nar',
  'nar',
  'nachar',
  'im anschluss',
  'hinterher',
  // The step to take when the lookup finds nothing: "check whether they are on the system, otherwise add them".
  'otherwise',
  'if not',
  // … or finds what was asked for: "check it is approved and if so pay it"
  'and if so',
  'if so',
  'if yes',
  'und falls ja',
  'und wenn ja',
  'falls ja',
  'wenn ja',
  'sonst',
  'andernfalls',
  'falls nicht',
  'falls nich',
  'falls ned',
  'wenn nich',
  'wenn nicht',
  'wenn ned',
  // the dialects' "nicht": "wenn net leg se a", "falls nid, erfass en"
  'wenn net',
  'falls net',
  'wenn nit',
  'falls nit',
  'wenn nid',
  'falls nid',
  'wenn nod',
  'falls nod',
  'wenn nud',
  'falls nud',
  // Bavarian "falls": "ob's scho drin is – fois ned, lad des pdf hoch"
  'fois ned',
  'fois net',
  'fois ja',
  'sodann',
  'und sodann',
  // Swiss "sonst" and "wenn nicht": "süsch eini aalege", "wänn ned: bitte aalege"
  'susch',
  'suscht',
  'sunscht',
  'sonscht',
  'wann ned',
  'wann nid',
  'wann nod',
  'wann nud',
  'wann net',
  // Bernese "we" for "wenn": "öb's … scho im System het; we nid, leget ne aa"
  'we nid',
  'we ned',
  'we nod',
  'we nit',
  'we nud',
]
  .map((phrase) => phrase.split(' '))
  .sort((a, b) => b.length - a.length);

/** "zuerst" as Swiss, Alemannic and Low German typing write it. */
const DIALECT_FIRST = ['zerscht', 'zersch', 'zerst', 'zuerscht', 'erscht', 'eerst'];

/** A request's first step often starts by saying so; that says nothing about the tool. */
const FIRST_STEP = new Set(['first', 'firstly', 'zuerst', 'erst', 'erstmal', 'zunachst', 'vorher', 'vorab', ...DIALECT_FIRST]);

/** Words that join two steps when a verb stands on the right side (English) or on the left (German); typed short too. */
const JOINS = new Set(['and', 'und', 'n', 'un', '&']);

/** Words after which the next step stands when a verb follows: "check they exist before creating them". */
const BEFORE = new Set(['before', 'b4']);
/** Who acts after "before": "check what is owed before you record the wire". */
const BEFORE_SUBJECTS = new Set(['you', 'u', 'we', 'i']);

/**
 * Punctuation that ends a sentence, and with it a step, and arrows that lead to the next
 * ("find the contract -> add the invoice"); not a full stop, which ends "Nr." and "3." too.
 */
const SENTENCE_END = /[;!?\u2192]|->|=>/;

/** Where a word stands in its step: first (an English verb's place) or last of its clause (a German one's). */
export interface Place {
  first: boolean;
  last: boolean;
}

/** Whether a (folded) word, where it stands, asks to read or to act: "find", "post", "raussuchen", "buchen". */
export type IsVerb = (word: string, place: Place) => boolean;

/** Whether a (folded) word asks to look something up and for nothing else: "find", "check", "raussuchen". */
export type IsLookup = (word: string) => boolean;

interface Token {
  word: string;
  start: number;
  end: number;
}

/** A step's tokens: words as written, and "&", which joins steps. */
const STEP_TOKEN = new RegExp(`${WRITTEN_WORD.source}|&`, 'gu');

/**
 * A word, as typed, that English's article "an" never stands before, so that an "an" before it is
 * chat's "and": one starting with a consonant but "h" ("an hour"), lower case ("an MOT", "an SPV"),
 * and "if", "it", "is", "I" ("an IT system" keeps its article): "find the invoice an take the tag
 * off", "… the auld wans, an if they are change them".
 */
const AFTER_AND_TYPED_AN = /^(?:[bcdfgjklmnpqrstvwxz]|(?:if|it|is|I)$)/;

function tokensOf(request: string, english: boolean): Token[] {
  const matches = [...request.matchAll(STEP_TOKEN)];
  return matches.map((match, at) => {
    const word = match[0] === '&' ? '&' : wordsOf(match[0]).join('');
    const typedAnd = english && word === 'an' && AFTER_AND_TYPED_AN.test(matches[at + 1]?.[0] ?? '');
    return { word: typedAnd ? 'and' : word, start: match.index, end: match.index + match[0].length };
  });
}

/**
 * Swiss and Low German "dann": "Lueg zersch, was no offe isch, und denn zahl de Rescht". Standard
 * German's "denn" is "because", so it starts a step only right after "and" or its verb ("und buech
 * denn …"), or once a first step was announced ("zerscht … aaluege, denn … zuordne").
 */
const DIALECT_THEN = 'denn';

/** The length of the next-step phrase that starts at `at`, or 0. */
function nextStepAt(tokens: readonly Token[], at: number): number {
  const phrase = NEXT_STEP.find((words) => words.every((word, i) => tokens[at + i]?.word === word));
  if (phrase) return phrase.length;
  const afterJoin = (back: number) => at >= back && JOINS.has(tokens[at - back]!.word);
  if (tokens[at]?.word === DIALECT_THEN && (afterJoin(2) || tokens.slice(0, at).some(({ word }) => DIALECT_FIRST.includes(word))))
    return 1;
  return JOINS.has(tokens[at]?.word ?? '') && tokens[at + 1]?.word === DIALECT_THEN ? 2 : 0;
}

/** Punctuation that ends a clause: a "dann" after it starts the next step where it stands. */
const CLAUSE_END = /[,;:!?]/;

/**
 * Where the step a next-step word starts begins: where the word stands, or, for a word inside a
 * clause that an "and"/"und" opened ("… und änder dann die IBAN"), at that "und".
 */
function stepStart(request: string, tokens: readonly Token[], piece: readonly Token[], at: number): number {
  const opensClause = at === 0 || CLAUSE_END.test(request.slice(tokens[at - 1]!.end, tokens[at]!.start));
  if (opensClause) return piece.length;
  const join = piece.findLastIndex((token) => JOINS.has(token.word));
  return join > 0 ? join : piece.length;
}

/**
 * Words that open a condition, after which the step it governs follows: "… and, if they're all
 * complete, mark …", "… and once you have it, change …", "…, und falls noch was offen ist, zahl …",
 * "…. Should nobody have processed it yet, set …".
 */
const ENGLISH_CONDITIONS = new Set(['if', 'once', 'should']);
const CONDITIONS = new Set([...ENGLISH_CONDITIONS, 'falls', 'wenn', 'sofern', 'sobald', 'sollte']);

/**
 * A condition that opens a next step: after "and", a comma, a semicolon, a dash or a full stop, not first
 * ("check if they exist").
 * Its length in words, left out of the step: to the comma that closes it within its sentence
 * ("and, if it's approved, pay what's left"), or else to the verb that follows it: after "and" in
 * either language ("and if they're not on the system add them"), elsewhere in English only ("look up
 * inv 44190, if it's approved go ahead and pay"). "If so", "if not" and the like are next-step phrases.
 */
function conditionAt(request: string, tokens: readonly Token[], at: number, isVerb: IsVerb): number {
  if (at === 0 || !CONDITIONS.has(tokens[at]!.word) || nextStepAt(tokens, at)) return 0;
  const gapAfter = (i: number) => request.slice(tokens[i]!.end, tokens[i + 1]?.start ?? request.length);
  const afterAnd = JOINS.has(tokens[at - 1]!.word);
  if (!afterAnd && !/[,;.\u2013\u2014]|\s-\s/.test(gapAfter(at - 1))) return 0;
  let verb = 0;
  for (let i = at + 1; i < tokens.length - 1 && !nextStepAt(tokens, i); i++) {
    if (gapAfter(i).includes(',') && closesClause(tokens[i]!.word, gapAfter(i), tokens[i + 1]?.word ?? '')) return i - at + 1;
    if (/[.;!?]/.test(gapAfter(i))) break;
    if (!verb && i > at + 1 && isVerb(tokens[i]!.word, { first: true, last: false })) verb = i;
  }
  // Not after "and", only an English condition: a German one closes with its verb and a comma.
  if (verb && (afterAnd || ENGLISH_CONDITIONS.has(tokens[at]!.word))) return verb - at;
  return afterAnd ? 1 : 0;
}

/** The request cut where a next-step phrase or the end of a sentence stands, those phrases (and the "und" before a "dann") left out. */
function piecesOf(request: string, tokens: readonly Token[], isVerb: IsVerb, isLookup: IsLookup): Token[][] {
  const pieces: Token[][] = [[]];
  /**
   * A full stop ends a lookup's sentence, its verb first or last: "Look up MacLeod Joinery. They've
   * moved banks, swap the IBAN.", "D Massnahme sueche. Drunder en Vertrag aalege.", "Bitte prüfen
   * Sie, ob … existiert. Sollte dies nicht der Fall sein, legen Sie es an.", and a sentence that
   * says it comes first: "Ich benötige zunächst die offenen Rechnungen. Sofern …, bitte …".
   */
  const endsLookup = (at: number) => {
    if (ABBREVIATIONS.has(tokens[at - 1]!.word)) return false;
    const piece = pieces.at(-1)!;
    const opening = piece.find((token) => !FIRST_STEP.has(token.word) && !POLITE_WORDS.has(token.word));
    const saysFirst = piece.some((token) => FIRST_STEP.has(token.word));
    const looksUp = !!opening && (saysFirst || isLookup(opening.word) || isLookup(piece.at(-1)!.word));
    const gap = request.slice(tokens[at - 1]!.end, tokens[at]!.start);
    return looksUp && /^\.\s+["'\u201e\u201c\u00ab\u201a]?$/.test(gap) && /^\p{Lu}/u.test(request.slice(tokens[at]!.start));
  };
  for (let at = 0; at < tokens.length;) {
    const condition = conditionAt(request, tokens, at, isVerb);
    if (condition) {
      const piece = pieces.at(-1)!;
      if (JOINS.has(piece.at(-1)?.word ?? '')) piece.pop();
      pieces.push([]);
      at += condition;
      continue;
    }
    const phrase = nextStepAt(tokens, at);
    const afterSentence = at > 0 && (SENTENCE_END.test(request.slice(tokens[at - 1]!.end, tokens[at]!.start)) || endsLookup(at));
    // A phrase that closes the request starts nothing: "… change it if not".
    if (phrase && at + phrase >= tokens.length) break;
    if (phrase) {
      const piece = pieces.at(-1)!;
      const start = stepStart(request, tokens, piece, at);
      pieces.push(piece.splice(start).slice(1));
      at += phrase;
      continue;
    }
    if (afterSentence) pieces.push([]);
    pieces.at(-1)!.push(tokens[at]!);
    at += 1;
  }
  return pieces.filter((piece) => piece.length > 0);
}

/** Lookups done, as English says them without "-ed": "Once you've found the project, …". */
const FOUND = new Set(['found', 'got', 'gotten', 'seen']);

/** Words that open a first clause saying the step that comes before the rest: "Once you have the contract, …". */
const AFTER = new Set(['once', 'after', 'nachdem', 'sobald']);

/**
 * A first clause that makes the rest depend on something not being there yet is a check of its
 * own: "Sofern im Projekt noch keine Vergabeeinheit „Freianlagen“ existiert, legen Sie diese an",
 * "If Acme isn't on the system yet, add them", "Wänn d Verwaltig no ned als Kontakt drin isch, bitte
 * erfasse". Without "yet" it may be politeness: "Sofern es keine Umstände macht, …".
 */
const IF = new Set(['if', 'falls', 'wenn', 'sofern', 'wann']);
/** Negations and "yet", dialect spellings read as the grammar words they stand for ("no ned", "scho"). */
const NOT = new Set(['not', 't', 'no', 'nicht', 'kein', 'keine', 'keinen', 'kei', 'keini']);
const YET = new Set(['yet', 'already', 'noch', 'schon']);
const asksWhetherThereYet = (clause: readonly Token[]) =>
  clause.some(({ word }) => NOT.has(word) || NOT.has(grammarWordOf(word))) &&
  clause.some(({ word }) => YET.has(grammarWordOf(word)));

/**
 * A request that opens with "before …," says its later step first: that clause goes after the
 * clause that follows it ("Before you pay Alpine, check what is still open" checks, then pays).
 * Not yet German "bevor": its check alone ("ob die Rechnung freigegeben ist") finds the invoice
 * list rather than the invoice's status, and the split lost more than it gained. One that opens
 * with "once …," or "after …," says its first step first ("After pulling up the meters, record …")
 * when that clause has a verb: "After the payment on 3 May, what is left?" is one step. One that
 * opens with "if …," checks first when it asks whether something is not there yet.
 */
function withOpeningClauseApart(request: string, pieces: readonly Token[][], isVerb: IsVerb): Token[][] {
  const [first, ...rest] = pieces;
  const opening = first?.[0]!.word ?? '';
  if (!first || !(BEFORE.has(opening) || AFTER.has(opening) || IF.has(opening))) return [...pieces];
  const end = first.findIndex(
    (token, at) => at < first.length - 1 && CLAUSE_END.test(request.slice(token.end, first[at + 1]!.start)),
  );
  if (end < 1) return [...pieces];
  const clause = first.slice(1, end + 1);
  const following = first.slice(end + 1);
  if (BEFORE.has(opening)) return [following, clause, ...rest];
  if (IF.has(opening)) return asksWhetherThereYet(clause) ? [clause, following, ...rest] : [...pieces];
  const doneFirst = clause.some(({ word }) => isVerb(word, { first: true, last: true }) || FOUND.has(word));
  return doneFirst ? [clause, following, ...rest] : [...pieces];
}

/** English verbs that name no action but start a step after "and": "… and get rid of the duplicate", "and let the contract to …". */
const LIGHT_VERBS = new Set(['get', 'let']);

/** German "und", typed short too, after which the verb of the next step stands last: "… raussuchen un die BGF setzen". */
const GERMAN_JOINS = new Set(['und', 'un']);

/** German words that open a question after "und": "…, und wie viel ist bezahlt", "…, und ist sie freigegeben". */
const QUESTION_WORDS = new Set([...GERMAN_QUESTION_WORDS, 'ob', ...GERMAN_QUESTION_VERBS]);

/** Who, asked after "und", with its preposition or without: "…, und von wem?", "und wer war das?". */
const WHO = new Set(['wer', 'wem', 'wen', 'wea']);
const asksWhoAt = (words: readonly string[], at: number) =>
  WHO.has(words[at] ?? '') || (PREPOSITIONS.has(words[at] ?? '') && WHO.has(words[at + 1] ?? ''));

/**
 * A piece split at "and"/"und" where a verb follows it (English) or precedes it (German), and a verb
 * stands before. A word stands first after an "and", and last before a comma, a sentence's full stop
 * or the piece's end, or before an "und" when a verb ends the clause that follows it: "den Auftrag
 * vergeben und die Rechnung ablegen" are two clauses, "Vertragsstand mit allem Vergebenen und
 * Rechnungen" is one. After a comma, an "und" whose clause ends with a verb starts a step too:
 * "Check mal alle Verträge von Bilfinger, und den alten auf beendet setzen". A separable verb is a
 * verb on either side: "Suchen Sie das Projekt heraus und verschieben Sie …", "Guck, welche
 * Rechnungen noch offen sind, und ordne die von Lüders dem Vertrag W-22 zu".
 */
function splitAtJoins(request: string, piece: readonly Token[], isVerb: IsVerb, isLookup: IsLookup): Token[][] {
  const words = piece.map((token) => token.word);
  const end = words.length - 1;
  const gapAfter = (at: number) => request.slice(piece[at]!.end, piece[at + 1]!.start);
  const endsClause = (at: number) => at === end || closesClause(words[at]!, gapAfter(at), words[at + 1]!);
  /** The last word of the clause that `at` stands in. */
  const clauseEnd = (at: number) => {
    while (!endsClause(at)) at += 1;
    return at;
  };
  const endsWithVerb = (at: number) => isVerb(words[clauseEnd(at)]!, { first: false, last: true });
  /** Whether a subject stands at `at` right after "before": "… before you record …". */
  const subjectAfterBefore = (at: number) => BEFORE_SUBJECTS.has(words[at] ?? '') && BEFORE.has(words[at - 1] ?? '');
  const placeOf = (at: number): Place => ({
    first: at === 0 || JOINS.has(words[at - 1]!) || BEFORE.has(words[at - 1]!) || subjectAfterBefore(at - 1),
    last: endsClause(at) || (JOINS.has(words[at + 1] ?? '') && endsWithVerb(at + 1)),
  });
  const verbAt = (at: number) => isVerb(words[at]!, placeOf(at));
  /** The first word of the clause that ends at `at`. */
  const clauseStart = (at: number) => {
    while (at > 0 && !endsClause(at - 1)) at -= 1;
    return at;
  };
  /** Whether a separable verb's particle and the verb that opens its clause ask to read or act: "Suchen Sie … heraus". */
  const separableVerb = (verb: string | undefined, particle: string) =>
    verb !== undefined && SEPARABLE_PARTICLES.has(particle) && isVerb(particle + verb, { first: false, last: true });
  /** The particle that closes the clause ending at `at`, its verb opening the clause: "Suchen Sie bitte das Projekt heraus". */
  const closesSeparableVerb = (at: number) =>
    separableVerb(
      words.slice(clauseStart(at), at).find((word) => !POLITE_WORDS.has(word)),
      words[at]!,
    );
  /** The verb that opens the clause starting at `at`, its particle closing it: "… und ordne die Rechnung dem Vertrag zu". */
  const opensSeparableVerb = (at: number) => separableVerb(words[at], words[clauseEnd(at)]!);
  /**
   * Whether the clause from `at` on tells "du" to do something, the verb second as often as last:
   * "…, un den fürs Bad setzsch uf abgschlosse", "…, un an de NT-05 hängsch s'Aufmaß dra".
   */
  const ordersDu = (at: number) =>
    words.slice(at, clauseEnd(at) + 1).some((word) => isDuForm(word) && isVerb(word, { first: false, last: false }));
  /**
   * After a comma, an "und" between two clauses with a verb each, the second ending with it (or
   * telling "du" what to do) and asking nothing: not "…, und ist die SPV schon angelegt?", "…, und
   * wie viel ist bezahlt", nor a list of fields "bitte Rechnungsnummer 1187, Betrag 9.420, und
   * Rechnungsdatum eintragen".
   */
  const actsAfterComma = (at: number) => {
    const before = clauseStart(at - 1);
    return (
      /,/.test(gapAfter(at - 1)) &&
      words.slice(before, at).some((_, offset) => verbAt(before + offset)) &&
      !QUESTION_WORDS.has(words[at + 1]!) &&
      (endsWithVerb(at + 1) || ordersDu(at + 1)) &&
      !/^\s*\?/.test(request.slice(piece[clauseEnd(at + 1)]!.end))
    );
  };
  /**
   * Whether the "und" at `at` joins two statements of what happened, each with its auxiliary: "die
   * Rechnung ist geprüft und wurde heute angewiesen" reports, and asks for nothing yet.
   */
  const joinsStatements = (at: number) =>
    GERMAN_AUXILIARIES.has(grammarWordOf(words[at + 1]!)) &&
    words.slice(clauseStart(at - 1), at).some((word) => GERMAN_AUXILIARIES.has(grammarWordOf(word)));
  /** Whether only lookups stand before `at`, and one after it: "look up Sue Pickering an see if …" looks up once. */
  const lookupsOnBothSides = (at: number) =>
    isLookup(words[at + 1]!) && words.slice(0, at).every((word, before) => !verbAt(before) || isLookup(word));
  const at = words.findIndex(
    (word, index) =>
      (JOINS.has(word) || BEFORE.has(word)) &&
      index > 0 &&
      index < words.length - 1 &&
      words.slice(0, index).some((_, before) => verbAt(before)) &&
      !lookupsOnBothSides(index) &&
      !(GERMAN_JOINS.has(word) && (joinsStatements(index) || asksWhoAt(words, index + 1))) &&
      (verbAt(index + 1) ||
        (subjectAfterBefore(index + 1) && verbAt(index + 2)) ||
        (word === 'and' && LIGHT_VERBS.has(words[index + 1]!)) ||
        (GERMAN_JOINS.has(word) &&
          (verbAt(index - 1) || closesSeparableVerb(index - 1) || opensSeparableVerb(index + 1) || actsAfterComma(index)))),
  );
  if (at < 0) return [[...piece]];
  return [piece.slice(0, at), ...splitAtJoins(request, piece.slice(at + 1), isVerb, isLookup)];
}

/** A comma, after a closing quotation mark too: "find vendor 'Great Lakes Glazing', update …". */
const COMMA_AFTER_LOOKUP = /^["'\u2019\u201c\u201d\u00ab\u00bb]?\s*,\s*$/;

/** What an English lookup finds when it names nothing itself: "find it", "pull them up". */
const LOOKED_UP_PRONOUNS = new Set(['it', 'them']);

/** Words that make a lookup's clause an indirect question: "guck ma, welche Rechnungen noch neu sind". */
const ASKED_AFTER_LOOKUP = new Set('welche welcher welches welchen was wos wat ob wer which what whether'.split(' '));

/**
 * A piece split at the first comma after a lookup, where a verb opens or closes both clauses:
 * "Find the Invermay property, fix the address", "Den Vertrag mit Fliesen Pietsch suchen, die
 * Verlängerung als PDF dranhängen". After a verb that acts, or before a clause without a verb,
 * a comma starts no step: "Pay invoice 12 from Ace, the one from March", "show the invoices of
 * Ace, oldest first". A lookup that asks which or whether ends at the last comma when a verb
 * closes the piece: "guck ma welche Rechnungen noch neu sind, bei der vom März die Nummer ändern".
 */
function splitAfterLookup(request: string, piece: readonly Token[], isVerb: IsVerb, isLookup: IsLookup): Token[][] {
  const opensWithLookup = isLookup(piece[0]!.word);
  const endsWithVerb = isVerb(piece.at(-1)!.word, { first: false, last: true });
  const afterComma = (index: number) =>
    index > 1 && COMMA_AFTER_LOOKUP.test(request.slice(piece[index - 1]!.end, piece[index]!.start));
  /** A lookup of what was named before it closes the clause: "Hennepin Masonry contract — find it, set …". */
  const looksUpNamed = (index: number) =>
    index > 2 && LOOKED_UP_PRONOUNS.has(piece[index - 1]!.word) && isLookup(piece[index - 2]!.word);
  let at = piece.findIndex(
    (token, index) =>
      afterComma(index) &&
      ((opensWithLookup && isVerb(token.word, { first: true, last: false })) ||
        (looksUpNamed(index) && isVerb(token.word, { first: true, last: false })) ||
        (endsWithVerb && isLookup(piece[index - 1]!.word))),
  );
  if (at < 0 && opensWithLookup && endsWithVerb && piece.slice(1, 4).some(({ word }) => ASKED_AFTER_LOOKUP.has(word)))
    at = piece.findLastIndex((_, index) => afterComma(index));
  return at < 0 ? [[...piece]] : [piece.slice(0, at), piece.slice(at)];
}

/** Only a sentence's end stands between two pieces, no word that starts a next step. */
const SENTENCE_BREAK = /^[\s;!?.]+$/;
/** Only a statement's end stands between two pieces, not a question's. */
const STATEMENT_BREAK = /^[\s;.]+$/;

/**
 * Pieces without a verb joined to the step they say more about: a sentence to the step before it
 * ("… oder is die schon drin? projekt pieschen"), a first statement to the step after it
 * ("KP-3390 is already in the system; attach …").
 */
function withVerblessJoined(request: string, pieces: readonly Token[][], isVerb: IsVerb): Token[][] {
  const hasVerb = (piece: readonly Token[]) =>
    piece.some(({ word }, at) => isVerb(word, { first: at === 0, last: at === piece.length - 1 }));
  const between = (before: readonly Token[], after: readonly Token[]) => request.slice(before.at(-1)!.end, after[0]!.start);
  const joined: Token[][] = [];
  for (const piece of pieces) {
    const before = joined.at(-1);
    if (before && SENTENCE_BREAK.test(between(before, piece)) && !hasVerb(piece)) joined.push([...joined.pop()!, ...piece]);
    else joined.push(piece);
  }
  const [first, second] = joined;
  if (first && second && !hasVerb(first) && STATEMENT_BREAK.test(between(first, second)))
    joined.splice(0, 2, [...first, ...second]);
  return joined;
}

/** Words that soften a lookup and say nothing of it: "schau mal", "guck mol", "check first". */
const SOFTENERS = new Set(['mal', 'mol', 'ma', 'emol', 'amol', 'just', 'quickly', 'quick']);

/**
 * A piece that is a lookup's verb and nothing it looks up ("Check first, ob's den Tag … gibt")
 * is the opening of the piece after it.
 */
function withBareLookupJoined(pieces: readonly Token[][], isLookup: IsLookup): Token[][] {
  const bare = (piece: readonly Token[]) =>
    piece.every(({ word }) => isLookup(word) || FIRST_STEP.has(word) || POLITE_WORDS.has(word) || SOFTENERS.has(word));
  const joined: Token[][] = [];
  for (const piece of pieces) {
    const before = joined.at(-1);
    if (before && bare(before)) joined.splice(-1, 1, [...before, ...piece]);
    else joined.push([...piece]);
  }
  return joined;
}

/**
 * The steps of a request in order, each as the request words it (without "first", "then" and
 * the like); a request of one step gives one. In English, chat's "an" may be "and".
 */
export function stepsOf(request: string, isVerb: IsVerb, isLookup: IsLookup, { english }: { english: boolean }): string[] {
  const pieces = withOpeningClauseApart(request, piecesOf(request, tokensOf(request, english), isVerb, isLookup), isVerb)
    .flatMap((piece) => splitAtJoins(request, piece, isVerb, isLookup))
    .flatMap((piece, at) => (at === 0 ? splitAfterLookup(request, piece, isVerb, isLookup) : [piece]))
    .map((piece) => (FIRST_STEP.has(piece[0]!.word) ? piece.slice(1) : piece))
    .filter((piece) => piece.length > 0);
  const steps = withVerblessJoined(request, withBareLookupJoined(pieces, isLookup), isVerb);
  if (steps.length < 2) return [request];
  return steps.map((piece) => request.slice(piece[0]!.start, piece.at(-1)!.end));
}
