/**
 * How deeply a JSON text nests, found in one pass over its UTF-8 bytes before anything parses it.
 * JSON.parse alone spends seconds on megabytes of brackets, and what handles the parsed value
 * afterwards (validation, JSON.stringify) recurses and overflows the stack a few thousand levels
 * down. The pass stops at the first level too deep, so a flood of brackets costs a few bytes read.
 *
 * For valid JSON the count is exact. For invalid JSON it is exact up to the first error, which is
 * where JSON.parse stops too. Working on bytes is safe: `"`, `\`, brackets and braces are ASCII,
 * and no byte of a multi-byte UTF-8 character is ASCII.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Whether arrays and objects in `json` nest more than `limit` levels (`[]` is one level). */
export function nestsDeeperThan(json: Uint8Array, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < json.length; index += 1) {
    const byte = json[index];
    if (byte === QUOTE) index = closingQuote(json, index + 1);
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

/** Where the string that starts at `from` ends (its closing quote), or the end of the text. */
function closingQuote(json: Uint8Array, from: number): number {
  // indexOf skips long strings (uploads in base64) far faster than a loop over every byte.
  let quote = json.indexOf(QUOTE, from);
  while (quote !== -1) {
    let backslashes = 0;
    while (json[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = json.indexOf(QUOTE, quote + 1);
  }
  return json.length;
}
