/**
 * Large uploads stream from disk: the server process's peak memory (VmHWM, Linux)
 * must not grow with the file. Buffering a file costs at least its size; streaming
 * costs the same bounded amount whatever the size. The server runs with a small
 * young generation so that the peak shows what the code holds, not how long V8
 * waits before collecting garbage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { againstApi, connectHttp, dataOf, startHttpServer } from '../support/harness.js';
import { peakRssMiB } from '../support/memory.js';
import { writePdf } from '../support/pdf-file.mjs';

const MiB = 1024 * 1024;

describe('a 12 MB upload', () => {
  let sandbox: SandboxHandle;
  let dir: string;
  let invoiceId: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    dir = await mkdtemp(join(tmpdir(), 'pfm-upload-'));
    await writePdf(join(dir, 'small.pdf'), 64 * 1024);
    await writePdf(join(dir, 'invoice-12mb.pdf'), 12 * MiB);
    await writePdf(join(dir, 'invoice-240mb.pdf'), 240 * MiB);
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Peak memory growth of a fresh server process while it uploads one file. */
  async function growthUploading(file: string): Promise<number> {
    const options = againstApi(sandbox.baseUrls.fincon, ['--file-roots', dir, '--toolsets', 'all']);
    const server = await startHttpServer({ ...options, env: { ...options.env, NODE_OPTIONS: '--max-semi-space-size=1' } });
    try {
      const client = await connectHttp('modern', server.endpoint);
      invoiceId ??= dataOf<{ items: Array<{ id: string }> }>(await client.callTool('list_invoices', {})).items[0]!.id;
      const upload = (name: string) =>
        client.callTool('upload_invoice_document', { invoice_id: invoiceId, document_type: 'ATTACHMENT', file_path: name });
      dataOf(await upload('small.pdf'));
      const before = await peakRssMiB(server.process.pid!);
      const stored = dataOf<{ filename: string }>(await upload(file));
      expect(stored.filename).toBe(file);
      const growth = (await peakRssMiB(server.process.pid!)) - before;
      await client.close();
      return growth;
    } finally {
      await server.stop();
    }
  }

  it('streams: peak memory stays flat from 12 MB to 240 MB', async () => {
    const twelve = await growthUploading('invoice-12mb.pdf');
    const large = await growthUploading('invoice-240mb.pdf');
    // Held in memory, the 240 MB file alone would add 240 MiB, and 228 MiB more than the 12 MB one;
    // streamed, both stay within the same few dozen MiB that garbage collection leaves around.
    expect(large).toBeLessThan(120);
    expect(large - twelve).toBeLessThan(100);
  });
});
