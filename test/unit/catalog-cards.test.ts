/** The cards the build writes are the catalog's own: a start reads them instead of building the tools. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardOf } from '../../src/catalog/cards.js';
import { catalog } from '../../tools/index.js';

describe('the catalog cards', () => {
  it('match the catalog, tool by tool, schemas included', () => {
    const written = JSON.parse(readFileSync(new URL('../../dist/catalog-cards.json', import.meta.url), 'utf8')) as unknown[];
    expect(written).toEqual(JSON.parse(JSON.stringify(catalog.map(cardOf))));
  });
});
