/** The build's last step: writes every tool's card (see load.ts) to dist/catalog-cards.json. */
import { writeFileSync } from 'node:fs';
import { catalog } from '../../tools/index.js';
import { cardOf } from './cards.js';
import { cardsFile } from './cards-file.js';

writeFileSync(cardsFile(), JSON.stringify(catalog.map(cardOf)));
