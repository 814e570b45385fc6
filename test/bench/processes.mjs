/** The processes the benchmarks talk to: the sandbox API, and servers that print where they listen. */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { request } from 'undici';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/src/cli.js', import.meta.url));
/** The published executable: the bundle's launcher. */
export const BIN = fileURLToPath(new URL('../../dist/bundle/launcher.cjs', import.meta.url));
/** What the benchmarks send as API credentials. */
export const HEADERS = { 'x-api-key': 'bench', 'x-api-token': 'bench' };

/**
 * A child process of Node `node` started with `args`, once a line of its `stream` matched
 * `pattern`: the first group of that match, the child, and how to stop it.
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @param {'stdout' | 'stderr'} stream
 * @param {RegExp} pattern
 * @param {string} [node] the Node binary; this one by default
 */
export async function listening(args, env, stream, pattern, node = process.execPath) {
  const child = spawn(node, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', stream === 'stdout' ? 'pipe' : 'ignore', stream === 'stderr' ? 'pipe' : 'ignore'],
  });
  const output = /** @type {import('node:stream').Readable} */ (child[stream]);
  const lines = createInterface({ input: output });
  for await (const line of lines) {
    const found = pattern.exec(line)?.[1];
    if (found) {
      lines.close();
      // Read on and drop: a pipe left full would stall a server that logs each request.
      output.resume();
      return { found, child, stop: () => child.kill() };
    }
  }
  throw new Error(`${args.join(' ')} never printed ${pattern}`);
}

/**
 * The sandbox in a process of its own (`project-finance-mcp sandbox`, with `args` added), and its
 * FinCon base URL.
 * @param {string[]} args
 */
export async function sandboxProcess(args = []) {
  const { found, stop } = await listening([CLI, 'sandbox', '--port', '0', ...args], {}, 'stdout', /^fincon: (\S+)/);
  return { fincon: found, stop };
}

/** A process's peak resident memory so far (VmHWM, Linux), in MB. @param {number} pid */
export function peakRss(pid) {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/**
 * A client connected over stdio to a server started on Node `node` with `args` and `env` (PATH
 * added), and the server's process id.
 * @param {string[]} args @param {Record<string, string>} env @param {string} [node]
 */
export async function stdioClient(args, env, node = process.execPath) {
  const transport = new StdioClientTransport({
    command: node,
    args,
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: /** @type {number} */ (transport.pid) };
}

/**
 * A GET straight to the API with the bench's credentials: its JSON body; any status but 200 throws.
 * @param {string} url @returns {Promise<any>}
 */
export async function getJson(url) {
  const answer = await request(url, { headers: HEADERS });
  if (answer.statusCode !== 200) throw new Error(`GET ${url}: ${answer.statusCode}`);
  return answer.body.json();
}
