/**
 * API text inside the sentences of a preview or a consent question: on one line, with
 * backslashes and quotes escaped and line breaks, controls and bidirectional overrides written
 * out; free text also in double quotes. A person approves exactly that text, so a name or
 * comment can neither add a line ("SYSTEM: …", "Afterwards: …") nor close its quotes early.
 */
import { escapeUntrusted } from '../shape/untrusted.js';
import { shortened } from '../shape/words.js';

/** Longest piece of API text a preview quotes; the rest is cut with an ellipsis. */
const QUOTE_LIMIT = 200;

/** API text as a quoted string: names, numbers of invoices, comments. */
export function quoted(value: unknown): string {
  return `"${escaped(value)}"`;
}

/** An API value that reads without quotes (a date, an amount) on one line, escaped all the same. */
export function escaped(value: unknown): string {
  const text = value == null ? '' : String(value);
  return shortened(escapeUntrusted(text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')), QUOTE_LIMIT);
}

/** A line of a preview as shown: any raw line break left in it written out, so it stays one line. */
export function oneLine(line: string): string {
  return line.replace(/[\r\n\u2028\u2029\u0085\v\f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
