/** The pieces search_tools reads a request with: word forms, compounds, and a vocabulary of the API's own words. */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../tools/index.js';
import { ENGLISH } from '../../tools/vocabulary/english.js';
import { GERMAN } from '../../tools/vocabulary/german.js';
import { SEARCH_KEYWORDS } from '../../tools/vocabulary/keywords.js';
import { PRODUCT_WORDS } from '../../tools/vocabulary/vocabulary.js';
import { compoundParts } from '../../src/search/compounds.js';
import { LEXICON } from '../../src/search/lexicon.js';
import { wordsOf } from '../../src/search/text.js';
import { baseForms } from '../../src/search/word-forms.js';
import { singular } from '../../src/shape/words.js';

const toolWords = new Set(
  catalog.flatMap((tool) =>
    wordsOf(
      `${tool.name.replace(/_/g, ' ')} ${tool.title} ${tool.toolset.replace(/_/g, ' ')} ${tool.product} ${tool.description}`,
    ).map(singular),
  ),
);

describe('word forms', () => {
  it.each([
    ['suppliers', 'supplier'],
    ['booked', 'book'],
    ['logged', 'log'],
    ['companies', 'company'],
    ['offenen', 'offen'],
    ['nachtrage', 'nachtrag'],
    ['rechnungen', 'rechnung'],
  ])('finds %s as a form of %s', (word, base) => {
    expect(baseForms(word)).toContain(base);
  });
});

describe('German compounds', () => {
  const known = (word: string) => LEXICON.words.has(word);

  it.each([
    ['stromverbrauch', ['strom', 'verbrauch']],
    ['zahlungsbedingungen', ['zahlung', 'bedingung']],
    ['bauherrengesellschaften', ['bauherr', 'gesellschaft']],
    ['adressbuch', ['adresse', 'buch']],
    ['teilzahlung', ['teil', 'zahlung']],
  ])('splits %s', (word, parts) => {
    expect(compoundParts(word, known)).toEqual(parts);
  });

  it('leaves a word alone when too little of it is known', () => {
    expect(compoundParts('hunsruckmitte', known)).toBeUndefined();
  });
});

describe('the vocabulary', () => {
  it("maps only onto words the tools' texts use", () => {
    const apiWords = [...Object.keys(ENGLISH), ...Object.keys(GERMAN), ...Object.values(PRODUCT_WORDS).flat()].flatMap((words) =>
      words.split(' '),
    );
    expect(apiWords.filter((word) => !toolWords.has(singular(word)))).toEqual([]);
  });

  it('gives keywords only to tools that exist', () => {
    const names = new Set(catalog.map((tool) => tool.name));
    expect(Object.keys(SEARCH_KEYWORDS).filter((name) => !names.has(name))).toEqual([]);
  });
});
