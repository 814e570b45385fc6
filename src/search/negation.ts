/**
 * What a request says not to do: "nicht als neue Rechnung anlegen", "don't create a new one",
 * "add it to invoice 5521, not as a new invoice". A negation holds to the end of its clause and
 * takes back the actions asked for there, and "new"; what the words name still counts ("invoices
 * not yet paid").
 */
import { withoutActions } from './actions.js';
import type { RequestWord } from './text.js';

/** Folded words that deny the rest of their clause; "don't" is "don" and "t". */
const NEGATORS: ReadonlySet<string> = new Set('not don dont never nicht nich kein keine keinen keinem keiner nie'.split(' '));

const NEW = 'new';

const withoutNew = (api: string) =>
  api
    .split(' ')
    .filter((term) => term !== NEW)
    .join(' ');

/** Takes the actions out of the meanings (one per word) a negation denies. */
export function dropNegatedActions(words: readonly RequestWord[], meanings: string[][]): void {
  let negated = false;
  words.forEach(({ word, endsClause }, at) => {
    if (negated) meanings[at] = withoutActions(meanings[at]!).map(withoutNew).filter(Boolean);
    negated = (negated || NEGATORS.has(word)) && !endsClause;
  });
}
