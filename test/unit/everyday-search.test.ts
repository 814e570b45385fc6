/**
 * search_tools against the requests people actually make, in English and German: the right
 * tool among the first three for at least 90% of each language.
 */
import { describe, expect, it } from 'vitest';
import { catalog } from '../../tools/index.js';
import { searchTools } from '../../src/tool-search.js';
import { ENGLISH, GERMAN, type EverydayRequest } from '../fixtures/everyday-requests.js';

function misses(requests: readonly EverydayRequest[]): string[] {
  return requests.flatMap(({ ask, tools }) => {
    const top = searchTools(catalog, ask)
      .slice(0, 3)
      .map((operation) => operation.name);
    return top.some((name) => tools.includes(name))
      ? []
      : [`"${ask}": wanted ${tools.join(' or ')}, got ${top.join(', ') || 'nothing'}`];
  });
}

describe('search_tools with everyday requests', () => {
  it('has a set of at least 40 English and 20 German requests, each naming tools that exist', () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(40);
    expect(GERMAN.length).toBeGreaterThanOrEqual(20);
    const names = new Set(catalog.map((operation) => operation.name));
    for (const { tools } of [...ENGLISH, ...GERMAN]) for (const tool of tools) expect(names.has(tool), tool).toBe(true);
  });

  it.each([
    { language: 'English', requests: ENGLISH },
    { language: 'German', requests: GERMAN },
  ])('puts the right tool in the first three for 90% of the $language requests', ({ requests }) => {
    const missed = misses(requests);
    expect(missed.length / requests.length, missed.join('\n')).toBeLessThanOrEqual(0.1);
  });
});
