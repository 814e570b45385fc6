/**
 * Where the time goes: CPU profiles (node --cpu-prof) of our server over stdio (get_invoice calls
 * through a real client, one at a time) and over streamable HTTP (get_invoice from concurrent
 * clients, with API keys and again with OAuth on), each in a run of its own after the measured
 * ones, so that the profiler's cost touches no figure. The server runs from the compiled modules
 * (dist/src/cli.js), the code the published bundle is made of, so that functions keep their names
 * and files. Printed: the functions with the most self time, as shares of the time the process was
 * busy (idle time left out), and those whose time per call OAuth made grow most.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, oursOverHttp, oursWithOAuth, sandboxWithIdentityProvider } from './http-throughput.mjs';
import { CLI, stdioClient } from './processes.mjs';
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
 * Each frame's self time in the one profile written to `dir` (idle left out), in µs.
 * @param {string} dir @returns {Map<string, number>}
 */
function selfTimes(dir) {
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
    if (NOT_BUSY.has(name)) return;
    selfTime.set(name, (selfTime.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return selfTime;
}

/** @param {Map<string, number>} times */
const sumOf = (times) => [...times.values()].reduce((sum, time) => sum + time, 0);

/**
 * The frames with the most self time, with their share of the busy time, and that busy time in ms.
 * @param {Map<string, number>} times
 */
function topFrames(times) {
  const total = sumOf(times);
  const top = [...times].sort((a, b) => b[1] - a[1]).slice(0, TOP_FRAMES);
  return { busyMs: total / 1000, rows: top.map(([name, time]) => [name, `${((100 * time) / total).toFixed(1)}%`]) };
}

/**
 * The frames whose self time per call grew most from `without` to `with`: where the time a
 * setting adds goes.
 * @param {{ times: Map<string, number>, calls: number }} without @param {{ times: Map<string, number>, calls: number }} with_
 */
function framesThatGrew(without, with_) {
  /** @param {{ times: Map<string, number>, calls: number }} run @param {string} name */
  const perCall = (run, name) => (run.times.get(name) ?? 0) / Math.max(1, run.calls);
  const names = new Set([...without.times.keys(), ...with_.times.keys()]);
  const grown = [...names]
    .map((name) => ({ name, before: perCall(without, name), after: perCall(with_, name) }))
    .sort((a, b) => b.after - b.before - (a.after - a.before))
    .slice(0, TOP_FRAMES);
  return grown.map(({ name, before, after }) => [name, before.toFixed(1), after.toFixed(1), `+${(after - before).toFixed(1)}`]);
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
 * A server over streamable HTTP, profiled, under `seconds` of load from `clients` clients: its
 * frames' self times and the calls answered.
 * @param {(dir: string) => Promise<import('./http-throughput.mjs').HttpServer>} start
 * @param {string} invoiceId @param {{ seconds: number, clients: number }} load
 */
async function profileHttp(start, invoiceId, { seconds, clients }) {
  const dir = mkdtempSync(join(tmpdir(), 'pfm-prof-http-'));
  try {
    const server = await start(dir);
    let calls = 0;
    try {
      ({ calls } = await load(server, invoiceId, seconds, clients));
    } finally {
      server.stop();
      await server.exited;
    }
    return { times: selfTimes(dir), calls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The profiles' top frames, and the frames that OAuth makes cost more.
 * @param {{ calls: number, seconds: number, clients: number }} options
 */
export async function profileTables({ calls, seconds, clients }) {
  const { identity, sandbox, invoiceId } = await sandboxWithIdentityProvider();
  const stdioDir = mkdtempSync(join(tmpdir(), 'pfm-prof-stdio-'));
  try {
    await profileStdio(sandbox.fincon, invoiceId, calls, stdioDir);
    const profiled = { entry: CLI };
    const http = await profileHttp(
      (dir) => oursOverHttp(sandbox.fincon, ['--insecure-no-auth'], {}, { ...profiled, nodeFlags: profilerFlags(dir) }),
      invoiceId,
      { seconds, clients },
    );
    const oauth = await profileHttp(
      (dir) => oursWithOAuth(sandbox.fincon, identity, clients, { ...profiled, nodeFlags: profilerFlags(dir) }),
      invoiceId,
      { seconds, clients },
    );
    const stdio = topFrames(selfTimes(stdioDir));
    const httpTop = topFrames(http.times);
    /** @param {{ times: Map<string, number>, calls: number }} run */
    const microsPerCall = (run) => (sumOf(run.times) / Math.max(1, run.calls)).toFixed(0);
    return [
      `**Where the time goes: self time of our server, as shares of its busy time (node --cpu-prof, a run of its own)**`,
      '',
      `Over stdio, ${calls} get_invoice calls one at a time (busy ${stdio.busyMs.toFixed(0)} ms, start-up included):`,
      '',
      table(['function', 'share'], stdio.rows),
      '',
      `Over streamable HTTP, ${clients} clients for ${seconds} s (busy ${httpTop.busyMs.toFixed(0)} ms):`,
      '',
      table(['function', 'share'], httpTop.rows),
      '',
      `With OAuth, the same load (busy ${microsPerCall(oauth)} µs a call against ${microsPerCall(http)} µs without):` +
        ' the functions whose self time grew most, µs a call',
      '',
      table(['function', 'without OAuth', 'with OAuth', 'more'], framesThatGrew(http, oauth)),
    ].join('\n');
  } finally {
    sandbox.stop();
    await identity.idp.close();
    rmSync(stdioDir, { recursive: true, force: true });
  }
}
