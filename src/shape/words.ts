/** Text kept to `limit` characters, with an ellipsis when it was longer. */
export function shortened(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** invoices -> invoice, contracting_entities -> contracting_entity; short words stay as they are. */
export function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return word.endsWith('s') && !word.endsWith('ss') && word.length > 3 ? word.slice(0, -1) : word;
}
