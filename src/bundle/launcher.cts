#!/usr/bin/env node
/**
 * The published executable: runs the one-file bundle of the server (server.cjs beside this file)
 * with a V8 code cache, so a start compiles nothing it compiled before. Node 20 has no module
 * compile cache of its own, and a desktop host starts every configured server at launch.
 *
 * The cache lives in the user's cache directory ($XDG_CACHE_HOME or ~/.cache), one file per
 * bundle and Node version; V8 refuses a cache of other code or another V8, and then a fresh one
 * is written. It is written once, CACHE_AFTER_MS into the first session or when it ends if that
 * is sooner: what starting and the first calls compiled. A cache written at the end of a long
 * session held every function the session ever compiled, and each later start loaded them all
 * (on Node 24: 531 ms and 107 MB to the first tools/list, against 353 ms and 83 MB).
 */
import crypto = require('node:crypto');
import fs = require('node:fs');
import Module = require('node:module');
import os = require('node:os');
import path = require('node:path');
import vm = require('node:vm');

const { join } = path;

const BUNDLE = join(__dirname, 'server.cjs');
function cacheFile(): string | undefined {
  const home = process.env.XDG_CACHE_HOME || (os.homedir() && join(os.homedir(), '.cache'));
  if (!home) return undefined;
  const { size, mtimeMs } = fs.statSync(BUNDLE);
  const key = crypto.createHash('sha256').update(`${BUNDLE}|${size}|${mtimeMs}|${process.version}|${process.arch}`).digest('hex');
  return join(home, 'project-finance-mcp', `${key.slice(0, 24)}.v8cache`);
}

function readCache(file: string | undefined): Buffer | undefined {
  try {
    return file ? fs.readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** When the cache of a session still running is written. */
const CACHE_AFTER_MS = 3_000;

function writeCache(file: string, script: vm.Script): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(partial, file);
  } catch {
    // A cache that cannot be written only makes the next start slower.
  }
}

const file = cacheFile();
const cachedData = readCache(file);
// The bundle keeps cli.ts's #! line, which only Node's own loader skips.
const source = fs.readFileSync(BUNDLE, 'utf8').replace(/^#!/, '//');
const script = new vm.Script(Module.wrap(source), { filename: BUNDLE, cachedData });
const bundle = new Module(BUNDLE, module);
bundle.filename = BUNDLE;
bundle.paths = module.paths;
(script.runInThisContext() as (...args: unknown[]) => void).call(
  bundle.exports,
  bundle.exports,
  Module.createRequire(BUNDLE),
  bundle,
  BUNDLE,
  __dirname,
);
if (file && (!cachedData || script.cachedDataRejected)) {
  let written = false;
  const writeOnce = () => {
    if (written) return;
    written = true;
    writeCache(file, script);
  };
  setTimeout(writeOnce, CACHE_AFTER_MS).unref();
  process.once('exit', writeOnce);
}
