/**
 * A broken upstream is an error, never a wrong answer: answers that are not the expected
 * JSON:API document, redirects, bodies past the size limit (before and after decompression),
 * answers that trickle in past the deadline, and downloads that break off. The API is the
 * sandbox behind a proxy that answers the requests a test picks in its own broken way.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import {
  againstApi,
  connectHttp,
  dataOf,
  startHttpServer,
  textOf,
  type HttpServer,
  type Page,
  type TestClient,
} from '../support/harness.js';

const MiB = 1024 * 1024;

let sandbox: SandboxHandle;
let proxy: FaultProxy;
let server: HttpServer;
let client: TestClient;
let files: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.origin);
  files = await mkdtemp(join(tmpdir(), 'pfm-broken-'));
  const options = againstApi(`${proxy.origin}/fincon/v1`, ['--timeout-ms', '3000', '--file-roots', files, '--toolsets', 'all']);
  // A small young generation, so that peak memory shows what the code holds, not how long V8 waits.
  server = await startHttpServer({ ...options, env: { ...options.env, NODE_OPTIONS: '--max-semi-space-size=1' } });
  client = await connectHttp('modern', server.endpoint);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
  await proxy?.close();
  await sandbox?.close();
  if (files) await rm(files, { recursive: true, force: true });
});

/** The next request of `method` to a path containing `path` gets `failure`; all others go through. */
function breakNext(method: string, path: string, failure: FaultProxy['failWith']): void {
  let left = 1;
  proxy.failWith = failure;
  proxy.fails = (seen, at) => seen === method && at.includes(path) && left-- > 0;
}

const requestsSince = (from: number, method: string) => proxy.seen.slice(from).filter((request) => request.method === method);

async function memoryMiB(kind: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(new RegExp(`${kind}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

/** Writes `total` bytes of `chunk` repeated, as fast as the socket takes them (or until it closes). */
async function stream(outgoing: ServerResponse, chunk: Buffer, total: number): Promise<void> {
  for (let sent = 0; sent < total && !outgoing.destroyed; sent += chunk.length) {
    if (!outgoing.write(chunk)) await new Promise((resolve) => outgoing.once('drain', resolve).once('close', resolve));
  }
  outgoing.end();
}

describe('a success status without the document the operation expects', () => {
  it.each<[string, string, string]>([
    ['an HTML page', 'text/html', '<html><body>Maintenance</body></html>'],
    ['an empty body', 'application/json', ''],
    ['JSON that is not a document', 'application/json', '[1, 2, 3]'],
    ['a document without data', 'application/json', '{"meta": {"count": 0}}'],
    ['a document whose data is not a list', 'application/json', '{"data": {"id": "1", "type": "PROJECT"}}'],
  ])('is an error naming the operation and the status, for %s', async (_what, type, body) => {
    breakNext('GET', '/projects/', (outgoing) => {
      outgoing.writeHead(200, { 'content-type': type });
      outgoing.end(body);
    });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^list_projects: the API answered HTTP 200, but in an unexpected form/);
    expect(textOf(result)).not.toContain('No projects matched');
  });

  it('is an error for a single resource too', async () => {
    const project = (await client.items('list_projects'))[0]!;
    breakNext('GET', `/projects/${project.id}/`, (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end('{"data": null}');
    });
    const result = await client.callTool('get_project', { project_id: project.id });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/get_project: the API answered HTTP 200, but in an unexpected form \("data" is null\)/);
  });
});

describe('a redirect', () => {
  it('is not a success for a read, and is not followed', async () => {
    const from = proxy.seen.length;
    breakNext('GET', '/projects/', { status: 302, headers: { location: 'https://elsewhere.example/login' } });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(
      'list_projects failed: the API answered HTTP 302, a redirect to https://elsewhere.example/login',
    );
    expect(requestsSince(from, 'GET')).toHaveLength(1);
  });

  it('to a payment is an unknown outcome that is read back, never "accepted"', async () => {
    const approved = await client.page('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } });
    const invoice = approved.items.find((item) => !item.payment_amount_gross)!;
    const payments = async () => (await client.items('list_invoice_payments', { invoice_id: invoice.id })).length;
    const before = await payments();
    const from = proxy.seen.length;
    breakNext('POST', '/register-payment/', { status: 302, headers: { location: '/fincon/v1/somewhere/' } });
    const result = await client.commit('register_invoice_payment', {
      invoice_id: invoice.id,
      payment_amount_gross: '12.40',
      payment_date: '2026-11-20',
      is_final_payment: false,
    });
    expect(requestsSince(from, 'POST')).toHaveLength(1);
    expect(textOf(result)).not.toMatch(/accepted|most likely made/);
    expect((result.structuredContent as { status?: string }).status, textOf(result)).toBe('not_committed');
    expect(textOf(result)).toContain('HTTP 302');
    expect(await payments()).toBe(before);
  });
});

describe('an answer past --max-response-mb (default 50)', () => {
  it('is cut off after 50 MB of a 300 MB body; memory stays flat', async () => {
    breakNext('GET', '/projects/', (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'text/plain' });
      return stream(outgoing, Buffer.alloc(MiB, 0x61), 300 * MiB);
    });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/list_projects failed: .*the answer is larger than 50 MB \(--max-response-mb\)/);
    expect(await memoryMiB('VmHWM')).toBeLessThan(300);
  });

  it('is refused unread when its declared length is too large', async () => {
    breakNext('GET', '/projects/', (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json', 'content-length': String(300 * MiB) });
      return stream(outgoing, Buffer.alloc(MiB, 0x20), 300 * MiB);
    });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('larger than 50 MB');
  });

  it('is cut off when a 1.5 MB gzip body would expand to 1.5 GB; memory stays flat and is given back', async () => {
    const gzip = createGzip({ level: 9 });
    const compressed: Buffer[] = [];
    gzip.on('data', (chunk: Buffer) => compressed.push(chunk));
    const zeros = Buffer.alloc(16 * MiB);
    for (let written = 0; written < 1536 * MiB; written += zeros.length) {
      if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
    }
    await new Promise((resolve) => gzip.end(resolve));
    const bomb = Buffer.concat(compressed);
    expect(bomb.length).toBeLessThan(2 * MiB);

    breakNext('GET', '/projects/', (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      outgoing.end(bomb);
    });
    const result = await client.callTool('list_projects');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('larger than 50 MB');
    expect(await memoryMiB('VmHWM')).toBeLessThan(300);
    // The server goes on answering, and does not hold on to what it read.
    expect((await client.items('list_projects')).length).toBeGreaterThan(0);
    expect(await memoryMiB('VmRSS')).toBeLessThan(300);
  });
});

describe('--timeout-ms', () => {
  it('is a deadline for the whole answer: one that trickles in a byte every 1.5 s fails after 3 s', async () => {
    const from = proxy.seen.length;
    breakNext('GET', '/projects/', async (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      for (const byte of '{"data": []}') {
        if (outgoing.destroyed) return;
        outgoing.write(byte);
        await sleep(1_500);
      }
      outgoing.end();
    });
    const started = Date.now();
    const result = await client.callTool('list_projects');
    const took = Date.now() - started;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('timed out (no complete answer within 3000 ms)');
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(8_000);
    // Asking again would only double the wait.
    expect(requestsSince(from, 'GET')).toHaveLength(1);
  });
});

describe('a download that breaks off', () => {
  it('leaves nothing under save_to, and asking again saves the whole file', async () => {
    const invoice = (await client.items('list_invoices'))[0]!;
    const documents = await client.items('list_invoice_documents', { invoice_id: invoice.id });
    const args = { invoice_id: invoice.id, document_id: documents[0]!.id, save_to: 'rechnung.pdf' };
    breakNext('GET', '/download/', (outgoing) => {
      outgoing.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(200_000) });
      outgoing.write(Buffer.alloc(64 * 1024, 0x25), () => outgoing.destroy());
    });
    const broken = await client.callTool('download_invoice_document', args);
    expect(broken.isError).toBe(true);
    expect(textOf(broken)).toMatch(/download broke off .*Nothing was saved/);
    expect(await readdir(files)).toEqual([]);

    const saved = dataOf<{ saved_to: string; size: number }>(await client.callTool('download_invoice_document', args));
    expect(saved.saved_to).toBe(join(files, 'rechnung.pdf'));
    expect((await readFile(saved.saved_to)).length).toBe(saved.size);
    expect(await readdir(files)).toEqual(['rechnung.pdf']);
  });
});

describe('the server after all of this', () => {
  it('answers normally', async () => {
    const page = dataOf<Page>(await client.callTool('list_projects'));
    expect(page.items.length).toBeGreaterThan(0);
  });
});
