import { bulkDetail, type RuleViolation } from './errors.js';

/*
 * Bulk writes check every row before writing any: each row against the stored data and the
 * rows accepted before it in the same request. All-or-nothing endpoints then refuse the batch
 * if any row was rejected; partial endpoints write the accepted rows and report the others.
 */

export interface Screened<T> {
  accepted: { index: number; row: T }[];
  rejected: { index: number; row: T; violations: RuleViolation[] }[];
}

export function screenRows<T>(rows: readonly T[], check: (row: T, acceptedBefore: readonly T[]) => RuleViolation[]): Screened<T> {
  const screened: Screened<T> = { accepted: [], rejected: [] };
  rows.forEach((row, index) => {
    const acceptedBefore = screened.accepted.map((accepted) => accepted.row);
    const violations = check(row, acceptedBefore);
    if (violations.length > 0) screened.rejected.push({ index, row, violations });
    else screened.accepted.push({ index, row });
  });
  return screened;
}

/** The `errors` of a 207 answer: each rejected row with its (echoed) attributes and coded details. */
export function rowErrors<T>(rejected: Screened<T>['rejected']) {
  return rejected.map(({ index, row, violations }) => ({ index, attributes: row, detail: violations.map(bulkDetail) }));
}
