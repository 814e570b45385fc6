/**
 * Paging completeness and compressed responses: the MCP server runs against a sandbox
 * started by the test, so the test can read the same API directly and compare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { againstApi, connect, connectStdio, dataOf, textOf, type Item, type TestClient } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

const credentials = { 'x-api-key': 'test-key', 'x-api-token': 'test-token' };

/** Every id of a list, read directly from the REST API by following links.next (fetch decodes gzip and br). */
async function restIds(sandbox: SandboxHandle, path: string): Promise<string[]> {
  const ids: string[] = [];
  let url: string | null = `${sandbox.baseUrls.fincon}${path}`;
  while (url) {
    const response = await fetch(url, { headers: credentials });
    const body = (await response.json()) as { data: Array<{ id: string }>; links?: { next?: string | null } };
    ids.push(...body.data.map((item) => item.id));
    url = body.links?.next ?? null;
  }
  return ids;
}

type Page = { items: Array<{ id: string; invoice_process_state: string }>; next_cursor: string | null };

async function mcpIds(
  client: TestClient,
  args: Record<string, unknown>,
  tool = 'list_invoices',
): Promise<{ ids: string[]; pages: Page[]; texts: string[] }> {
  const pages: Page[] = [];
  const texts: string[] = [];
  let cursor: string | null | undefined;
  do {
    const result = await client.callTool(tool, cursor ? { ...args, cursor } : args);
    texts.push(textOf(result));
    const page: Page = dataOf<Page>(result);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor);
  return { ids: pages.flatMap((page) => page.items.map((item) => item.id)), pages, texts };
}

describe('paging through lists', () => {
  let sandbox: SandboxHandle;
  let client: TestClient;

  beforeAll(async () => {
    sandbox = await startSandbox();
    client = await connect('stdio', 'modern', againstApi(sandbox.baseUrls.fincon));
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it('reads every invoice exactly once across pages of 100, as the API lists them', async () => {
    const { ids, pages } = await mcpIds(client, {});
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(0, -1).every((page) => page.items.length === 100)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await restIds(sandbox, '/invoices/'));
  });

  it('keeps server-side filters on every page', async () => {
    const filters = { 'invoice_process_state.in': ['PAID', 'APPROVED'] };
    const { ids, pages } = await mcpIds(client, { filters });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) {
      expect(page.items.every((item) => ['PAID', 'APPROVED'].includes(item.invoice_process_state))).toBe(true);
    }
    expect(ids).toEqual(await restIds(sandbox, '/invoices/?filter%5Binvoice_process_state.in%5D=PAID%2CAPPROVED'));
  });

  it('tells the model how to get the next page and when the list is complete', async () => {
    const first = await client.callTool('list_invoices', {});
    const { next_cursor } = dataOf<Page>(first);
    expect(textOf(first)).toContain(`{"cursor": "${next_cursor}"}`);
    const units = await client.callTool('list_contract_units', { filters: { 'state.in': ['FINANCING'] } });
    expect(textOf(units)).toMatch(/the complete list|No contract units matched/);
  });

  it('refuses a cursor that belongs to another list', async () => {
    const invoices = dataOf<{ next_cursor: string | null }>(await client.callTool('list_invoices', {}));
    expect(invoices.next_cursor).toBeTruthy();
    const result = await client.callTool('list_contracts', { cursor: invoices.next_cursor });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('cursor: is not a page cursor of list_contracts');
  });
});

describe('answers larger than the answer budget', () => {
  let sandbox: SandboxHandle;
  let client: TestClient;

  beforeAll(async () => {
    sandbox = await startSandbox();
    client = await connect(
      'stdio',
      'legacy',
      againstApi(sandbox.baseUrls.fincon, [
        '--max-answer-tokens',
        '1000',
        '--toolsets',
        'all',
        '--esg-url',
        sandbox.baseUrls.esg,
      ]),
    );
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it('stop inside an API page and go on from there, losing and repeating nothing', async () => {
    const { ids, pages, texts } = await mcpIds(client, {});
    expect(pages.length).toBeGreaterThan(6);
    expect(pages.every((page) => page.items.length < 100)).toBe(true);
    expect(texts.every((text) => text.length < 4000 + 1000)).toBe(true);
    expect(texts[0]).toContain('only these fit into one answer');
    expect(ids).toEqual(await restIds(sandbox, '/invoices/'));
  });

  it('go on after a cut even where the API sends the whole list on one page (ESG file events)', async () => {
    const range = { start_time: '2026-05-01T00:00:00Z', end_time: '2026-07-01T00:00:00Z' };
    const { ids, pages } = await mcpIds(client, range, 'esg_list_file_events');
    expect(pages.length).toBeGreaterThan(1);
    const query = new URLSearchParams(range);
    const response = await fetch(`${sandbox.baseUrls.esg}/file-events/?${query}`, { headers: credentials });
    const all = ((await response.json()) as { data: Array<{ id: string }> }).data.map((event) => event.id);
    expect(all.length).toBeGreaterThan(pages[0]!.items.length);
    expect(ids).toEqual(all);
  });

  it('walk a reporting page of up to 1000 rows the same way', async () => {
    const { ids, pages } = await mcpIds(client, {}, 'list_contract_financials');
    expect(pages.length).toBeGreaterThan(1);
    expect(ids).toEqual(await restIds(sandbox, '/reporting/contracts/'));
  });
});

describe.each(['gzip', 'br'] as const)('%s-compressed API responses', (encoding) => {
  let sandbox: SandboxHandle;
  let client: TestClient;

  beforeAll(async () => {
    sandbox = await startSandbox({ encoding });
    client = await connect('http', 'modern', againstApi(sandbox.baseUrls.fincon));
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });

  it('are sent compressed by the API and decoded by the server', async () => {
    const raw = await request(`${sandbox.baseUrls.fincon}/invoices/`, {
      headers: { ...credentials, 'accept-encoding': 'gzip, br' },
    });
    expect(raw.headers['content-encoding']).toBe(encoding);
    await raw.body.dump();

    const { ids } = await mcpIds(client, {});
    expect(ids).toEqual(await restIds(sandbox, '/invoices/'));
  });

  it('are decoded for error answers too, so the API message reaches the model', async () => {
    const result = await client.callTool('get_invoice', { invoice_id: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /HTTP 404\.\n<untrusted-data-\w+>\n- invoice_id: Not Found: .*3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c/,
    );
  });
});

describe('what the server asks the API to compress', () => {
  const upstream = useProxiedSandbox();
  let client: TestClient;

  beforeAll(async () => {
    client = await connectStdio('modern', againstApi(upstream.urlOf('fincon')));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('asks for pages of a list compressed and for one record as it is', async () => {
    const seen = upstream.proxy().seen;
    const invoice = (await client.items<Item>('list_invoices', {}))[0]!;
    const listed = seen.at(-1)!;
    expect(listed.path).toMatch(/\/invoices\/(\?|$)/);
    expect(listed.headers['accept-encoding']).toBe('gzip, br');

    const answer = await client.callTool('get_invoice', { invoice_id: invoice.id });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const read = seen.at(-1)!;
    expect(read.path).toContain(`/invoices/${invoice.id}/`);
    expect(read.headers['accept-encoding']).toBe('identity');
  });
});
