/**
 * Streamable HTTP: get_invoice calls per second from concurrent clients, ours (the published bin,
 * stateless, with credentials, the sandbox in a process of its own) beside the HTTP floor (a
 * trivial stateless SDK server whose tool makes the same GET), and each server process's CPU time
 * per call, read from /proc. Alternating windows, after a warm-up of each.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { BIN, listening, sandboxProcess } from './processes.mjs';
import { ratio, table, verdict } from './stats.mjs';

const FLOOR_HTTP = fileURLToPath(new URL('./floor-http-server.mjs', import.meta.url));
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const WARM_UP_SECONDS = 2;

/** CPU seconds (user and system) the process has used so far. @param {number} pid */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * `clients` loops calling get_invoice on `endpoint` for `seconds`: answered calls and failures.
 * @param {string} endpoint @param {string} invoiceId @param {number} seconds @param {number} clients
 */
async function load(endpoint, invoiceId, seconds, clients) {
  const agent = new Agent({ connections: clients });
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  let failures = 0;
  let id = 0;
  const client = async () => {
    while (performance.now() < until) {
      id += 1;
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get_invoice', arguments: { invoice_id: invoiceId } },
      });
      const answer = await request(endpoint, { method: 'POST', headers: MCP_HEADERS, body, dispatcher: agent });
      const text = await answer.body.text();
      if (answer.statusCode === 200 && text.includes('"result"') && !text.includes('"isError":true')) calls += 1;
      else failures += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  await agent.close();
  return { calls, failures };
}

/**
 * @typedef {{ endpoint: string, pid: number, stop: () => void }} HttpServer
 * @typedef {{ calls: number, failures: number, seconds: number, cpu: number }} Tally
 */

/**
 * Both servers, `rounds` windows each in turn: calls, failures, seconds and CPU seconds per server.
 * @param {Record<string, HttpServer>} servers @param {string} invoiceId
 * @param {{ seconds: number, clients: number, rounds: number }} options
 */
async function compare(servers, invoiceId, { seconds, clients, rounds }) {
  /** @type {Record<string, Tally>} */
  const tallies = Object.fromEntries(Object.keys(servers).map((name) => [name, { calls: 0, failures: 0, seconds: 0, cpu: 0 }]));
  for (const server of Object.values(servers)) await load(server.endpoint, invoiceId, WARM_UP_SECONDS, clients);
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, server] of Object.entries(servers)) {
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const { calls, failures } = await load(server.endpoint, invoiceId, seconds / rounds, clients);
      const tally = /** @type {Tally} */ (tallies[name]);
      tally.seconds += (performance.now() - started) / 1000;
      tally.cpu += cpuSeconds(server.pid) - cpuBefore;
      tally.calls += calls;
      tally.failures += failures;
    }
  }
  return tallies;
}

/**
 * Ours over HTTP, with `args` added, as the published bin runs it.
 * @param {string} fincon @param {string[]} args @param {Record<string, string>} env
 * @returns {Promise<HttpServer>}
 */
export async function oursOverHttp(fincon, args = [], env = {}) {
  const { found, child, stop } = await listening(
    [
      BIN,
      '--transport',
      'http',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--fincon-url',
      fincon,
      '--rate-limit',
      '1000000',
      ...args,
    ],
    { PFM_API_KEY: 'bench', PFM_API_TOKEN: 'bench', ...env },
    'stderr',
    /MCP endpoint: (\S+)/,
  );
  return { endpoint: found, pid: /** @type {number} */ (child.pid), stop };
}

/** @param {string} fincon @returns {Promise<HttpServer>} */
async function floorOverHttp(fincon) {
  const { found, child, stop } = await listening(
    [FLOOR_HTTP],
    { FLOOR_GET_URL: `${fincon}/invoices/{id}/` },
    'stdout',
    /^(http\S+)/,
  );
  return { endpoint: found, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * The HTTP table: ours beside the floor, `seconds` of load each from `clients` clients.
 * @param {{ seconds: number, clients: number }} options
 */
export async function httpTable({ seconds, clients }) {
  const sandbox = await sandboxProcess();
  /** @type {any} */
  const page = await (
    await fetch(`${sandbox.fincon}/invoices/`, { headers: { 'x-api-key': 'bench', 'x-api-token': 'bench' } })
  ).json();
  const invoiceId = page.data[0].id;
  const servers = {
    ours: await oursOverHttp(sandbox.fincon, ['--insecure-no-auth']),
    floor: await floorOverHttp(sandbox.fincon),
  };
  try {
    const tallies = await compare(servers, invoiceId, { seconds, clients, rounds: 2 });
    return throughputTable(`Streamable HTTP, ${clients} clients, ${seconds} s each`, tallies);
  } finally {
    for (const server of Object.values(servers)) server.stop();
    sandbox.stop();
  }
}

/** @param {Tally} tally */
const perSecond = (tally) => tally.calls / tally.seconds;
/** @param {Tally} tally */
const cpuPerCall = (tally) => (tally.cpu * 1000) / Math.max(1, tally.calls);

/**
 * @param {string} title @param {Record<string, Tally>} tallies
 */
export function throughputTable(title, tallies) {
  const floor = /** @type {Tally} */ (tallies.floor);
  const ours = /** @type {Tally} */ (tallies.ours);
  const throughput = perSecond(ours) / perSecond(floor);
  const cpu = cpuPerCall(ours) / cpuPerCall(floor);
  return [
    `### ${title}`,
    '',
    table(
      ['server', 'calls/s', 'failed calls', 'CPU per call'],
      Object.entries(tallies).map(([name, tally]) => [
        name,
        perSecond(tally).toFixed(0),
        String(tally.failures),
        `${cpuPerCall(tally).toFixed(2)} ms`,
      ]),
    ),
    '',
    table(
      ['target', 'measured', ''],
      [
        ['calls per second >= 0.9 of the floor', ratio(throughput), verdict(throughput >= 0.9 && ours.failures === 0)],
        ['CPU per call <= 1.2x the floor', ratio(cpu), verdict(cpu <= 1.2)],
      ],
    ),
  ].join('\n');
}
