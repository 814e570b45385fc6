/**
 * Where the time goes: CPU profiles (node --cpu-prof) of our server over stdio (get_invoice calls
 * through a real client, one at a time) and over streamable HTTP (get_invoice from concurrent
 * clients), each in a run of its own after the measured ones, so that the profiler's cost touches
 * no figure. The server runs from the compiled modules (dist/src/cli.js), the code the published
 * bundle is made of, so that functions keep their names and files. Printed: the functions with the
 * most self time, as shares of the time the process was busy (idle time left out).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { load, oursOverHttp } from './http-throughput.mjs';
import { CLI, HEADERS, sandboxProcess, stdioClient } from './processes.mjs';
import { table } from './stats.mjs';

const TOP_FRAMES = 12;

/** @param {string} dir */
const profilerFlags = (dir) => ['--cpu-prof', `--cpu-prof-dir=${dir}`];

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

/** Frames that are no JavaScript of anyone's: the process waiting, or the engine's own work. */
const NOT_BUSY = new Set(['(idle)']);

/** A frame's file as a reader finds it: a package's path from its name, ours from dist/. @param {string} url */
function shortUrl(url) {
  const inPackage = url.lastIndexOf('/node_modules/');
  if (inPackage >= 0) return url.slice(inPackage + '/node_modules/'.length);
  const ours = url.indexOf('/dist/');
  return ours >= 0 ? url.slice(ours + '/dist/'.length) : url;
}

/**
 * The frames with the most self time in the one profile written to `dir`, with their share of the
 * busy time, and that busy time in ms.
 * @param {string} dir
 */
function topFrames(dir) {
  const [file] = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile was written to ${dir}`);
  /** @type {Profile} */
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const selfTime = new Map();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    selfTime.set(name, (selfTime.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const busy = [...selfTime].filter(([name]) => !NOT_BUSY.has(name));
  const total = busy.reduce((sum, [, time]) => sum + time, 0);
  const top = busy.sort((a, b) => b[1] - a[1]).slice(0, TOP_FRAMES);
  return { busyMs: total / 1000, rows: top.map(([name, time]) => [name, `${((100 * time) / total).toFixed(1)}%`]) };
}

/**
 * Our server over stdio, profiled, answering `calls` get_invoice calls.
 * @param {string} fincon @param {string} invoiceId @param {number} calls @param {string} dir
 */
async function profileStdio(fincon, invoiceId, calls, dir) {
  const { client } = await stdioClient([...profilerFlags(dir), CLI, '--fincon-url', fincon, '--max-answer-tokens', '1000000'], {
    PFM_API_KEY: 'bench',
    PFM_API_TOKEN: 'bench',
  });
  for (let call = 0; call < calls; call += 1)
    await client.callTool({ name: 'get_invoice', arguments: { invoice_id: invoiceId } });
  // Closing stdin ends the server, which then writes its profile.
  await client.close();
}

/**
 * Our server over streamable HTTP, profiled, under `seconds` of load from `clients` clients.
 * @param {string} fincon @param {string} invoiceId @param {{ seconds: number, clients: number }} load @param {string} dir
 */
async function profileHttp(fincon, invoiceId, { seconds, clients }, dir) {
  const server = await oursOverHttp(fincon, ['--insecure-no-auth'], {}, { entry: CLI, nodeFlags: profilerFlags(dir) });
  try {
    await load(server, invoiceId, seconds, clients);
  } finally {
    server.stop();
    await server.exited;
  }
}

/**
 * The two profiles' top frames.
 * @param {{ calls: number, seconds: number, clients: number }} options
 */
export async function profileTables({ calls, seconds, clients }) {
  const sandbox = await sandboxProcess();
  const page = /** @type {any} */ (await (await request(`${sandbox.fincon}/invoices/`, { headers: HEADERS })).body.json());
  const invoiceId = page.data[0].id;
  const stdioDir = mkdtempSync(join(tmpdir(), 'pfm-prof-stdio-'));
  const httpDir = mkdtempSync(join(tmpdir(), 'pfm-prof-http-'));
  try {
    await profileStdio(sandbox.fincon, invoiceId, calls, stdioDir);
    await profileHttp(sandbox.fincon, invoiceId, { seconds, clients }, httpDir);
    const stdio = topFrames(stdioDir);
    const http = topFrames(httpDir);
    return [
      `**Where the time goes: self time of our server, as shares of its busy time (node --cpu-prof, a run of its own)**`,
      '',
      `Over stdio, ${calls} get_invoice calls one at a time (busy ${stdio.busyMs.toFixed(0)} ms, start-up included):`,
      '',
      table(['function', 'share'], stdio.rows),
      '',
      `Over streamable HTTP, ${clients} clients for ${seconds} s (busy ${http.busyMs.toFixed(0)} ms):`,
      '',
      table(['function', 'share'], http.rows),
    ].join('\n');
  } finally {
    sandbox.stop();
    rmSync(stdioDir, { recursive: true, force: true });
    rmSync(httpDir, { recursive: true, force: true });
  }
}
