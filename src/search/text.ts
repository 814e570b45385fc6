/** The words of a request or a tool text, as search compares them. */

/** Lower case without diacritics: "Nachträge" -> "nachtrage", "Gebäude" -> "gebaude", "Maß" -> "mass". */
export function foldedForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();
}

/** Folded words, kept in order; "CO2" and "48b" stay whole. */
export function wordsOf(text: string): string[] {
  return foldedForSearch(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Conjunctions that start the next clause, so that the word before them closes one. */
export const CONJUNCTIONS: ReadonlySet<string> = new Set(
  'und oder aber sobald weil wenn damit falls sonst and or but then if'.split(' '),
);

/** Punctuation that ends a clause; not the point of "12.300", nor a hyphen in "Dresden-Striesen". */
const CLAUSE_END = /[,;:!?\u2013\u2014]|\.\s|\s-\s/;

/** A request's words as wordsOf gives them, each with whether a clause ends after it. */
export function wordsInClauses(request: string): Array<{ word: string; endsClause: boolean }> {
  const tokens = [...request.matchAll(/[\p{L}\p{N}]+/gu)];
  return tokens.flatMap((token, at) => {
    const next = tokens[at + 1];
    const between = request.slice(token.index + token[0].length, next?.index ?? request.length);
    const words = wordsOf(token[0]);
    const closes = !next || CLAUSE_END.test(between) || CONJUNCTIONS.has(wordsOf(next[0])[0] ?? '');
    return words.map((word, index) => ({ word, endsClause: index === words.length - 1 && closes }));
  });
}

/** Quotation marks that open a name or a value, and the mark that closes each. */
const QUOTES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\u201c', '\u201d'],
  ['\u201e', '\u201c'],
  ['\u00ab', '\u00bb'],
  ['\u00bb', '\u00ab'],
  ["'", "'"],
  ['\u2018', '\u2019'],
]);

/** Marks that are apostrophes inside a word ("Schmidt's", "don't"), quotes only at a word's edge. */
const APOSTROPHES = new Set(["'", '\u2019']);
const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/**
 * For each word of a request (as wordsOf numbers them), whether it stands in quotation marks: a
 * name or a value ('the "Skonto prüfen" tag', 'Zusatzfeld "Vergabeart"').
 */
export function quotedWords(request: string): boolean[] {
  const quoted: boolean[] = [];
  let closing: string | undefined;
  let from = 0;
  const readMarks = (to: number) => {
    for (let at = from; at < to; at++) {
      const mark = request[at]!;
      const apostrophe = APOSTROPHES.has(mark);
      if (closing !== undefined && mark === closing && !(apostrophe && isWordCharacter(request[at + 1]))) closing = undefined;
      else if (closing === undefined && QUOTES.has(mark) && !(apostrophe && isWordCharacter(request[at - 1])))
        closing = QUOTES.get(mark);
    }
  };
  for (const match of request.matchAll(/[\p{L}\p{N}]+/gu)) {
    readMarks(match.index);
    for (const _ of wordsOf(match[0])) quoted.push(closing !== undefined);
    from = match.index + match[0].length;
  }
  return quoted;
}

/** For each word of a request (as wordsOf numbers them), whether it was written with a capital: a German noun. */
export function capitalisedWords(request: string): boolean[] {
  return [...request.matchAll(/[\p{L}\p{N}]+/gu)].flatMap((token) => wordsOf(token[0]).map(() => /^\p{Lu}/u.test(token[0])));
}
