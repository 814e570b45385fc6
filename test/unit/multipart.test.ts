/**
 * The multipart bodies uploads send, read back by a real multipart parser (busboy, as the
 * sandbox reads them): fields, the file's bytes whatever their size against the 64 KiB reads,
 * names that need quoting, and a file that is not there.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Busboy } from '@fastify/busboy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MultipartForm, sendMultipart } from '../../src/upstream/multipart.js';

interface Received {
  fields: Record<string, string>;
  files: Array<{ field: string; filename: string; type: string; bytes: Buffer }>;
  headers: Record<string, string | string[] | undefined>;
}

let server: Server;
let url: URL;
const received: Received[] = [];
const files = mkdtempSync(join(tmpdir(), 'pfm-multipart-'));

beforeAll(async () => {
  server = createServer((request, response) => {
    const got: Received = { fields: {}, files: [], headers: request.headers };
    const parser = new Busboy({ headers: request.headers as { 'content-type': string } });
    parser.on('field', (name, value) => (got.fields[name] = value));
    parser.on('file', (field, stream, filename, _encoding, type) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => got.files.push({ field, filename, type, bytes: Buffer.concat(chunks) }));
    });
    parser.on('finish', () => {
      received.push(got);
      response.end('{}');
    });
    request.pipe(parser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/documents/`);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(files, { recursive: true, force: true });
});

async function upload(form: MultipartForm): Promise<Received> {
  const answer = await sendMultipart(url, 'POST', { 'x-api-key': 'k' }, form, AbortSignal.timeout(10_000));
  expect(answer.status).toBe(200);
  answer.body.resume();
  return received.at(-1)!;
}

describe('multipart uploads', () => {
  it.each([0, 1, 65_536, 65_537, 4 * 65_536 + 3, 3_000_001])('sends a file of %i bytes from disk as it is', async (size) => {
    const bytes = randomBytes(size);
    const path = join(files, `Rechnung-${size}.pdf`);
    writeFileSync(path, bytes);
    const got = await upload(
      new MultipartForm([['document_type', 'INVOICE']], {
        field: 'upload',
        filename: 'Rechnung.pdf',
        type: 'application/pdf',
        source: { path },
      }),
    );
    expect(got.fields).toEqual({ document_type: 'INVOICE' });
    expect(got.files).toHaveLength(1);
    expect(got.files[0]).toMatchObject({ field: 'upload', filename: 'Rechnung.pdf', type: 'application/pdf' });
    expect(got.files[0]!.bytes.equals(bytes)).toBe(true);
    expect(got.headers['x-api-key']).toBe('k');
    expect(Number(got.headers['content-length'])).toBeGreaterThan(size);
  });

  it('sends bytes from memory, and quotes names a header could not hold', async () => {
    const got = await upload(
      new MultipartForm([['comment', 'Teil "A"\nund B']], {
        field: 'upload',
        filename: 'Schluss"rechnung\r\n.pdf',
        type: 'application/pdf',
        source: { bytes: Buffer.from('%PDF-1.4 %%EOF') },
      }),
    );
    expect(got.fields.comment).toBe('Teil "A"\nund B');
    expect(got.files[0]!.filename).toBe('Schluss%22rechnung%0D%0A.pdf');
    expect(got.files[0]!.bytes.toString()).toBe('%PDF-1.4 %%EOF');
  });

  it('fails before sending anything when the file is not there', async () => {
    const before = received.length;
    const form = new MultipartForm([], {
      field: 'upload',
      filename: 'x.pdf',
      type: 'application/pdf',
      source: { path: '/nonexistent/x.pdf' },
    });
    await expect(sendMultipart(url, 'POST', {}, form, AbortSignal.timeout(10_000))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(received.length).toBe(before);
  });
});
