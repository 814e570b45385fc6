/**
 * A build step: trains search's ranking model on the requests of test/fixtures/learning-requests.ts
 * and on the tools' titles, and writes it to dist/search-ranking.json, which the bundle carries
 * (src/bundle/build.ts) and the compiled modules read (learned-ranking.ts). The requests are
 * TypeScript outside the compiled sources, so esbuild compiles them first.
 */
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalog } from '../../../tools/index.js';
import { encodeModel } from '../learned-ranking.js';
import { learningExamples, type AnsweredRequest } from '../rank.js';
import { train } from './train.js';

/** A path in the repository, from dist/src/search/learning/. */
const repository = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

const compiled = repository('dist/learning-requests.mjs');
await build({
  entryPoints: [repository('test/fixtures/learning-requests.ts')],
  outfile: compiled,
  bundle: true,
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
const { LEARNING_REQUESTS } = (await import(compiled)) as { LEARNING_REQUESTS: readonly AnsweredRequest[] };
// Each tool's title asks for it as well: a tool the request sets seldom ask for is still known by its own words.
const titles = catalog.map(({ name, title }) => ({ ask: title, tools: [name] }));
const examples = [...LEARNING_REQUESTS, ...titles].flatMap((request) => learningExamples(catalog, request));
const model = train(
  examples,
  catalog.map(({ name }) => name),
);
writeFileSync(repository('dist/search-ranking.json'), JSON.stringify(encodeModel(model)));
