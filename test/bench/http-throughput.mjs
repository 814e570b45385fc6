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
import { percentile, ratio, table, verdict } from './stats.mjs';
import { importTypeScript } from './typescript.mjs';

const FLOOR_HTTP = fileURLToPath(new URL('./floor-http-server.mjs', import.meta.url));
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};
const WARM_UP_SECONDS = 2;
/**
 * Windows of about a second per server, in turn: the ratios are taken window by window and their
 * median is held to the target, so that a slow spell of the machine weighs on one pair of windows
 * rather than on one server.
 */
const WINDOW_SECONDS = 1;
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
 * The servers, `rounds` windows each in turn (the order reversed every other round, so that no
 * server always follows the same one): each server's calls, failures, seconds and CPU seconds per
 * window.
 * @param {Record<string, HttpServer>} servers @param {string} invoiceId
 * @param {{ seconds: number, clients: number, rounds: number }} options
 * @returns {Promise<Record<string, Tally[]>>}
 */
async function compare(servers, invoiceId, { seconds, clients, rounds }) {
  /** @type {Record<string, Tally[]>} */
  const windows = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (const server of Object.values(servers)) await load(server, invoiceId, WARM_UP_SECONDS, clients);
  const inTurn = Object.entries(servers);
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, server] of round % 2 ? [...inTurn].reverse() : inTurn) {
      const cpuBefore = cpuSeconds(server.pid);
      const started = performance.now();
      const { calls, failures } = await load(server, invoiceId, seconds / rounds, clients);
      windows[name]?.push({
        calls,
        failures,
        seconds: (performance.now() - started) / 1000,
        cpu: cpuSeconds(server.pid) - cpuBefore,
      });
    }
  }
  return windows;
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
 * @param {string} fincon @param {IdentityProvider} identity @param {number} clients
 * @param {{ entry?: string, nodeFlags?: string[], node?: string }} how as for oursOverHttp
 * @returns {Promise<HttpServer>}
 */
export async function oursWithOAuth(fincon, { idp, support }, clients, how) {
  const server = await oursOverHttp(
    fincon,
    [
      ...['--auth', 'oauth', '--oauth-issuer', idp.issuer, '--public-url', PUBLIC_URL],
      ...['--upstream-auth', 'token-exchange', '--upstream-issuer', idp.issuer, '--upstream-resource', support.API_RESOURCE],
    ],
    { PFM_OAUTH_CLIENT_ID: support.SERVER_CLIENT.clientId, PFM_OAUTH_CLIENT_SECRET: support.SERVER_CLIENT.clientSecret },
    how,
  );
  const tokens = [];
  for (let index = 0; index < clients; index += 1)
    tokens.push(await idp.userToken(`bench-user-${index}`, { resource: PUBLIC_URL, scope: 'read modify', ttl: 3600 }));
  return { ...server, tokens };
}

/**
 * @typedef {{ idp: any, support: any }} IdentityProvider the test identity provider and its module
 */

/**
 * The test identity provider, and the sandbox in a process of its own checking its tokens (API
 * keys still taken), with the id of an invoice to call get_invoice on.
 * @returns {Promise<{ identity: IdentityProvider, sandbox: { fincon: string, stop: () => void }, invoiceId: string }>}
 */
export async function sandboxWithIdentityProvider() {
  /** @type {any} */
  const support = await importTypeScript('../support/identity-provider.ts');
  const idp = await support.startIdentityProvider();
  idp.apiTokenTtl = 3600;
  const sandbox = await sandboxProcess(['--oauth-issuer', idp.issuer, '--oauth-audience', support.API_RESOURCE]);
  /** @type {any} */
  const page = await (
    await fetch(`${sandbox.fincon}/invoices/`, { headers: { 'x-api-key': 'bench', 'x-api-token': 'bench' } })
  ).json();
  return { identity: { idp, support }, sandbox, invoiceId: page.data[0].id };
}

/**
 * The HTTP tables on Node `node`: ours beside the lean floor, with API keys and with OAuth,
 * `seconds` of load each from `clients` clients.
 * @param {{ seconds: number, clients: number, node: { label: string, binary: string } }} options
 */
export async function httpTable({ seconds, clients, node }) {
  const { identity, sandbox, invoiceId } = await sandboxWithIdentityProvider();
  const { idp, support } = identity;
  const apiToken = await idp.userToken('bench-floor', { resource: support.API_RESOURCE, scope: 'api', ttl: 3600 });
  /** @type {Record<string, HttpServer>} */
  const servers = {};
  try {
    servers.ours = await oursOverHttp(sandbox.fincon, ['--insecure-no-auth'], {}, { node: node.binary });
    servers['lean floor'] = await floorOverHttp(sandbox.fincon, node.binary);
    servers['ours with OAuth'] = await oursWithOAuth(sandbox.fincon, identity, clients, { node: node.binary });
    servers['lean floor with an API token'] = await floorOverHttp(sandbox.fincon, node.binary, apiToken);
    const windows = await compare(servers, invoiceId, {
      seconds,
      clients,
      rounds: Math.max(2, Math.round(seconds / WINDOW_SECONDS)),
    });
    return throughputTable(`Streamable HTTP on ${node.label}, ${clients} clients, ${seconds} s each`, windows, [
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

/** All of a server's windows as one. @param {Tally[]} windows @returns {Tally} */
const total = (windows) =>
  windows.reduce(
    (sum, window) => ({
      calls: sum.calls + window.calls,
      failures: sum.failures + window.failures,
      seconds: sum.seconds + window.seconds,
      cpu: sum.cpu + window.cpu,
    }),
    { calls: 0, failures: 0, seconds: 0, cpu: 0 },
  );

/**
 * The median of a ratio taken window by window, and its middle half.
 * @param {Tally[]} ours @param {Tally[]} floor @param {(tally: Tally) => number} figure
 */
function windowRatios(ours, floor, figure) {
  const ratios = ours.map((window, index) => figure(window) / figure(/** @type {Tally} */ (floor[index])));
  return { median: percentile(ratios, 50), low: percentile(ratios, 25), high: percentile(ratios, 75) };
}

/** @param {{ median: number, low: number, high: number }} spread */
const shown = ({ median, low, high }) => `${ratio(median)} (${ratio(low)}-${ratio(high)})`;

/**
 * Every server's figures, and for each pair of ours and a floor the median of the window-by-window
 * ratios (with the middle half of them), held to the targets.
 * @param {string} title @param {Record<string, Tally[]>} windows
 * @param {Array<[ours: string, floor: string, label: string]>} pairs
 */
function throughputTable(title, windows, pairs) {
  const targets = pairs.flatMap(([oursName, floorName, label]) => {
    const ours = windows[oursName] ?? [];
    const floor = windows[floorName] ?? [];
    const throughput = windowRatios(ours, floor, perSecond);
    const cpu = windowRatios(ours, floor, cpuPerCall);
    const valid = total(ours).failures === 0 && total(floor).failures === 0;
    return [
      [`${label}calls per second >= 0.9 of the lean floor`, shown(throughput), verdict(throughput.median >= 0.9 && valid)],
      [`${label}CPU per call <= 1.2x the lean floor`, shown(cpu), verdict(cpu.median <= 1.2)],
    ];
  });
  return [
    `### ${title}`,
    '',
    table(
      ['server', 'calls/s', 'failed calls', 'CPU per call'],
      Object.entries(windows).map(([name, tallies]) => {
        const all = total(tallies);
        return [name, perSecond(all).toFixed(0), String(all.failures), `${cpuPerCall(all).toFixed(2)} ms`];
      }),
    ),
    '',
    table(['target (median of the windows, middle half in brackets)', 'measured', ''], targets),
  ].join('\n');
}
