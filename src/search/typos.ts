/**
 * Misspelt words ("retension", "invocie"): a word the vocabulary does not know, one letter off a
 * word it does (added, dropped, changed or two swapped), stands for that word. Only words with the
 * same first letter are compared: people rarely miss the first, and a request's names would
 * otherwise each be held against the whole vocabulary. Two letters off found other words more
 * often than misspellings ("Zahlungsstand" is no "Zahlungsstau", "particularly" no "particulars").
 */

/** Letters a word needs before one may be off: shorter words are too often other words. */
const ONE_OFF_FROM = 7;
/** At most one letter off. */
const MOST_EDITS = 1;

/** The edits (Damerau's: swaps count one) between a and b, or more than `most` once that is certain. */
function editsBetween(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous: number[] = [];
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous[j - 2]! + 1);
      next.push(value);
      best = Math.min(best, value);
    }
    if (best > most) return most + 1;
    previous = row;
    row = next;
  }
  return row[b.length]!;
}

/** The vocabulary's words by first letter and length: "i7" holds "invoice". */
const indexes = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

const keyOf = (first: string, length: number) => `${first}${length}`;

function indexOf(words: ReadonlyMap<string, string>): Map<string, string[]> {
  let index = indexes.get(words);
  if (!index) {
    index = new Map();
    for (const word of words.keys()) {
      const key = keyOf(word[0]!, word.length);
      index.set(key, [...(index.get(key) ?? []), word]);
    }
    indexes.set(words, index);
  }
  return index;
}

/** The known word `word` is a misspelling of, if the nearest mean one thing. */
export function misspeltFor(word: string, words: ReadonlyMap<string, string>): string | undefined {
  const most = word.length >= ONE_OFF_FROM ? MOST_EDITS : 0;
  if (!most) return undefined;
  const index = indexOf(words);
  let nearest: string[] = [];
  let fewest = most + 1;
  for (let length = word.length - most; length <= word.length + most; length++) {
    for (const known of index.get(keyOf(word[0]!, length)) ?? []) {
      const edits = editsBetween(word, known, Math.min(most, fewest));
      if (edits < fewest) [nearest, fewest] = [[known], edits];
      else if (edits === fewest) nearest.push(known);
    }
  }
  // Nearest to two words that mean the same ("rechnug": Rechnung and the misspelling Rechung) is fine.
  const meant = new Set(nearest.map((known) => words.get(known)));
  return fewest <= most && meant.size === 1 ? nearest[0] : undefined;
}
