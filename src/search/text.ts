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
