/**
 * The summaries on a large project: get_project_budget and get_project_payables through ours over
 * stdio (the published bin, credentials), against a sandbox process seeded with `--scale` (2,000
 * contracts, 20,000 invoices, about 30,000 payments), each asked ROUNDS times in turn after a
 * warm-up: p50 time, and how much the server's peak memory (VmHWM) grew during its calls in all.
 * Then the fan-out, against the same sandbox answering each request after API_LATENCY_MS as a
 * remote API would (on loopback, with no latency, the one-threaded sandbox's CPU is all there is
 * to wait for): ours as it is, ours reading one exchange at a time (--parallel-reads 1), and each
 * summary's slowest read chain sent straight to the sandbox (read-chains.mjs).
 */
import { BIN, peakRss, sandboxProcess, stdioClient } from './processes.mjs';
import { slowestReadChains } from './read-chains.mjs';
import { mib, ms, percentile, ratio, table, verdict } from './stats.mjs';

const CONTRACTS = 2_000;
const PROJECT = 'Stadtquartier Neckarbogen';
const ROUNDS = 3;
/** What each request to a remote API takes before it is answered: a round trip and the API's own work. */
const API_LATENCY_MS = 20;
const SUMMARIES = /** @type {const} */ ([
  ['get_project_budget', (/** @type {any} */ answer) => `${answer.rows.length} budget rows`],
  ['get_project_payables', (/** @type {any} */ answer) => `${answer.invoices.length} invoices outstanding`],
]);

/**
 * @param {import('@modelcontextprotocol/client').Client} client @param {string} name @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result.structuredContent;
}

/**
 * Ours over stdio against `fincon`, with `args` added.
 * @param {string} fincon @param {string[]} args
 */
async function oursOverStdio(fincon, args) {
  const ours = await stdioClient([BIN, '--fincon-url', fincon, ...args], { PFM_API_KEY: 'bench', PFM_API_TOKEN: 'bench' });
  // Seeds the sandbox and loads the catalog, so neither counts below.
  await call(ours.client, 'get_project_budget', { project_name: 'Hunsrück Mitte' });
  return ours;
}

/**
 * Each summary ROUNDS times in turn through `servers`, with `before` run ahead of each round.
 * @param {Record<string, { client: import('@modelcontextprotocol/client').Client, pid: number }>} servers
 * @param {() => Promise<Record<string, number>>} [before] figures of the round to keep beside the times
 */
async function timeSummaries(servers, before) {
  /** @type {Record<string, Record<string, { times: number[], growth: number, answer: any }>>} */
  const runs = Object.fromEntries(
    SUMMARIES.map(([name]) => [
      name,
      Object.fromEntries(Object.keys(servers).map((server) => [server, { times: [], growth: 0, answer: undefined }])),
    ]),
  );
  /** @type {Record<string, number[]>} */
  const figures = Object.fromEntries(SUMMARIES.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const kept = await before?.();
    for (const [name] of SUMMARIES) {
      if (kept) figures[name]?.push(kept[name] ?? NaN);
      for (const [server, { client, pid }] of Object.entries(servers)) {
        const run = runs[name]?.[server];
        if (!run) continue;
        const peak = peakRss(pid);
        const began = performance.now();
        run.answer = await call(client, name, { project_name: PROJECT });
        run.times.push(performance.now() - began);
        run.growth += peakRss(pid) - peak;
      }
    }
  }
  return { runs, figures };
}

const p50 = (/** @type {number[]} */ times) => percentile(times, 50);

export async function largeProjectTable() {
  const title = `${CONTRACTS.toLocaleString('en')} contracts, 20,000 invoices, ~30,000 payments (sandbox --scale ${CONTRACTS})`;
  /** @type {Array<{ client: import('@modelcontextprotocol/client').Client }>} */
  const started = [];
  let sandbox = await sandboxProcess(['--scale', String(CONTRACTS)]);
  try {
    const ours = await oursOverStdio(sandbox.fincon, []);
    started.push(ours);
    const { runs } = await timeSummaries({ ours });
    const absolute = SUMMARIES.map(([name, what]) => ({
      name,
      what,
      run: runs[name]?.ours ?? { times: [], growth: 0, answer: undefined },
    }));
    for (const { client } of started.splice(0)) await client.close();
    sandbox.stop();

    sandbox = await sandboxProcess(['--scale', String(CONTRACTS), '--faults', `latency-ms=${API_LATENCY_MS}`]);
    const remote = await oursOverStdio(sandbox.fincon, []);
    started.push(remote);
    const oneAtATime = await oursOverStdio(sandbox.fincon, ['--parallel-reads', '1']);
    started.push(oneAtATime);
    const fanOut = await timeSummaries({ ours: remote, 'one read at a time': oneAtATime }, () =>
      slowestReadChains(sandbox.fincon, PROJECT),
    );
    const fanned = SUMMARIES.map(([name]) => {
      const byServer = fanOut.runs[name] ?? {};
      const ours = byServer.ours ?? { times: [], answer: undefined };
      const sequential = byServer['one read at a time'] ?? { times: [], answer: undefined };
      const chain = p50(fanOut.figures[name] ?? []);
      const same = JSON.stringify(ours.answer) === JSON.stringify(sequential.answer);
      return { name, took: p50(ours.times), sequential: p50(sequential.times), chain, same };
    });
    return [
      `### Summaries of a project with ${title}`,
      '',
      table(
        ['tool', 'answer', `p50 of ${ROUNDS}`, 'slowest', 'peak memory growth'],
        absolute.map(({ name, what, run }) => [
          name,
          what(run.answer),
          ms(p50(run.times)),
          ms(Math.max(...run.times)),
          mib(run.growth),
        ]),
      ),
      '',
      `The same with every API request answered after ${API_LATENCY_MS} ms, as a remote API answers: ours reading side by side (--parallel-reads 6, the default), one read at a time, and the slowest chain of reads that wait for one another, sent straight to the API (p50 of ${ROUNDS}):`,
      '',
      table(
        ['tool', 'ours', 'one read at a time', 'slowest read chain'],
        fanned.map(({ name, took, sequential, chain }) => [name, ms(took), ms(sequential), ms(chain)]),
      ),
      '',
      table(
        ['target', 'measured', ''],
        [
          ...absolute.flatMap(({ name, run }) => [
            [`${name} <= 2 s`, ms(p50(run.times)), verdict(p50(run.times) <= 2_000)],
            [`${name} memory growth <= 50 MB`, mib(run.growth), verdict(run.growth <= 50)],
          ]),
          ...fanned.flatMap(({ name, took, chain, same }) => [
            [`${name} with API latency <= 2x its slowest read chain`, ratio(took / chain), verdict(took / chain <= 2)],
            [`${name} answers as it does one read at a time`, same ? 'same' : 'DIFFERENT', verdict(same)],
          ]),
        ],
      ),
    ].join('\n');
  } finally {
    for (const { client } of started) await client.close();
    sandbox.stop();
  }
}
