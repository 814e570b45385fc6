// @ts-check
/**
 * Preloaded with `node --import` in a server under test: records the URL of every module the
 * process loads and writes them, one a line, to PFM_TEST_LOAD_LOG when it exits.
 */
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
/** @type {string[]} */
const loaded = [];
port1.on('message', (url) => loaded.push(String(url)));
port1.unref();
register('./hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
process.on('exit', () => writeFileSync(String(process.env.PFM_TEST_LOAD_LOG), loaded.join('\n')));
