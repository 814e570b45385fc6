/**
 * `npm run bench`: each area measured beside its floor in the same run, printed as markdown
 * tables with the targets. Not part of `npm test`: timings belong here, not in tests.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { nodeBinary } from '../support/node-binary.mjs';
import { coldStarts, coldStartTables } from './cold-start.mjs';
import { fileTransferTable } from './file-transfer.mjs';
import { guardedWritesTable } from './guarded-writes.mjs';
import { httpTable } from './http-throughput.mjs';
import { largeProjectTable } from './large-project.mjs';
import { perCallTable } from './per-call.mjs';
import { profileTables } from './profiles.mjs';
import { searchTable } from './search.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 20);
const HTTP_CLIENTS = 16;
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
const WRITE_CLIENTS = 8;

const machine = `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`;
console.log(`# project-finance-mcp benchmarks\n\n${new Date().toISOString().slice(0, 10)}, ${machine}.\n`);

/** @type {Array<{ label: string, binary: string, under200: boolean }>} the 200 ms target is set for Node 24 */
const nodes = [{ label: `Node ${process.versions.node}`, binary: process.execPath, under200: false }];
const node24 = nodeBinary(24);
if (node24) {
  const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim().slice(1);
  nodes.push({ label: `Node ${version}`, binary: node24, under200: true });
} else console.error('Node 24 could not be fetched with npx; its tables are left out.');
for (const { label, binary, under200 } of nodes) {
  console.log(coldStartTables(label, await coldStarts(binary, ROUNDS), { under200 }));
  console.log('');
}

for (const { label, binary } of nodes) {
  console.log(await perCallTable(CALLS, { label, binary }));
  console.log('');
}
console.log(await searchTable());
console.log('');
for (const { label, binary } of nodes) {
  console.log(await httpTable({ seconds: HTTP_SECONDS, clients: HTTP_CLIENTS, node: { label, binary } }));
  console.log('');
}
console.log(await profileTables({ calls: CALLS * 5, seconds: HTTP_SECONDS / 2, clients: HTTP_CLIENTS }));
console.log('');
console.log(await largeProjectTable());
console.log('');
console.log(await fileTransferTable());
console.log('');
console.log(await guardedWritesTable({ seconds: WRITE_SECONDS, clients: WRITE_CLIENTS }));
