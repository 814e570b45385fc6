/**
 * `npm run conformance`: the official MCP conformance suite's server scenarios
 * (@modelcontextprotocol/conformance, which needs Node 22 or later) against the published bin
 * over HTTP on 127.0.0.1, with the embedded sandbox. Scenarios the server cannot pass are listed
 * with their reasons in baseline.yml; any other failure, or an entry there that now passes,
 * fails the run. Builds first when the bundle is missing or older than a source.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { nodeBinary } from '../support/node-binary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'dist/bundle/launcher.cjs');
const SUITE = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = join(root, 'test/conformance/baseline.yml');
const SUITE_NODE_MAJOR = 22;

/** Modification time of the newest file under `dir`. @param {string} dir */
function newestIn(dir) {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) =>
      entry.isFile() ? statSync(join(entry.parentPath, entry.name)).mtimeMs : 0,
    ),
  );
}

function buildIfStale() {
  let built = 0;
  try {
    built = statSync(BIN).mtimeMs;
  } catch {
    // Not built yet.
  }
  if (built > Math.max(newestIn(join(root, 'src')), newestIn(join(root, 'tools')))) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

/** A Node the suite runs on: this one when it is recent enough, else one fetched by npx. */
function suiteNode() {
  if (Number(process.versions.node.split('.')[0]) >= SUITE_NODE_MAJOR) return process.execPath;
  const binary = nodeBinary(SUITE_NODE_MAJOR);
  if (!binary) throw new Error(`The conformance suite needs Node ${SUITE_NODE_MAJOR}; npx could not fetch it.`);
  return binary;
}

/** The server over HTTP with the sandbox, once it says where it listens; its stderr is kept for a failure. */
async function startServer() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PFM_')));
  const child = spawn(process.execPath, [BIN, '--transport', 'http', '--host', '127.0.0.1', '--port', '0', '--sandbox'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  /** @type {string[]} */
  const stderr = [];
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stderr) });
  const endpoint = await new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      stderr.push(line);
      const found = /MCP endpoint: (\S+)/.exec(line)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${stderr.join('\n')}`)));
  });
  return { endpoint, stderr, child };
}

/**
 * Stops the server and waits until it has gone: asked to stop, it first finishes what it serves,
 * and a request the suite left waiting would keep it alive after this script.
 * @param {import('node:child_process').ChildProcess} child
 */
async function stopped(child) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

buildIfStale();
const node = suiteNode();
const server = await startServer();
const suite = spawn(node, [SUITE, 'server', '--url', server.endpoint, '--expected-failures', BASELINE], { stdio: 'inherit' });
const [code] = await once(suite, 'exit');
await stopped(server.child);
if (code !== 0) console.error(`\nThe server's stderr:\n${server.stderr.join('\n')}`);
process.exit(code ?? 1);
