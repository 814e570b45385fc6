import { bulkDetail, type RuleViolation } from './errors.js';

/*
 * Bulk writes check every row before writing any: each row against the stored data and the
 * rows accepted before it in the same request. All-or-nothing endpoints then refuse the batch
 * if any row was rejected; partial endpoints write the accepted rows and report the others.
 */

interface Screened<T> {
  accepted: { index: number; row: T }[];
  rejected: { index: number; row: T; violations: RuleViolation[] }[];
}

/**
 * Checks the rows in order. Each accepted row is handed to `accept` before the next row is
 * checked, so a request can index what later rows are checked against (e.g. the ids in use).
 */
export function screenRows<T>(
  rows: readonly T[],
  check: (row: T) => RuleViolation[],
  accept: (row: T) => void = () => undefined,
): Screened<T> {
  const screened: Screened<T> = { accepted: [], rejected: [] };
  rows.forEach((row, index) => {
    const violations = check(row);
    if (violations.length > 0) {
      screened.rejected.push({ index, row, violations });
    } else {
      screened.accepted.push({ index, row });
      accept(row);
    }
  });
  return screened;
}

/** The `errors` of a 207 answer: each rejected row with its (echoed) attributes and coded details. */
export function rowErrors<T>(rejected: Screened<T>['rejected']) {
  return rejected.map(({ index, row, violations }) => ({ index, attributes: row, detail: violations.map(bulkDetail) }));
}
