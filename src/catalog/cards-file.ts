/** The cards' file: written by the build (write-cards.ts) beside dist/src, read at start. The bundle carries its own copy. */
import { readFile } from 'node:fs/promises';

export const cardsFile = () => new URL('../../catalog-cards.json', import.meta.url);

export const readCards = () => readFile(cardsFile(), 'utf8');
