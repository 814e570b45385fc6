/** Word functions search remembers: worked out once per word, forgotten past their limit. */
import { describe, expect, it } from 'vitest';
import { rememberedByWord } from '../../src/search/remembered.js';

describe('a function of a word, remembered', () => {
  it('works a word out once and answers the same after', () => {
    const asked: string[] = [];
    const forms = rememberedByWord((word) => {
      asked.push(word);
      return [word, `${word}en`];
    });
    const first = forms('buch');
    expect(forms('buch')).toBe(first);
    expect(forms('zahl')).toEqual(['zahl', 'zahlen']);
    expect(asked).toEqual(['buch', 'zahl']);
  });

  it('forgets what it kept once it holds its limit, and works it out again', () => {
    const asked: string[] = [];
    const forms = rememberedByWord((word) => asked.push(word), 2);
    ['a', 'b', 'a', 'c', 'a'].forEach((word) => forms(word));
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
