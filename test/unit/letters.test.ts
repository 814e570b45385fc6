import { describe, expect, it } from 'vitest';
import { lettersOf, numbersOf, signedLettersOf, signedNumbersOf } from '../../src/search/letters.js';

describe('numbers written as letters', () => {
  it('writes a small number in one letter and a large one in more', () => {
    expect(lettersOf([0, 9, 31])).toBe('09V');
    expect(lettersOf([32, 1023, 1024])).toBe('X0_VXW0');
    expect(numbersOf('X0_VXW0')).toEqual([32, 1023, 1024]);
  });

  it('reads back what it wrote, of either sign', () => {
    const numbers = [0, 1, 5, 31, 32, 33, 358, 4096, 123456789];
    expect(numbersOf(lettersOf(numbers))).toEqual(numbers);
    const signed = [0, -1, 1, -5, 5, -16, 16, -17, -207, 219, -123456789];
    expect(signedNumbersOf(signedLettersOf(signed))).toEqual(signed);
    expect(signedLettersOf([0, -1, 1, -16, 15])).toBe('012VU');
  });

  it('refuses what it cannot write or read', () => {
    expect(() => lettersOf([-1])).toThrow(/not a whole number of at least 0/);
    expect(() => lettersOf([1.5])).toThrow(/not a whole number/);
    expect(() => numbersOf('1"2')).toThrow(/not one of the letters/);
  });
});
