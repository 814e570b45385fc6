/**
 * Cold start over stdio: spawn to the answer of `initialize`, and to the answer of `tools/list`,
 * then the process's peak resident memory. Ours as published (the bundle's launcher, its code
 * cache written by the warm-up start) with API credentials (no embedded sandbox) and with the
 * embedded sandbox, beside the one-tool floor server, alternating, after warm-up.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { BIN, peakRss } from './processes.mjs';
import { mib, ms, percentile, ratio, table, verdict } from './stats.mjs';

/** The launcher's code cache, fresh for each bench run. */
const CACHE_HOME = mkdtempSync(join(tmpdir(), 'pfm-bench-cache-'));
const FLOOR = fileURLToPath(new URL('./floor-server.mjs', import.meta.url));

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
};

/**
 * @typedef {{ args: string[], env: Record<string, string> }} Start
 * @typedef {{ initialized: number, toolsListed: number, peak: number }} StartRun
 * @typedef {'floor' | 'credentials' | 'sandbox'} StartName
 */

/** @type {Record<StartName, Start>} The servers compared; `env` is the whole environment of the child. */
export const STARTS = {
  floor: { args: [FLOOR], env: {} },
  credentials: { args: [BIN], env: { PFM_API_KEY: 'bench', PFM_API_TOKEN: 'bench', XDG_CACHE_HOME: CACHE_HOME } },
  sandbox: { args: [BIN], env: { XDG_CACHE_HOME: CACHE_HOME } },
};

/**
 * One start of `server` with `node`: milliseconds to each answer, and peak RSS in MB.
 * @param {string} node
 * @param {Start} server
 * @returns {Promise<StartRun>}
 */
export async function startOnce(node, server) {
  const started = performance.now();
  const child = spawn(node, server.args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...server.env },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const answers = lines[Symbol.asyncIterator]();
  const answer = async () => JSON.parse((await answers.next()).value);
  const input = /** @type {import('node:stream').Writable} */ (child.stdin);
  input.write(`${JSON.stringify(INITIALIZE)}\n`);
  await answer();
  const initialized = performance.now() - started;
  input.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
  const listed = await answer();
  if (!listed.result?.tools?.length) throw new Error(`tools/list failed: ${JSON.stringify(listed).slice(0, 200)}`);
  const toolsListed = performance.now() - started;
  const peak = peakRss(/** @type {number} */ (child.pid));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  input.end();
  child.kill();
  await exited;
  return { initialized, toolsListed, peak };
}

/**
 * Every server started `rounds` times, in turn, after one warm-up start each.
 * @param {string} node
 * @param {number} rounds
 * @returns {Promise<Record<StartName, StartRun[]>>}
 */
export async function coldStarts(node, rounds) {
  const names = /** @type {StartName[]} */ (Object.keys(STARTS));
  /** @type {Record<StartName, StartRun[]>} */
  const samples = { floor: [], credentials: [], sandbox: [] };
  for (const name of names) await startOnce(node, STARTS[name]);
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) samples[name].push(await startOnce(node, STARTS[name]));
  }
  return samples;
}

/** @typedef {keyof StartRun} Figure */
/** @type {(runs: StartRun[], key: Figure) => number} */
const p50 = (runs, key) =>
  percentile(
    runs.map((run) => run[key]),
    50,
  );
/** @type {(runs: StartRun[], key: Figure) => number} */
const p99 = (runs, key) =>
  percentile(
    runs.map((run) => run[key]),
    99,
  );

/**
 * The cold start and memory tables of one Node version, with the targets of the issue.
 * @param {string} label
 * @param {Record<StartName, StartRun[]>} samples
 * @param {{ under200: boolean }} options
 */
export function coldStartTables(label, samples, { under200 }) {
  const { floor, credentials, sandbox } = samples;
  /** @type {(name: string, runs: StartRun[], key: Figure) => string[]} */
  const timing = (name, runs, key) => [name, ms(p50(runs, key)), ms(p99(runs, key)), ratio(p50(runs, key) / p50(floor, key))];
  const startRatio = p50(credentials, 'initialized') / p50(floor, 'initialized');
  const sandboxRatio = p50(sandbox, 'initialized') / p50(credentials, 'initialized');
  const rows = [
    .../** @type {Array<[Figure, string]>} */ ([
      ['initialized', 'initialize'],
      ['toolsListed', 'tools/list'],
    ]).flatMap(([key, answer]) => [
      timing(`floor, to ${answer}`, floor, key),
      timing(`ours with credentials, to ${answer}`, credentials, key),
      timing(`ours with the sandbox, to ${answer}`, sandbox, key),
    ]),
  ];
  const targets = [
    ['initialize with credentials <= 1.0x the floor', ratio(startRatio), verdict(startRatio <= 1)],
    ['with the sandbox <= 1.5x with credentials', ratio(sandboxRatio), verdict(sandboxRatio <= 1.5)],
    ...(under200
      ? [
          [
            'initialize with credentials <= 200 ms',
            ms(p50(credentials, 'initialized')),
            verdict(p50(credentials, 'initialized') <= 200),
          ],
        ]
      : []),
    ['peak RSS with credentials <= 80 MB', mib(p50(credentials, 'peak')), verdict(p50(credentials, 'peak') <= 80)],
    ['peak RSS with the sandbox <= 110 MB', mib(p50(sandbox, 'peak')), verdict(p50(sandbox, 'peak') <= 110)],
  ];
  return [
    `### Cold start over stdio, ${label} (${floor.length} starts each)`,
    '',
    table(['server, spawn to answer', 'p50', 'p99', 'vs floor p50'], rows),
    '',
    table(
      ['peak RSS after tools/list', 'p50', 'p99'],
      [
        ['floor', mib(p50(floor, 'peak')), mib(p99(floor, 'peak'))],
        ['ours with credentials', mib(p50(credentials, 'peak')), mib(p99(credentials, 'peak'))],
        ['ours with the sandbox', mib(p50(sandbox, 'peak')), mib(p99(sandbox, 'peak'))],
      ],
    ),
    '',
    table(['target', 'measured', ''], targets),
  ].join('\n');
}
