/**
 * A 25 MB upload and download through ours over stdio (the published bin, credentials, the
 * sandbox in a process of its own): time, beside the same transfer sent straight to the sandbox,
 * and how much the server's peak memory grows (VmHWM after, minus before). Warmed up first by a
 * small transfer and WARM_UP_CALLS reads, then a second of rest: undici's HTTP parser is
 * WebAssembly that V8 compiles again, optimised, in the background once it has run a while, a
 * one-time 15 to 25 MB that otherwise lands in the measured window by chance.
 */
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FormData, request } from 'undici';
import { writePdf } from '../support/pdf-file.mjs';
import { BIN, HEADERS, peakRss, sandboxProcess, stdioClient } from './processes.mjs';
import { mib, ms, table, verdict } from './stats.mjs';

const BYTES = 25_000_000;
const WARM_UP_CALLS = 100;

/**
 * @param {import('@modelcontextprotocol/client').Client} client @param {string} name @param {Record<string, unknown>} args
 * @returns {Promise<any>}
 */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content).slice(0, 300)}`);
  return result.structuredContent;
}

/** @param {() => Promise<unknown>} work */
async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { value, took: performance.now() - started };
}

export async function fileTransferTable() {
  const dir = mkdtempSync(join(tmpdir(), 'pfm-bench-files-'));
  const sandbox = await sandboxProcess();
  /** @type {import('@modelcontextprotocol/client').Client | undefined} */
  let ours;
  try {
    await writePdf(join(dir, 'small.pdf'), 64 * 1024);
    await writePdf(join(dir, 'large.pdf'), BYTES);
    const { client, pid } = await stdioClient([BIN, '--fincon-url', sandbox.fincon, '--file-roots', dir, '--toolsets', 'all'], {
      PFM_API_KEY: 'bench',
      PFM_API_TOKEN: 'bench',
    });
    ours = client;
    const invoiceId = (await call(client, 'list_invoices', {})).items[0].id;
    const upload = (/** @type {string} */ file) =>
      call(client, 'upload_invoice_document', { invoice_id: invoiceId, document_type: 'ATTACHMENT', file_path: file });
    const download = (/** @type {string} */ documentId, /** @type {string} */ file) =>
      call(client, 'download_invoice_document', { invoice_id: invoiceId, document_id: documentId, save_to: file });

    const small = await upload('small.pdf');
    await download(small.id, 'small-back.pdf');
    for (let index = 0; index < WARM_UP_CALLS; index += 1) await call(client, 'get_invoice', { invoice_id: invoiceId });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const beforeUpload = peakRss(pid);
    const uploaded = await timed(() => upload('large.pdf'));
    const afterUpload = peakRss(pid);
    const downloaded = await timed(() => download(/** @type {any} */ (uploaded.value).id, 'large-back.pdf'));
    const afterDownload = peakRss(pid);
    if (statSync(join(dir, 'large-back.pdf')).size !== statSync(join(dir, 'large.pdf')).size) {
      throw new Error('the downloaded file differs in size from the uploaded one');
    }

    const documents = `${sandbox.fincon}/invoices/${invoiceId}/documents/`;
    const direct = await timed(async () => {
      const form = new FormData();
      form.set('document_type', 'ATTACHMENT');
      form.set('upload', await openAsBlob(join(dir, 'large.pdf'), { type: 'application/pdf' }), 'large.pdf');
      const answer = await request(documents, { method: 'POST', headers: HEADERS, body: form });
      await answer.body.dump();
    });

    const uploadGrowth = afterUpload - beforeUpload;
    return [
      `### A ${(BYTES / 1e6).toFixed(0)} MB PDF through the server over stdio`,
      '',
      table(
        ['transfer', 'time', 'peak memory growth'],
        [
          ['ours: upload_invoice_document from file_path', ms(uploaded.took), mib(uploadGrowth)],
          ['ours: download_invoice_document to save_to', ms(downloaded.took), mib(afterDownload - afterUpload)],
          ['direct multipart POST to the sandbox', ms(direct.took), '-'],
        ],
      ),
      '',
      table(['target', 'measured', ''], [['upload memory growth <= 10 MB', mib(uploadGrowth), verdict(uploadGrowth <= 10)]]),
    ].join('\n');
  } finally {
    await ours?.close();
    sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
