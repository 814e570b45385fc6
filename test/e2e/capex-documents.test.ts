/**
 * Documents of CAPEX contracts, invoices and change orders: upload (PDF only), list,
 * read and download, annotated downloads; end to end (stdio, modern client).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, connect, dataOf, textOf, type TestClient, type Item, type Page } from '../support/harness.js';

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pfm-capex-documents-'));
  client = await connect('stdio', 'modern', { args: ['--products', 'capex', '--toolsets', 'all', '--file-roots', dir] });
});
afterAll(async () => {
  await client?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const parents = [
  { key: 'contract', list: 'capex_list_contracts', documentType: 'ATTACHMENT', annotated: false },
  { key: 'invoice', list: 'capex_list_invoices', documentType: 'PAYMENT_CERTIFICATE', annotated: true },
  { key: 'change_order', list: 'capex_list_change_orders', documentType: 'PLANS', annotated: true },
] as const;

describe.each(parents)('CAPEX $key documents', ({ key, list, documentType, annotated }) => {
  it('uploads, lists, reads and downloads a PDF', async () => {
    const [parent] = dataOf<Page>(await client.callTool(list)).items;
    const parentArgs = { [`${key}_id`]: parent!.id };
    const bytes = pdf(key);
    await writeFile(join(dir, `${key}.pdf`), bytes);

    const document = dataOf<Item>(
      await client.callTool(`capex_upload_${key}_document`, {
        ...parentArgs,
        document_type: documentType,
        file_path: `${key}.pdf`,
      }),
    );
    expect(document).toMatchObject({ type: `${key.toUpperCase()}_DOCUMENT`, document_type: documentType });

    const listed = dataOf<Page>(await client.callTool(`capex_list_${key}_documents`, parentArgs)).items;
    expect(listed.map((item) => item.id)).toContain(document.id);
    expect(dataOf(await client.callTool(`capex_get_${key}_document`, { ...parentArgs, document_id: document.id }))).toEqual(
      document,
    );

    const hash = createHash('sha256').update(bytes).digest('hex');
    const downloads = [`capex_download_${key}_document`, ...(annotated ? [`capex_download_annotated_${key}_document`] : [])];
    for (const tool of downloads) {
      const facts = dataOf<{ sha256: string; size: number }>(
        await client.callTool(tool, { ...parentArgs, document_id: document.id }),
      );
      expect(facts).toMatchObject({ sha256: hash, size: bytes.length });
    }

    const refused = await client.callTool(`capex_upload_${key}_document`, {
      ...parentArgs,
      document_type: documentType,
      content_base64: Buffer.from('kein pdf').toString('base64'),
      filename: 'x.pdf',
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/not a valid PDF/);
  });

  it('refuses a document type of another parent', async () => {
    const [parent] = dataOf<Page>(await client.callTool(list)).items;
    const result = await client.callTool(`capex_upload_${key}_document`, {
      [`${key}_id`]: parent!.id,
      document_type: 'CHANGE_ORDER_OFFER_X',
      content_base64: Buffer.from('%PDF-1.4\n%%EOF').toString('base64'),
      filename: 'x.pdf',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/document_type: must be one of/);
  });
});
