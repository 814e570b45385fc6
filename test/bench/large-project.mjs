/**
 * The summaries on a large project: get_project_budget and get_project_payables through ours over
 * stdio (the published bin, credentials), against a sandbox process seeded with `--scale` (2,000
 * contracts, 20,000 invoices, about 30,000 payments): time, and how much the server's peak memory
 * grows (VmHWM after, minus before).
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BIN, peakRss, sandboxProcess } from './processes.mjs';
import { mib, ms, table, verdict } from './stats.mjs';

const CONTRACTS = 2_000;
const PROJECT = 'Stadtquartier Neckarbogen';

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
    /** @type {string[][]} */
    const rows = [];
    /** @type {Array<[string, number, number]>} */
    const figures = [];
    for (const [name, what] of /** @type {const} */ ([
      ['get_project_budget', (/** @type {any} */ answer) => `${answer.rows.length} budget rows`],
      ['get_project_payables', (/** @type {any} */ answer) => `${answer.invoices.length} invoices outstanding`],
    ])) {
      const before = peakRss(pid);
      const started = performance.now();
      const answer = await call(client, name, { project_name: PROJECT });
      const took = performance.now() - started;
      const growth = peakRss(pid) - before;
      rows.push([name, what(answer), ms(took), mib(growth)]);
      figures.push([name, took, growth]);
    }
    return [
      `### Summaries of a project with ${CONTRACTS.toLocaleString('en')} contracts, 20,000 invoices, ~30,000 payments (sandbox --scale ${CONTRACTS})`,
      '',
      table(['tool', 'answer', 'time', 'peak memory growth'], rows),
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
