/** `npm run manifest`: brings manifest.json's tool list in step with the catalog, formatted as Prettier would. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { catalog } from '../../tools/index.js';
import { manifestTools } from './manifest-tools.js';

const file = fileURLToPath(new URL('../../../manifest.json', import.meta.url));
const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
manifest.tools = manifestTools(catalog);
const options = { ...(await resolveConfig(file)), filepath: file };
writeFileSync(file, await format(JSON.stringify(manifest, null, 2), options));
