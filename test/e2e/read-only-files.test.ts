/**
 * --read-only writes no local file: download tools are listed without save_to, a call that sends
 * it anyway (directly or through call_tool) is refused before anything is fetched and leaves the
 * file roots empty, and downloads still come back embedded. Stdio, modern client, the sandbox
 * behind a proxy that records every request; the documents are put there through its REST API.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, dataOf, textOf, type TestClient, type ToolResult } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';
import { pdf, upload } from '../sandbox/helpers.js';

const upstream = useProxiedSandbox();
let client: TestClient;
let roots: string;
let invoiceId: string;

/** What the refusal of save_to says: the flag, and how to get the file anyway. */
const REFUSED = /save_to: writes a file, and this server runs with --read-only \(PFM_READ_ONLY\): call again without save_to/;

/** A PDF put on the invoice through the API itself: read-only mode offers no upload. */
async function invoiceDocument(content: Buffer): Promise<string> {
  const response = await upload(
    `${upstream.urlOf('fincon')}/invoices/${invoiceId}/documents/`,
    { document_type: 'INVOICE' },
    { field: 'upload', filename: 'Rechnung.pdf', content },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.id as string;
}

/** The answer to a call, and the API requests it made. */
async function called(name: string, args: Record<string, unknown>): Promise<{ result: ToolResult; sent: string[] }> {
  const { seen } = upstream.proxy();
  const from = seen.length;
  const result = await client.callTool(name, args);
  return { result, sent: seen.slice(from).map((request) => `${request.method} ${request.path}`) };
}

beforeAll(async () => {
  roots = await realpath(await mkdtemp(join(tmpdir(), 'pfm-read-only-')));
  client = await connectStdio('modern', {
    args: [
      '--read-only',
      '--toolsets',
      'daily,documents',
      '--file-roots',
      roots,
      '--fincon-url',
      upstream.urlOf('fincon'),
      '--esg-url',
      upstream.urlOf('esg'),
    ],
    env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
  });
  invoiceId = (await client.items('list_invoices'))[0]!.id;
});
afterAll(async () => {
  await client?.close();
  if (roots) await rm(roots, { recursive: true, force: true });
});

describe('downloads in read-only mode', () => {
  it('are listed without save_to, in tools/list and search_tools alike, and the instructions say why', async () => {
    const listed = (await client.listTools()) as Array<{ name: string; inputSchema: { properties?: object } }>;
    const downloads = listed.filter((tool) => tool.name.startsWith('download_'));
    expect(downloads.map((tool) => tool.name)).toContain('download_invoice_document');
    for (const tool of downloads) expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).not.toContain('save_to');

    const found = dataOf<{ tools: Array<{ name: string; input_schema: { properties?: object } }> }>(
      await client.callTool('search_tools', { query: 'download a file' }),
    ).tools;
    expect(found.map((tool) => tool.name)).toContain('esg_download_file');
    for (const tool of found) expect(Object.keys(tool.input_schema.properties ?? {}), tool.name).not.toContain('save_to');

    expect(client.instructions()).toMatch(/Read-only mode: .*save_to is refused, so downloads come back embedded only/);
  });

  it('refuse save_to before fetching anything, directly and through call_tool, and write no file', async () => {
    const documentId = await invoiceDocument(pdf('Rechnung 2026-118'));
    const args = { invoice_id: invoiceId, document_id: documentId, save_to: 'Rechnung.pdf' };
    for (const [name, input] of [
      ['download_invoice_document', args],
      ['call_tool', { name: 'download_invoice_document', arguments: args }],
    ] as const) {
      const { result, sent } = await called(name, input);
      expect(result.isError, name).toBe(true);
      expect(textOf(result)).toMatch(REFUSED);
      expect(sent).toEqual([]);
    }
    expect(await readdir(roots)).toEqual([]);
  });

  it('come back embedded when small enough', async () => {
    const bytes = pdf('Schlussrechnung');
    const documentId = await invoiceDocument(bytes);
    const result = await client.callTool('download_invoice_document', { invoice_id: invoiceId, document_id: documentId });
    const facts = dataOf<{ sha256: string; saved_to?: string }>(result);
    const block = result.content.find((part) => part.type === 'resource') as { resource: { blob: string } } | undefined;
    expect(Buffer.from(block?.resource.blob ?? '', 'base64').equals(bytes)).toBe(true);
    expect(facts.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(facts.saved_to).toBeUndefined();
    expect(await readdir(roots)).toEqual([]);
  });

  it('say a file too large to embed cannot be saved either, rather than asking for save_to', async () => {
    const documentId = await invoiceDocument(pdf('x'.repeat(1_200_000)));
    const result = await client.callTool('download_invoice_document', { invoice_id: invoiceId, document_id: documentId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /too large to embed, and it cannot be saved to disk either because this server runs with --read-only/,
    );
    expect(textOf(result)).not.toMatch(/call again with save_to/);
    expect(await readdir(roots)).toEqual([]);
  });
});
