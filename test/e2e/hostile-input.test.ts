/**
 * Hostile or mistaken input is refused before anything is sent: the API is the sandbox behind a
 * proxy that records every request, and each refusal must leave that record untouched. What a
 * user does correctly today still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, dataOf, pdf, textOf, type Item, type TestClient, type ToolResult } from '../support/harness.js';
import { useProxiedSandbox } from '../support/proxied-sandbox.js';

const upstream = useProxiedSandbox();
let client: TestClient;
/** The same server with its default tools: the rest reached through search_tools and call_tool. */
let discovering: TestClient;
let invoice: Item;

beforeAll(async () => {
  const options = (...toolsets: string[]) => ({
    args: ['--fincon-url', upstream.urlOf('fincon'), '--esg-url', upstream.urlOf('esg'), ...toolsets],
    env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
  });
  client = await connectStdio('modern', options('--toolsets', 'all'));
  discovering = await connectStdio('modern', options());
  const approved = await client.items('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } });
  invoice = approved.find((item) => !item.payment_amount_gross)!;
});
afterAll(async () => {
  await client?.close();
  await discovering?.close();
});

/** The call's answer, and the requests it made upstream. */
async function call(name: string, args: Record<string, unknown>): Promise<{ result: ToolResult; sent: string[] }> {
  const { seen } = upstream.proxy();
  const from = seen.length;
  const result = await (['search_tools', 'call_tool'].includes(name) ? discovering : client).callTool(name, args);
  return { result, sent: seen.slice(from).map((request) => `${request.method} ${request.path}`) };
}

/** The call is refused with an error matching `says`, and nothing reached the API. */
async function expectRefused(name: string, args: Record<string, unknown>, says: RegExp): Promise<string> {
  const { result, sent } = await call(name, args);
  expect(result.isError, textOf(result)).toBe(true);
  expect(textOf(result)).toMatch(says);
  expect(sent).toEqual([]);
  return textOf(result);
}

const payment = (overrides: Record<string, unknown>) => ({
  invoice_id: invoice.id,
  payment_amount_gross: '100.00',
  payment_date: '2026-11-20',
  is_final_payment: false,
  ...overrides,
});

describe('path parameters', () => {
  it.each(['.', '..'])('refuse an external id of %j, which would change the path', async (id) => {
    await expectRefused(
      'esg_update_utility_meter',
      { meter_external_id: id, description: 'x' },
      /meter_external_id: must not be/,
    );
  });

  it('encode every other character within one segment', async () => {
    const { result, sent } = await call('esg_update_utility_meter', { meter_external_id: '../buildings', description: 'x' });
    expect(result.isError).toBe(true);
    expect(sent).toEqual(['PATCH /esg/v1/utility-meters/..%2Fbuildings/']);
  });
});

describe('cursors', () => {
  const forged = (page: string) => Buffer.from(JSON.stringify({ page, skip: 0 })).toString('base64url');

  it.each([
    ['an undeclared filter', '/projects/?filter%5Bsecret.exact%5D=x'],
    ['an undeclared include', '/projects/?include=owner'],
    ['an undeclared parameter', '/projects/?debug=true'],
    ['another path', '/invoices/?cursor%5Bposition%5D=1'],
  ])('refuse one made by hand with %s', async (_what, page) => {
    await expectRefused('list_projects', { cursor: forged(page) }, /cursor: is not a page cursor of list_projects/);
  });

  it("follow the API's own, filters included", async () => {
    const first = dataOf<{ next_cursor: string | null }>(
      await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED', 'PAID'] } }),
    );
    expect(first.next_cursor).toBeTruthy();
    const next = await client.callTool('list_invoices', {
      filters: { 'invoice_process_state.in': ['APPROVED', 'PAID'] },
      cursor: first.next_cursor,
    });
    expect(next.isError, textOf(next)).toBeFalsy();
  });
});

describe('filter values', () => {
  it('send a single value with a comma whole, as one value', async () => {
    const { result, sent } = await call('list_invoices', { filters: { 'external_identifier.exact': 'RE-1,RE-2' } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent).toEqual(['GET /fincon/v1/invoices/?filter%5Bexternal_identifier.exact%5D=RE-1%2CRE-2']);
  });

  it('refuse a list item with a comma, which would split in two', async () => {
    await expectRefused(
      'list_invoices',
      { filters: { 'invoice_process_state.in': ['APPROVED,PAID'] } },
      /filters\.invoice_process_state\.in: the value "APPROVED,PAID" contains a comma/,
    );
  });

  it('refuse several values in one string, and a list where one value is taken', async () => {
    await expectRefused(
      'list_invoices',
      { filters: { 'invoice_process_state.in': 'APPROVED,PAID' } },
      /takes its values as a list, e\.g\. \["APPROVED","PAID"\]/,
    );
    await expectRefused('list_invoices', { filters: { 'external_identifier.exact': ['a', 'b'] } }, /takes one value, not a list/);
  });

  it('still take one value as a plain string', async () => {
    const { result } = await call('list_invoices', { filters: { 'invoice_process_state.in': 'APPROVED' } });
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});

describe('unknown arguments', () => {
  it('are refused, naming them and the nearest declared name', async () => {
    await expectRefused(
      'list_invoices',
      { filtres: { 'invoice_process_state.in': ['APPROVED'] } },
      /unknown argument "filtres" \(did you mean "filters"\?\)/,
    );
    await expectRefused('get_project', { project_id: invoice.id, extra_field: 1 }, /unknown argument "extra_field"/);
  });

  it('are refused through call_tool too, and in nested objects', async () => {
    await expectRefused(
      'call_tool',
      { name: 'list_invoices', arguments: { limit: 5 } },
      /Invalid arguments for list_invoices[\s\S]*unknown argument "limit"/,
    );
    await expectRefused(
      'call_tool',
      {
        name: 'create_contract_unit',
        arguments: { project_id: invoice.id, name: 'X', initial_budget: { net: '1.00', tax: '0.19', gross: '1.19' } },
      },
      /initial_budget: unknown argument "gross"/,
    );
  });
});

describe('money, dates and text', () => {
  it.each([
    ['3 decimals', '100.125', /has 3 decimals; amounts take at most 2/],
    ['12 decimals', '100.123456789012', /has 12 decimals/],
    ['a 5,000-digit amount', '9'.repeat(5000), /is too large \(5000 digits before the dot\)/],
    ['10^12', '1000000000000.00', /amounts must be below 1,000,000,000,000/],
    ['a negative amount', '-5.00', /must be greater than 0/],
    ['a number instead of a string', 100, /must be a string/],
  ])('refuse a payment of %s', async (_what, amount, says) => {
    await expectRefused('register_invoice_payment', payment({ payment_amount_gross: amount }), says);
  });

  it.each(['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01'])('refuse the date %s', async (date) => {
    await expectRefused(
      'register_invoice_payment',
      payment({ payment_date: date }),
      /payment_date: must be a date between 1900-01-01 and 2100-12-31/,
    );
  });

  it('refuses a 2,000,000-character comment', async () => {
    await expectRefused(
      'register_invoice_payment',
      payment({ payment_comment: 'x'.repeat(2_000_000) }),
      /payment_comment: must be at most 10,000 characters/,
    );
  });

  it('refuses a payment far beyond what the invoice is for, sending no write', async () => {
    const { result, sent } = await call('register_invoice_payment', payment({ payment_amount_gross: '10000000.00' }));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/is larger than Invoice .* as a whole/);
    expect(sent.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });

  it('still previews a correct payment with cents', async () => {
    const { result, sent } = await call('register_invoice_payment', payment({ payment_amount_gross: '12.40' }));
    expect((result.structuredContent as { status?: string }).status, textOf(result)).toBe('preview');
    expect(sent.filter((request) => !request.startsWith('GET '))).toEqual([]);
  });
});

describe('search_tools', () => {
  it('refuses a query past 500 characters', async () => {
    await expectRefused('search_tools', { query: 'a'.repeat(501) }, /query: must be at most 500 characters/);
  });

  it('never echoes a long query back whole', async () => {
    const query = `${'zzyzx '.repeat(80)}`.slice(0, 480);
    const { result } = await call('search_tools', { query });
    expect(textOf(result)).toMatch(/^No tool matches "zzyzx zzyzx .{0,60}…"; try other words\.$/);
  });
});

describe('uploads', () => {
  it('send only the base name of a given file name', async () => {
    const document = pdf('Hostile name');
    const { result, sent } = await call('upload_invoice_document', {
      invoice_id: invoice.id,
      document_type: 'ATTACHMENT',
      content_base64: document.toString('base64'),
      filename: '../../etc/Rechnung.pdf',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(sent).toHaveLength(1);
    const body = upstream.proxy().seen.at(-1)!.body;
    expect(body).toContain('filename="Rechnung.pdf"');
    expect(body).not.toContain('../');
  });

  it('refuse a file name that is only a path', async () => {
    await expectRefused(
      'upload_invoice_document',
      { invoice_id: invoice.id, document_type: 'ATTACHMENT', content_base64: pdf().toString('base64'), filename: '../' },
      /filename: must be a file name/,
    );
  });
});
