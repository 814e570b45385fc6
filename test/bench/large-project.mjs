/**
 * The summaries on a large project: get_project_budget and get_project_payables through ours over
 * stdio (the published bin, credentials), against a sandbox process seeded with `--scale` (2,000
 * contracts, 20,000 invoices, about 30,000 payments), each asked ROUNDS times in turn after a
 * warm-up: p50 time, and how much the server's peak memory (VmHWM) grew during its calls in all.
 * The targets are absolute; there is no floor to set beside them.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BIN, peakRss, sandboxProcess } from './processes.mjs';
import { mib, ms, percentile, table, verdict } from './stats.mjs';

const CONTRACTS = 2_000;
const PROJECT = 'Stadtquartier Neckarbogen';
const ROUNDS = 3;

/**
 * @param {Client} client @param {string} name @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result.structuredContent;
}

export async function largeProjectTable() {
  const sandbox = await sandboxProcess(['--scale', String(CONTRACTS)]);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, '--fincon-url', sandbox.fincon],
    env: { PATH: process.env.PATH ?? '', PFM_API_KEY: 'bench', PFM_API_TOKEN: 'bench' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    await client.connect(transport);
    const pid = /** @type {number} */ (transport.pid);
    // Seeds the sandbox and loads the catalog, so neither counts below.
    await call(client, 'get_project_budget', { project_name: 'Hunsrück Mitte' });
    const summaries = /** @type {const} */ ([
      ['get_project_budget', (/** @type {any} */ answer) => `${answer.rows.length} budget rows`],
      ['get_project_payables', (/** @type {any} */ answer) => `${answer.invoices.length} invoices outstanding`],
    ]);
    /** @type {Record<string, { times: number[], growth: number, answer: string }>} */
    const runs = Object.fromEntries(summaries.map(([name]) => [name, { times: [], growth: 0, answer: '' }]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, what] of summaries) {
        const run = /** @type {{ times: number[], growth: number, answer: string }} */ (runs[name]);
        const before = peakRss(pid);
        const started = performance.now();
        const answer = await call(client, name, { project_name: PROJECT });
        run.times.push(performance.now() - started);
        run.growth += peakRss(pid) - before;
        run.answer = what(answer);
      }
    }
    const rows = Object.entries(runs).map(([name, run]) => [
      name,
      run.answer,
      ms(percentile(run.times, 50)),
      ms(percentile(run.times, 99)),
      mib(run.growth),
    ]);
    /** @type {Array<[string, number, number]>} */
    const figures = Object.entries(runs).map(([name, run]) => [name, percentile(run.times, 50), run.growth]);
    return [
      `### Summaries of a project with ${CONTRACTS.toLocaleString('en')} contracts, 20,000 invoices, ~30,000 payments (sandbox --scale ${CONTRACTS})`,
      '',
      table(['tool', 'answer', `p50 of ${ROUNDS}`, 'slowest', 'peak memory growth'], rows),
      '',
      table(
        ['target', 'measured', ''],
        figures.flatMap(([name, took, growth]) => [
          [`${name} <= 2 s`, ms(took), verdict(took <= 2_000)],
          [`${name} memory growth <= 50 MB`, mib(growth), verdict(growth <= 50)],
        ]),
      ),
    ].join('\n');
  } finally {
    await client.close();
    sandbox.stop();
  }
}
