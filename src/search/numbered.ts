/**
 * Whether a request names one record by its number: "RE 2026-118", "invoice 0087", "NEL-4471",
 * "draw #4", "Rechnung Nr. 4410". Years, dates, times, amounts and quantities are no record numbers.
 */
import { foldedForSearch } from './text.js';

/**
 * What a piece of text between spaces may be wrapped in. Quotation marks beyond Latin-1 are
 * escaped: one such character in the bundle makes V8 hold its whole source as two-byte text.
 */
const WRAPPING = /^[("'\u201e\u201c\u2018\u00ab\u00bb]+|[)"'\u201c\u201d\u2019\u00ab\u00bb,;:!?.]+$/g;

/** Words after which a plain number is a record's: "invoice 0087", "Nr. 12", "draw 9". */
const NUMBER_WORDS: ReadonlySet<string> = new Set(
  'invoice inv rechnung re ar nr no number nummer draw claim payapp app contract vertrag po vo nachtrag nt'.split(' '),
);

const NOT_A_NUMBER = [
  /^(?:19|20)\d\d$/, // a year
  /^\d{1,2}[./]\d{1,2}(?:[./](?:\d{2}|\d{4}))?$/, // a date: 12.04, 3/1, 05/01/2024
  /^\d{4}-\d{2}-\d{2}$/, // an ISO date
  /^\d{1,2}(?::\d{2})?(?:am|pm|h|uhr)$/i, // a time: 9am, 14:00h
  /^(?:q[1-4]|h[12]|kw\d{1,2}|cw\d{1,2}|fy\d{2,4})$/i, // a quarter, a half, a week, a financial year
  /^\d+(?:[.,']\d+)*(?:k|m|mio|tsd|kwh|mwh|m2|m\u00b2|m3|m\u00b3|st|nd|rd|th)?$/i, // an amount, a quantity, an ordinal
];

/** Whether `piece`, with the piece before it, reads as a record's number. */
function isRecordNumber(written: string, before: string | undefined): boolean {
  const piece = written.replace(WRAPPING, '');
  const hashed = piece.startsWith('#');
  const bare = piece.replace(/^#/, '');
  if (!/\d/.test(bare) || /[\u20ac$\u00a3%]/.test(bare) || !/^[\p{L}\d][\p{L}\d\-/._]*$/u.test(bare)) return false;
  if (/^\d+$/.test(bare)) return hashed || NUMBER_WORDS.has(foldedForSearch((before ?? '').replace(WRAPPING, '')));
  return !NOT_A_NUMBER.some((pattern) => pattern.test(bare));
}

/** Whether any piece of the request, between spaces, is a record's number. */
export function namesRecordNumber(request: string): boolean {
  const pieces = request.split(/\s+/);
  return pieces.some((piece, at) => isRecordNumber(piece, pieces[at - 1]));
}
