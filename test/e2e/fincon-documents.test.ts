/**
 * Documents of FinCon contracts, invoices and change orders: upload (PDF only), list,
 * read, download embedded or saved, annotated downloads falling back to the original;
 * end to end (stdio, modern client, file roots in a temporary directory).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pdf,
  connect,
  connectStdio,
  dataOf,
  textOf,
  type TestClient,
  type ToolResult,
  type Item,
  type Page,
} from '../support/harness.js';

interface FileFacts {
  filename?: string;
  content_type: string;
  size: number;
  sha256: string;
  saved_to?: string;
}

let client: TestClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pfm-documents-'));
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'all', '--file-roots', dir] });
});
afterAll(async () => {
  await client?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function embedded(result: ToolResult): Buffer {
  const block = result.content.find((part) => part.type === 'resource') as { resource?: { blob?: string } } | undefined;
  return Buffer.from(block?.resource?.blob ?? '', 'base64');
}

async function firstId(tool: string, args: Record<string, unknown> = {}): Promise<string> {
  const [item] = dataOf<Page>(await client.callTool(tool, args)).items;
  if (!item) throw new Error(`${tool} returned nothing`);
  return item.id;
}

const parents = [
  { key: 'contract', documentType: 'CONTRACT', annotated: false, find: () => firstId('list_contracts') },
  {
    key: 'invoice',
    documentType: 'INVOICE',
    annotated: true,
    find: () => firstId('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
  },
  { key: 'change_order', documentType: 'CHANGE_ORDER_OFFER', annotated: true, find: () => firstId('list_change_orders') },
] as const;

describe.each(parents)('$key documents', ({ key, documentType, annotated, find }) => {
  let parentId: string;
  let document: Item;
  const bytes = pdf(`${key} document`);

  beforeAll(async () => {
    parentId = await find();
  });

  it('uploads a PDF from the file roots', async () => {
    await writeFile(join(dir, `${key}.pdf`), bytes);
    const result = await client.callTool(`upload_${key}_document`, {
      [`${key}_id`]: parentId,
      document_type: documentType,
      file_path: `${key}.pdf`,
    });
    document = dataOf<Item>(result);
    expect(document).toMatchObject({
      type: `${key.toUpperCase()}_DOCUMENT`,
      document_type: documentType,
      filename: `${key}.pdf`,
    });
  });

  it('refuses a file that is not a PDF, before sending', async () => {
    await writeFile(join(dir, `${key}.txt`), 'Aufmaß als Text');
    const result = await client.callTool(`upload_${key}_document`, {
      [`${key}_id`]: parentId,
      document_type: documentType,
      file_path: `${key}.txt`,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was sent[\s\S]*not a valid PDF/);
  });

  it('lists and reads the uploaded document, filtered by type', async () => {
    const listed = dataOf<Page>(
      await client.callTool(`list_${key}_documents`, {
        [`${key}_id`]: parentId,
        filters: { 'document_type.in': [documentType] },
      }),
    );
    expect(listed.items.map((item) => item.id)).toContain(document.id);
    expect(listed.items.every((item) => item.document_type === documentType)).toBe(true);
    const fetched = dataOf<Item>(
      await client.callTool(`get_${key}_document`, { [`${key}_id`]: parentId, document_id: document.id }),
    );
    expect(fetched).toEqual(document);
  });

  it('downloads the file embedded in the result', async () => {
    const result = await client.callTool(`download_${key}_document`, { [`${key}_id`]: parentId, document_id: document.id });
    const facts = dataOf<FileFacts>(result);
    expect(facts).toMatchObject({ size: bytes.length, sha256: sha256(bytes), content_type: 'application/pdf' });
    expect(embedded(result).equals(bytes)).toBe(true);
    expect(textOf(result)).toMatch(/Downloaded .*application\/pdf/);
  });

  it('saves the file inside the file roots, never over an existing one', async () => {
    const args = { [`${key}_id`]: parentId, document_id: document.id, save_to: `saved-${key}.pdf` };
    const facts = dataOf<FileFacts>(await client.callTool(`download_${key}_document`, args));
    expect(facts.saved_to).toBe(join(dir, `saved-${key}.pdf`));
    expect((await readFile(join(dir, `saved-${key}.pdf`))).equals(bytes)).toBe(true);

    const again = await client.callTool(`download_${key}_document`, args);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('already exists');
  });

  it.runIf(annotated)('downloads the annotated file, which is the original when nothing is annotated', async () => {
    const result = await client.callTool(`download_annotated_${key}_document`, {
      [`${key}_id`]: parentId,
      document_id: document.id,
    });
    expect(dataOf<FileFacts>(result).sha256).toBe(sha256(bytes));
    expect(embedded(result).equals(bytes)).toBe(true);
  });

  it('says which id to check when the document does not exist', async () => {
    const result = await client.callTool(`get_${key}_document`, {
      [`${key}_id`]: parentId,
      document_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/HTTP 404[\s\S]*document_id/);
  });
});

describe('a server started in the filesystem root, as desktop hosts start it', () => {
  it('reads and writes no local files until --file-roots names some', async () => {
    const rooted = await connectStdio('modern', { args: ['--sandbox', '--toolsets', 'all'], cwd: '/' });
    try {
      const [invoice] = await rooted.items('list_invoices');
      const upload = await rooted.callTool('upload_invoice_document', {
        invoice_id: invoice!.id,
        document_type: 'ATTACHMENT',
        file_path: 'etc/hosts',
      });
      expect(upload.isError).toBe(true);
      expect(textOf(upload)).toMatch(/file_path: local files are not available .*set --file-roots/);
    } finally {
      await rooted.close();
    }
  });
});
