/**
 * German compounds split into the words they are made of, so that the vocabulary needs
 * "strom" and "verbrauch" but not "Stromverbrauch": "zahlungsbedingungen" -> zahlung + bedingung.
 */
import { baseForms, withSpokenG } from './word-forms.js';

const SHORTEST_PART = 3;
const SHORTEST_COMPOUND = 6;
/** Letters German puts between the parts of a compound: Zahlung-s-bedingung, Bauherr-en-gesellschaft. */
const LINKS = ['', 's', 'es', 'n', 'en', 'e'];
/** Of a word's letters, how many its known parts must cover: "adressbuch" is an address with a book. */
const COVERED = 0.6;

interface Split {
  parts: string[];
  unknownLetters: number;
}

const better = (a: Split, b: Split | undefined) =>
  !b || a.unknownLetters < b.unknownLetters || (a.unknownLetters === b.unknownLetters && a.parts.length < b.parts.length);

/**
 * The known word a piece of a compound is: before the last part it may have lost an "e"
 * (Miet-vertrag) or have its closing "g" typed as spoken (Abschlach-s-zahlung). A word of the
 * shortest length counts only as written: "Schuster" is no "Sch-USt-er".
 */
function knownAs(piece: string, last: boolean, isKnown: (word: string) => boolean): string | undefined {
  const spoken = withSpokenG(piece);
  const forms = last ? baseForms(piece) : [piece, `${piece}e`, ...(spoken ? [spoken] : [])];
  const long = (form: string) => form.length > SHORTEST_PART || (form.length === SHORTEST_PART && form === piece);
  return forms.find((form) => long(form) && isKnown(form));
}

/** The known words a compound is made of, or undefined when less than `covered` of its letters is known. */
export function compoundParts(word: string, isKnown: (word: string) => boolean, covered = COVERED): string[] | undefined {
  if (word.length < SHORTEST_COMPOUND) return undefined;
  const best: Array<Split | undefined> = [{ parts: [], unknownLetters: 0 }];
  const offer = (at: number, split: Split) => {
    if (better(split, best[at])) best[at] = split;
  };
  for (let start = 0; start < word.length; start++) {
    const here = best[start];
    if (!here) continue;
    offer(start + 1, { parts: here.parts, unknownLetters: here.unknownLetters + 1 });
    // Longest parts first: on a tie, "daten" wins over "date" + "n".
    for (let end = word.length; end >= start + SHORTEST_PART; end--) {
      const part = knownAs(word.slice(start, end), end === word.length, isKnown);
      if (!part) continue;
      for (const link of LINKS) {
        if (word.startsWith(link, end))
          offer(end + link.length, { parts: [...here.parts, part], unknownLetters: here.unknownLetters });
      }
    }
  }
  const split = best[word.length];
  return split?.parts.length && split.unknownLetters <= word.length * (1 - covered) ? split.parts : undefined;
}
