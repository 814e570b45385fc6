/**
 * search_tools: how long ranking takes for each request of the repository's request sets, in the
 * server's process (the ranking alone, after one pass to build the index), and a search_tools call
 * through a real client over stdio, beside a call of a tool that answers without the API.
 */
import { BIN, stdioClient } from './processes.mjs';
import { ms, percentile, table, verdict } from './stats.mjs';
import { importTypeScript } from './typescript.mjs';

const TARGET_MS = 5;

/** Every request of the repository's sets, English and German. */
async function requests() {
  const everyday = await importTypeScript('../fixtures/everyday-requests.ts');
  const english = await importTypeScript('../fixtures/practitioner-requests/english.ts');
  const german = await importTypeScript('../fixtures/practitioner-requests/german.ts');
  return [...everyday.ENGLISH, ...everyday.GERMAN, ...english.ENGLISH, ...german.GERMAN].map(
    (/** @type {{ ask: string }} */ request) => request.ask,
  );
}

/**
 * Milliseconds each run of `work` over `items` took, after one pass of warm-up.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => unknown} work
 */
async function timedEach(items, work) {
  for (const item of items) await work(item);
  /** @type {number[]} */
  const samples = [];
  for (const item of items) {
    const started = performance.now();
    await work(item);
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function searchTable() {
  const asked = await requests();
  const { searchTools } = await importTypeScript('../../src/search/rank.ts');
  const { catalog } = await importTypeScript('../../tools/index.ts');
  const ranking = await timedEach(asked, (query) => searchTools(catalog, query));

  const { client } = await stdioClient([BIN, '--sandbox'], {});
  let calls;
  try {
    calls = await timedEach(asked, (query) => client.callTool({ name: 'search_tools', arguments: { query } }));
  } finally {
    await client.close();
  }
  const ranked99 = percentile(ranking, 99);
  const called50 = percentile(calls, 50);
  return [
    `**search_tools (${asked.length} requests of the repository's sets, English and German, each once after a warm-up pass)**`,
    '',
    table(
      ['target', 'measured', ''],
      [
        [`ranking in the process, p99 <= ${TARGET_MS} ms`, ms(ranked99), verdict(ranked99 <= TARGET_MS)],
        [`a search_tools call over stdio, p50 <= ${TARGET_MS} ms`, ms(called50), verdict(called50 <= TARGET_MS)],
        ['ranking p50, call p99 (no target)', `${ms(percentile(ranking, 50))}, ${ms(percentile(calls, 99))}`, '-'],
      ],
    ),
  ].join('\n');
}
