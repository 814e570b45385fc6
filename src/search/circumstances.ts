/**
 * Clauses of circumstance: after a request's first clause, one that "wenn", "damit", "weil" (or
 * "if", "when", "because") opens says when or why, not what the request is about ("Wie viel
 * Skonto können wir noch ziehen, wenn wir bis Freitag zahlen?" asks for no payment).
 */
import type { RequestWord } from './text.js';

/** Conjunctions that open a clause of circumstance (folded); not "ob"/"whether": "prüf, ob …" says what to check. */
const CIRCUMSTANCES: Record<'german' | 'english', ReadonlySet<string>> = {
  german: new Set('wenn falls sofern damit weil sodass nachdem'.split(' ')),
  english: new Set('if when because since so unless'.split(' ')),
};

/** What a clause of circumstance names counts for half. */
export const CIRCUMSTANCE_WEIGHT = 0.5;

/** Which words of a request stand in a clause of circumstance. */
export function circumstancesOf(written: readonly RequestWord[], german: boolean): boolean[] {
  const opens = CIRCUMSTANCES[german ? 'german' : 'english'];
  let inside = false;
  return written.map(({ word }, at) => {
    if (at > 0 && written[at - 1]!.endsClause) inside = opens.has(word);
    return inside;
  });
}
