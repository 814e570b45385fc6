/**
 * Streamable HTTP: get_invoice calls per second from concurrent clients, ours (the published bin,
 * stateless, the sandbox in a process of its own) beside the lean floor (a trivial stateless SDK
 * server whose tool makes the same GET with undici and a keep-alive pool, the least a server can
 * cost), and each server process's CPU time per call, read from /proc. Twice: with API keys, and
 * with OAuth on (ours validates each caller's token and exchanges it for an API token once per
 * caller; the floor sends one API token as a bearer, so the sandbox checks a token for both).
 * Alternating windows, after a warm-up of each; the servers run on the Node binary given.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { BIN, listening, sandboxProcess } from './processes.mjs';
import { ratio, table, verdict } from './stats.mjs';
import { importTypeScript } from './typescript.mjs';

const FLOOR_HTTP = fileURLToPath(new URL('./floor-http-server.mjs', import.meta.url));
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const WARM_UP_SECONDS = 2;
/** Windows per server: short ones in turn, so that a slow spell of the machine falls on all alike. */
const ROUNDS = 6;
/** The audience of the callers' tokens: our public URL, which need not resolve. */
const PUBLIC_URL = 'https://finance-mcp.bench.test/mcp';

/** CPU seconds (user and system) the process has used so far. @param {number} pid */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * `clients` loops calling get_invoice on `server` for `seconds`, client i with the i-th of the
 * server's callers' tokens: answered calls and failures.
 * @param {HttpServer} server @param {string} invoiceId @param {number} seconds @param {number} clients
 */
export async function load(server, invoiceId, seconds, clients) {
  // A call without an answer in 10 s counts as failed rather than holding the run for minutes.
  const agent = new Agent({ connections: clients, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const until = performance.now() + seconds * 1000;
  let calls = 0;
  let failures = 0;
  let id = 0;
  /** @param {number} index */
  const client = async (index) => {
    const token = server.tokens?.[index % server.tokens.length];
    const headers = token ? { ...MCP_HEADERS, authorization: `Bearer ${token}` } : MCP_HEADERS;
    while (performance.now() < until) {
      id += 1;
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'get_invoice', arguments: { invoice_id: invoiceId } },
      });
      try {
        const answer = await request(server.endpoint, { method: 'POST', headers, body, dispatcher: agent });
        const text = await answer.body.text();
        if (answer.statusCode === 200 && text.includes('"result"') && !text.includes('"isError":true')) calls += 1;
        else failures += 1;
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  await agent.close();
  return { calls, failures };
}

/**
 * @typedef {{ endpoint: string, pid: number, stop: () => void, exited?: Promise<unknown>, tokens?: string[] }} HttpServer
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
  for (const server of Object.values(servers)) await load(server, invoiceId, WARM_UP_SECONDS, clients);
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, server] of Object.entries(servers)) {
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const { calls, failures } = await load(server, invoiceId, seconds / rounds, clients);
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
 * Ours over HTTP, with `args` added, as the published bin runs it (or `entry`, with `nodeFlags` for
 * Node), on Node `node`.
 * @param {string} fincon @param {string[]} args @param {Record<string, string>} env
 * @param {{ entry?: string, nodeFlags?: string[], node?: string }} [how]
 * @returns {Promise<HttpServer>}
 */
export async function oursOverHttp(fincon, args, env = {}, { entry = BIN, nodeFlags = [], node } = {}) {
  const { found, child, stop } = await listening(
    [
      ...nodeFlags,
      entry,
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
    node,
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { endpoint: found, pid: /** @type {number} */ (child.pid), stop, exited };
}

/**
 * The lean floor on Node `node`, sending API keys, or `apiToken` as a bearer.
 * @param {string} fincon @param {string} node @param {string} [apiToken]
 * @returns {Promise<HttpServer>}
 */
async function floorOverHttp(fincon, node, apiToken) {
  const { found, child, stop } = await listening(
    [FLOOR_HTTP],
    {
      FLOOR_GET_URL: `${fincon}/invoices/{id}/`,
      FLOOR_CLIENT: 'undici',
      ...(apiToken ? { FLOOR_AUTHORIZATION: `Bearer ${apiToken}` } : {}),
    },
    'stdout',
    /^(http\S+)/,
    node,
  );
  return { endpoint: found, pid: /** @type {number} */ (child.pid), stop };
}

/**
 * Ours as a team hosts it: /mcp accepts the identity provider's tokens for PUBLIC_URL and calls
 * the API with each caller's token exchanged for one meant for the API. One caller per client.
 * @param {string} fincon @param {any} idp @param {any} support the identity provider's module
 * @param {number} clients @param {string} node
 * @returns {Promise<HttpServer>}
 */
async function oursWithOAuth(fincon, idp, support, clients, node) {
  const server = await oursOverHttp(
    fincon,
    [
      ...['--auth', 'oauth', '--oauth-issuer', idp.issuer, '--public-url', PUBLIC_URL],
      ...['--upstream-auth', 'token-exchange', '--upstream-issuer', idp.issuer, '--upstream-resource', support.API_RESOURCE],
    ],
    { PFM_OAUTH_CLIENT_ID: support.SERVER_CLIENT.clientId, PFM_OAUTH_CLIENT_SECRET: support.SERVER_CLIENT.clientSecret },
    { node },
  );
  const tokens = [];
  for (let index = 0; index < clients; index += 1)
    tokens.push(await idp.userToken(`bench-user-${index}`, { resource: PUBLIC_URL, scope: 'read modify', ttl: 3600 }));
  return { ...server, tokens };
}

/**
 * The HTTP tables on Node `node`: ours beside the lean floor, with API keys and with OAuth,
 * `seconds` of load each from `clients` clients.
 * @param {{ seconds: number, clients: number, node: { label: string, binary: string } }} options
 */
export async function httpTable({ seconds, clients, node }) {
  /** @type {any} */
  const support = await importTypeScript('../support/identity-provider.ts');
  const idp = await support.startIdentityProvider();
  idp.apiTokenTtl = 3600;
  const sandbox = await sandboxProcess(['--oauth-issuer', idp.issuer, '--oauth-audience', support.API_RESOURCE]);
  /** @type {any} */
  const page = await (
    await fetch(`${sandbox.fincon}/invoices/`, { headers: { 'x-api-key': 'bench', 'x-api-token': 'bench' } })
  ).json();
  const invoiceId = page.data[0].id;
  const apiToken = await idp.userToken('bench-floor', { resource: support.API_RESOURCE, scope: 'api', ttl: 3600 });
  /** @type {Record<string, HttpServer>} */
  const servers = {};
  try {
    servers.ours = await oursOverHttp(sandbox.fincon, ['--insecure-no-auth'], {}, { node: node.binary });
    servers['lean floor'] = await floorOverHttp(sandbox.fincon, node.binary);
    servers['ours with OAuth'] = await oursWithOAuth(sandbox.fincon, idp, support, clients, node.binary);
    servers['lean floor with an API token'] = await floorOverHttp(sandbox.fincon, node.binary, apiToken);
    const tallies = await compare(servers, invoiceId, { seconds, clients, rounds: ROUNDS });
    return throughputTable(`Streamable HTTP on ${node.label}, ${clients} clients, ${seconds} s each`, tallies, [
      ['ours', 'lean floor', ''],
      ['ours with OAuth', 'lean floor with an API token', 'with OAuth: '],
    ]);
  } finally {
    for (const server of Object.values(servers)) server.stop();
    sandbox.stop();
    await idp.close();
  }
}

/** @param {Tally} tally */
const perSecond = (tally) => tally.calls / tally.seconds;
/** @param {Tally} tally */
const cpuPerCall = (tally) => (tally.cpu * 1000) / Math.max(1, tally.calls);

/**
 * Every server's figures, and for each pair of ours and a floor the ratios, held to the targets.
 * @param {string} title @param {Record<string, Tally>} tallies
 * @param {Array<[ours: string, floor: string, label: string]>} pairs
 */
function throughputTable(title, tallies, pairs) {
  const targets = pairs.flatMap(([oursName, floorName, label]) => {
    const ours = /** @type {Tally} */ (tallies[oursName]);
    const floor = /** @type {Tally} */ (tallies[floorName]);
    const throughput = perSecond(ours) / perSecond(floor);
    const cpu = cpuPerCall(ours) / cpuPerCall(floor);
    const valid = ours.failures === 0 && floor.failures === 0;
    return [
      [`${label}calls per second >= 0.9 of the lean floor`, ratio(throughput), verdict(throughput >= 0.9 && valid)],
      [`${label}CPU per call <= 1.2x the lean floor`, ratio(cpu), verdict(cpu <= 1.2)],
    ];
  });
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
    table(['target', 'measured', ''], targets),
  ].join('\n');
}
