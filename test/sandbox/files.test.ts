import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { FileStore } from '../../src/sandbox/files/file-store.js';
import { StorageHost } from '../../src/sandbox/files/storage.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { CREDENTIALS, fetchBytes, get, pdf, query, upload, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

async function awardedContract(fincon = sandbox.fincon): Promise<Json> {
  const { items } = await walk(`${fincon}/contracts/${query({ 'filter[status.in]': 'ORDERED' })}`);
  return items[0];
}

const uploadContractDocument = (
  contractId: string,
  fields: Record<string, string>,
  content?: Buffer,
  filename = 'Nachweis.pdf',
) => upload(`${sandbox.fincon}/contracts/${contractId}/documents/`, fields, content && { field: 'upload', filename, content });

/**
 * `size` bytes that form a PDF, produced in chunks so the test itself never holds them all;
 * with `pause`, the stream waits for `pause.until` once it has produced `pause.after` bytes.
 */
function pdfStream(size: number, pause?: { after: number; until: Promise<void> }): Readable {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = size - head.length - tail.length;
  return Readable.from(
    (async function* () {
      yield head;
      while (left > 0) {
        if (pause && size - left >= pause.after) await pause.until;
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        yield piece;
      }
      yield tail;
    })(),
  );
}

/** Bytes in the files below `dir` (files may come and go while it looks). */
function bytesBelow(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    try {
      const stats = statSync(join(dir, name));
      if (stats.isFile()) total += stats.size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

/** Polls `condition` until it holds or `ms` have passed; whether it held. */
async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (condition()) return true;
  return condition();
}

/** A sandbox whose file store lies in a temporary directory of its own (the store sits in the OS temp dir). */
async function sandboxWithOwnTempDir(): Promise<{ sandbox: SandboxHandle; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pfm-sandbox-files-test-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return { sandbox: await startSandbox(), dir };
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}

async function sha256Of(url: string): Promise<{ status: number; headers: Json; hash: string; size: number }> {
  const response = await request(url);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of response.body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { status: response.statusCode, headers: response.headers, hash: hash.digest('hex'), size };
}

describe('document uploads', () => {
  it('accepts a PDF and answers 201 with the document, its links and its contract', async () => {
    const contract = await awardedContract();
    const response = await uploadContractDocument(
      contract.id,
      { document_type: 'ATTACHMENT' },
      pdf('Bürgschaft'),
      'Bürgschaft.pdf',
    );
    expect(response.status).toBe(201);
    const document = response.body.data;
    const self = `${sandbox.fincon}/contracts/${contract.id}/documents/${document.id}/`;
    expect(document).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'CONTRACT_DOCUMENT',
      attributes: {
        document_type: 'ATTACHMENT',
        filename: 'Bürgschaft.pdf',
        uploaded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      relationships: { contract: { data: { id: contract.id, type: 'CONTRACT' } } },
      links: { self, download: `${self}download/` },
    });
    const listed = await get(`${sandbox.fincon}/contracts/${contract.id}/documents/`);
    expect(listed.body.data.map((item: Json) => item.id)).toContain(document.id);
  });

  it('refuses content that is not a PDF with 422 on the upload field, and keeps nothing', async () => {
    const contract = await awardedContract();
    const before = (await get(`${sandbox.fincon}/contracts/${contract.id}/documents/`)).body.data.length;
    for (const content of [
      Buffer.from('Hallo, kein PDF'),
      Buffer.from('%PDF-1.4 but never finished'),
      Buffer.from('<html>%%EOF</html>'),
    ]) {
      const response = await uploadContractDocument(contract.id, { document_type: 'CONTRACT' }, content, 'auftrag.pdf');
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([
        { type: 'value_error', loc: ['body', 'upload'], msg: 'Value error, The file must be a valid PDF.', input: 'auftrag.pdf' },
      ]);
    }
    expect((await get(`${sandbox.fincon}/contracts/${contract.id}/documents/`)).body.data).toHaveLength(before);
  });

  it('answers 422 in the FastAPI shape for missing parts', async () => {
    const contract = await awardedContract();
    const noFile = await uploadContractDocument(contract.id, { document_type: 'CONTRACT' });
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({ detail: [{ type: 'missing', loc: ['body', 'upload'], msg: 'Field required', input: null }] });

    const nothing = await uploadContractDocument(contract.id, {});
    expect(nothing.body.detail.map((item: Json) => item.loc)).toEqual([
      ['body', 'document_type'],
      ['body', 'upload'],
    ]);
    expect(nothing.body.detail.every((item: Json) => item.type === 'missing')).toBe(true);
  });

  it('answers 422 for a document type outside the enum and for a file sent as text', async () => {
    const contract = await awardedContract();
    const badType = await uploadContractDocument(contract.id, { document_type: 'INVOICE' }, pdf());
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0]).toMatchObject({
      type: 'enum',
      loc: ['body', 'document_type'],
      msg: "Input should be 'CONTRACT' or 'ATTACHMENT'",
    });

    const asText = await uploadContractDocument(contract.id, { document_type: 'CONTRACT', upload: 'not a file' });
    expect(asText.status).toBe(422);
    expect(asText.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['body', 'upload'] });
  });

  it('answers 422 for a JSON body where a form is expected', async () => {
    const contract = await awardedContract();
    const response = await request(`${sandbox.fincon}/contracts/${contract.id}/documents/`, {
      method: 'POST',
      headers: { ...CREDENTIALS, 'content-type': 'application/json' },
      body: JSON.stringify({ document_type: 'CONTRACT' }),
    });
    expect(response.statusCode).toBe(422);
    expect(((await response.body.json()) as Json).detail.map((item: Json) => item.loc[1])).toEqual(['document_type', 'upload']);
  });

  it('answers 404 for an unknown contract and keeps the connection usable', async () => {
    const unknown = '5f0c2b9e-8c1d-4a7e-9b6f-1d2e3f4a5b6c';
    const response = await uploadContractDocument(unknown, { document_type: 'CONTRACT' }, pdf());
    expect(response.status).toBe(404);
    expect(response.body.errors[0].detail).toContain(unknown);
    expect((await get(`${sandbox.fincon}/projects/`)).status).toBe(200);
  });

  it('streams a 24 MB upload to disk as it arrives, and serves it back', async () => {
    // Measured on disk rather than in memory: the test process also runs the client, so its memory
    // says little. A server that buffered the upload would write nothing before the request ended.
    const MiB = 1024 * 1024;
    const size = 24 * MiB;
    const { sandbox: own, dir } = await sandboxWithOwnTempDir();
    try {
      const contract = await awardedContract(own.baseUrls.fincon);
      let resume = () => {};
      const until = new Promise<void>((resolve) => (resume = resolve));
      const sending = upload(
        `${own.baseUrls.fincon}/contracts/${contract.id}/documents/`,
        { document_type: 'ATTACHMENT' },
        { field: 'upload', filename: 'Leistungsverzeichnis.pdf', content: pdfStream(size, { after: 16 * MiB, until }) },
      );
      // 16 MiB sent, the request still open: most of it must be on disk already.
      const writtenWhileOpen = await eventually(() => bytesBelow(dir) >= 8 * MiB, 10_000);
      resume();
      const response = await sending;
      expect(writtenWhileOpen).toBe(true);
      expect(response.status).toBe(201);
      expect(bytesBelow(dir)).toBe(size);

      const download = await get(`${own.baseUrls.fincon}/contracts/${contract.id}/documents/${response.body.data.id}/download/`);
      expect(download.status).toBe(302);
      const served = await sha256Of(download.headers.location as string);
      expect(served.status).toBe(200);
      expect(served.size).toBe(size);
      const expected = createHash('sha256');
      for await (const chunk of pdfStream(size)) expected.update(chunk as Buffer);
      expect(served.hash).toBe(expected.digest('hex'));
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('downloads through the storage host', () => {
  async function seededInvoiceDocument(): Promise<{ invoice: Json; document: Json }> {
    const { items } = await walk(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'CHECKED' })}`);
    const invoice = items[0];
    const documents = await get(
      `${sandbox.fincon}/invoices/${invoice.id}/documents/${query({ 'filter[document_type.in]': 'INVOICE' })}`,
    );
    return { invoice, document: documents.body.data[0] };
  }

  it('answers 302 to a temporary link on another origin, which serves the PDF as an attachment', async () => {
    const { invoice, document } = await seededInvoiceDocument();
    const response = await get(document.links.download);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe(sandbox.handle.storageOrigin);
    expect(location.origin).not.toBe(sandbox.handle.origin);
    const file = await fetchBytes(location.toString(), {});
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename="${document.attributes.filename}"`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.bytes.toString('latin1')).toContain(invoice.attributes.external_identifier);
  });

  it.each([
    ['X-API-KEY', { 'x-api-key': 'sandbox-key' }],
    ['X-API-TOKEN', { 'x-api-token': 'sandbox-token' }],
    ['Authorization', { authorization: 'Bearer token' }],
  ])('refuses a request carrying %s with 400 and an XML error', async (_name, headers) => {
    const { document } = await seededInvoiceDocument();
    const link = (await get(document.links.download)).headers.location as string;
    const refused = await fetchBytes(link, headers);
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toBe('application/xml');
    expect(refused.bytes.toString()).toMatch(/<Error><Code>InvalidArgument<\/Code>/);
    expect((await fetchBytes(link, {})).status).toBe(200);
  });

  it('stops serving a link once it has expired', async () => {
    const files = new FileStore();
    const storage = await StorageHost.start(files);
    try {
      const file = files.addGenerated({ filename: 'kurz.pdf', contentType: 'application/pdf' }, () => pdf());
      const lasting = storage.link(file);
      const brief = storage.link(file, { ttlMs: -60_000, filename: 'Kürzel.pdf' });
      const expired = await fetchBytes(brief, {});
      expect(expired.status).toBe(403);
      expect(expired.bytes.toString()).toContain('Request has expired');
      const served = await fetchBytes(lasting, {});
      expect(served.status).toBe(200);
      expect(served.headers['content-disposition']).toBe(`attachment; filename="kurz.pdf"; filename*=UTF-8''kurz.pdf`);
    } finally {
      await storage.close();
      files.dispose();
    }
  });

  it('refuses a link it did not issue', async () => {
    const refused = await fetchBytes(`${sandbox.handle.storageOrigin}/objects/not-a-token?expires=1`, {});
    expect(refused.status).toBe(403);
    expect(refused.bytes.toString()).toContain('AccessDenied');
  });

  it('serves the annotated copy with 200 where there is one, else the original', async () => {
    const { document } = await seededInvoiceDocument();
    const original = await fetchBytes((await get(document.links.download)).headers.location as string, {});
    const annotated = await fetchBytes(document.links.download_annotated);
    expect(annotated.status).toBe(200);
    expect(annotated.headers['content-type']).toBe('application/pdf');
    expect(annotated.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(annotated.bytes.toString('latin1')).toContain('Prüfvermerke');
    expect(annotated.bytes.equals(original.bytes)).toBe(false);

    const contract = await awardedContract();
    const invoiceId = (await get(`${sandbox.fincon}/contracts/${contract.id}/invoices/`)).body.data[0].id;
    const content = pdf('Nur das Original');
    const uploaded = await upload(
      `${sandbox.fincon}/invoices/${invoiceId}/documents/`,
      { document_type: 'PAYMENT_CERTIFICATE' },
      {
        field: 'upload',
        filename: 'Zahlungsnachweis.pdf',
        content,
      },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.links.download_annotated).toBe(`${uploaded.body.data.links.self}download-annotated/`);
    const fallback = await fetchBytes(uploaded.body.data.links.download_annotated);
    expect(fallback.status).toBe(200);
    expect(fallback.bytes.equals(content)).toBe(true);
  });
});

describe('CAPEX documents use the same machinery', () => {
  it('uploads a contract document (201) and serves it through the storage host', async () => {
    const contract = (await walk(`${sandbox.capex}/contracts/${query({ 'filter[status.in]': 'ORDERED' })}`)).items[0];
    const content = pdf('Auftrag Dachsanierung');
    const response = await upload(
      `${sandbox.capex}/contracts/${contract.id}/documents/`,
      { document_type: 'CONTRACT' },
      { field: 'upload', filename: 'Auftrag.pdf', content },
    );
    expect(response.status).toBe(201);
    expect(response.body.data.links.self).toBe(`${sandbox.capex}/contracts/${contract.id}/documents/${response.body.data.id}/`);
    const download = await get(response.body.data.links.download);
    expect(download.status).toBe(302);
    expect((await fetchBytes(download.headers.location as string, {})).bytes.equals(content)).toBe(true);
    const refused = await upload(
      `${sandbox.capex}/contracts/${contract.id}/documents/`,
      { document_type: 'CONTRACT' },
      { field: 'upload', filename: 'a.txt', content: Buffer.from('text') },
    );
    expect(refused.status).toBe(422);
  });
});
