/**
 * Whole numbers written as letters, for the ranking model the bundle carries: each number in
 * base-32 digits, the most significant first, from a 64-letter alphabet whose upper half marks a
 * digit that more follow. Most of the model's numbers are small and take one letter; packed, a run
 * of letters is a sixth smaller than the same numbers in a JSON array.
 */
const LETTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const BASE = 32;
/** Each letter's digit by its character code; -1 for characters that are not letters here. */
const DIGIT = new Int8Array(128).fill(-1);
for (let digit = 0; digit < LETTERS.length; digit++) DIGIT[LETTERS.charCodeAt(digit)] = digit;

/** Numbers that are not negative, as letters. */
export function lettersOf(numbers: readonly number[]): string {
  let text = '';
  for (const number of numbers) {
    if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`${number} is not a whole number of at least 0`);
    let digits = LETTERS[number % BASE]!;
    for (let rest = Math.floor(number / BASE); rest > 0; rest = Math.floor(rest / BASE))
      digits = LETTERS[BASE + (rest % BASE)]! + digits;
    text += digits;
  }
  return text;
}

export function numbersOf(letters: string): number[] {
  const numbers: number[] = [];
  let number = 0;
  for (let at = 0; at < letters.length; at++) {
    const digit = DIGIT[letters.charCodeAt(at)] ?? -1;
    if (digit < 0) throw new RangeError(`"${letters[at]}" is not one of the letters numbers are written in`);
    if (digit >= BASE) number = number * BASE + digit - BASE;
    else {
      numbers.push(number * BASE + digit);
      number = 0;
    }
  }
  return numbers;
}

/** Numbers of either sign, as letters: 0, -1, 1, -2 … are written as 0, 1, 2, 3 …, so small ones stay short. */
export function signedLettersOf(numbers: readonly number[]): string {
  return lettersOf(numbers.map((number) => (number < 0 ? -2 * number - 1 : 2 * number)));
}

export function signedNumbersOf(letters: string): number[] {
  return numbersOf(letters).map((number) => (number % 2 ? -(number + 1) / 2 : number / 2));
}
