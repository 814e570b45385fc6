/** The words of a request or a tool text, as search compares them. */

/** Lower case without diacritics: "Nachträge" -> "nachtrage", "Gebäude" -> "gebaude", "Maß" -> "mass". */
export function foldedForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
}

/**
 * A word as written: letters and digits, with the "g'" to which Bavarian and Austrian typing
 * shortens a participle's "ge" ("g'ändert", "g'löscht"), which word-forms.ts reads as gändert,
 * and Yorkshire's "t'" for "the", which wordsOf reads as such.
 */
export const WRITTEN_WORD =
  /(?<![\p{L}\p{N}])[gG]['\u2019](?=\p{L})[\p{L}\p{N}]+|(?<![\p{L}\p{N}])[tT]['\u2019](?=\s)|[\p{L}\p{N}]+/gu;

/**
 * German's "würde…" ("would"), spelled as without umlauts ("wuerde…"): folded as typed it would be
 * the past "wurde…", whose clause tells what was done ("Wurde der Vertrag umgestellt?"), where
 * "Würden Sie den Vertrag umstellen?" asks for it to be done.
 */
const WOULD = /(?<!\p{L})([Ww])ürd(?=e)/gu;

/** Rhenish "wä" ("wä hät dä Zähler jeännert?") is "wer"; folded it would be the "wa" of Berlin's "ham wa" (haben wir). */
const RHENISH_WHO = /(?<!\p{L})([Ww])ä(?!\p{L})/gu;

/**
 * Berlin's "Zähla" is a "Zähler" ("is der neue Zähla schon anjelegt?", "n Unterzähla"); folded it
 * would be the Alemannic "zahla", which is "zahlen".
 */
const BERLIN_METER = /([Zz])ähla(?!\p{L})/gu;

/** Yorkshire's "t'" on its own is "the": "stick it in t' system", "Knock t' label off". */
const YORKSHIRE_THE = /(?<!\p{L})[Tt]['\u2019](?=\s|$)/gu;

/** Folded words, kept in order; "CO2" and "48b" stay whole, "g'ändert" is one word. */
export function wordsOf(text: string): string[] {
  return foldedForSearch(
    text.replace(WOULD, '$1uerd').replace(RHENISH_WHO, '$1er').replace(BERLIN_METER, '$1ähler').replace(YORKSHIRE_THE, 'the'),
  )
    .replace(/(?<![a-z0-9])g['\u2019](?=[a-z])/g, 'g')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Conjunctions that start the next clause, so that the word before them closes one. */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(
  'und oder aber sobald weil wenn damit falls sonst and or but then if'.split(' '),
);

/** Punctuation that ends a clause; not the point of "12.300" nor the comma of "1,35", nor a hyphen in "Dresden-Striesen". */
const CLAUSE_END = /[,;:!?\u2013\u2014]|\.\s|\s-\s/;

/** Abbreviations whose point ends no clause: "von 1,2 Mio. auf 1,35 Mio. € auf", "Nr. 4471", "ca. 20k", "der Fa. Kurpfalz". */
export const ABBREVIATIONS: ReadonlySet<string> = new Set(
  'mio mrd tsd nr ca bzw inkl zzgl exkl ggf evtl approx incl excl no vs fa hr fr dr co'.split(' '),
);

/** Whether what stands between a word and the next ends a clause; not the point of a day ("am 2. April"). */
export function closesClause(word: string, between: string, next: string): boolean {
  if (between === ',' && /\d$/.test(word) && /^\d/.test(next)) return false;
  if (/^\d{1,2}$/.test(word) && /^\.\s/.test(between)) return false;
  return CLAUSE_END.test(ABBREVIATIONS.has(word) ? between.replace(/^\.(?=\s)/, '') : between);
}

/** Quotation marks that open a name or a value, and the marks that may close each. */
const QUOTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [
    ['"', '"\u201d\u201c'],
    ['\u201c', '\u201d"\u201c'],
    // a German quote closed straight, as keyboards that curl only the opening mark type it: „Alsterarkaden"
    ['\u201e', '\u201c"\u201d'],
    ['\u00ab', '\u00bb'],
    ['\u00bb', '\u00ab'],
    ["'", "'\u2019"],
    ['\u2018', "\u2019'"],
  ].map(([opening, closings]) => [opening!, new Set(closings)]),
);

/** Marks that are apostrophes inside a word ("Schmidt's", "don't"), quotes only at a word's edge. */
const APOSTROPHES = new Set(["'", '\u2019']);
const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/** A word of a request as wordsOf gives it, with how it was written and where it stands. */
export interface RequestWord {
  word: string;
  /** A clause ends after it: punctuation, or a conjunction next. */
  endsClause: boolean;
  /** Written with a capital: a German noun, unless it opens a sentence. */
  capitalised: boolean;
  /** In quotation marks: a name or a value ('the "Skonto prüfen" tag', 'Zusatzfeld "Vergabeart"'). */
  quoted: boolean;
}

/** A request's words, numbered as wordsOf numbers them, read in one pass over what was typed. */
export function requestWordsOf(request: string): RequestWord[] {
  const tokens = [...request.matchAll(WRITTEN_WORD)];
  let closing: ReadonlySet<string> | undefined;
  /** Follows the quotation marks between `from` and `to`: which one is open, if any. */
  const readMarks = (from: number, to: number) => {
    for (let at = from; at < to; at++) {
      const mark = request[at]!;
      const apostrophe = APOSTROPHES.has(mark);
      if (closing !== undefined && closing.has(mark) && !(apostrophe && isWordCharacter(request[at + 1]))) closing = undefined;
      else if (closing === undefined && QUOTES.has(mark) && !(apostrophe && isWordCharacter(request[at - 1])))
        closing = QUOTES.get(mark);
    }
  };
  return tokens.flatMap((token, at) => {
    const previous = tokens[at - 1];
    readMarks(previous ? previous.index + previous[0].length : 0, token.index);
    const next = tokens[at + 1];
    const between = request.slice(token.index + token[0].length, next?.index ?? request.length);
    const words = wordsOf(token[0]);
    // A name in quotation marks ends no clause: 'in „Hafenkante Bauabschnitt 2 – Wohnen“ um'.
    const open = closing;
    const inQuote = open !== undefined && ![...between].some((mark) => open.has(mark));
    const closes =
      !next ||
      (!inQuote &&
        (closesClause(words[words.length - 1] ?? '', between, next[0]) || CONJUNCTIONS.has(wordsOf(next[0])[0] ?? '')));
    return words.map((word, index) => ({
      word,
      endsClause: index === words.length - 1 && closes,
      capitalised: /^\p{Lu}/u.test(token[0]),
      quoted: closing !== undefined,
    }));
  });
}
