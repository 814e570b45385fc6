/**
 * Bad input is refused before anything is sent, naming the argument and the fix;
 * API failures come back as isError results that say what to do next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { againstApi, connect, dataOf, textOf, type TestClient } from '../support/harness.js';

const INVOICE = '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c';
const PAYMENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const payment = { invoice_id: INVOICE, payment_amount_gross: '100.00', payment_date: '2026-11-20', is_final_payment: false };

describe('bad input', () => {
  let api: FakeApi;
  let client: TestClient;

  beforeAll(async () => {
    api = await startFakeApi();
    client = await connect('stdio', 'modern', againstApi(api.baseUrl, ['--toolsets', 'all']));
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it.each<[string, string, Record<string, unknown>, RegExp]>([
    ['an id that is not a UUID', 'get_invoice', { invoice_id: '2026-118' }, /invoice_id.*UUID.*list_invoices/],
    ['an impossible date', 'register_invoice_payment', { ...payment, payment_date: '2026-02-30' }, /payment_date.*YYYY-MM-DD/],
    [
      'a German-formatted amount',
      'register_invoice_payment',
      { ...payment, payment_amount_gross: '12.400,00' },
      /payment_amount_gross.*decimal string/,
    ],
    [
      'an amount sent as a number',
      'register_invoice_payment',
      { ...payment, payment_amount_gross: 12400 },
      /payment_amount_gross.*string/,
    ],
    [
      'a zero amount',
      'register_invoice_payment',
      { ...payment, payment_amount_gross: '0.00' },
      /payment_amount_gross.*greater than 0/,
    ],
    [
      'a missing final-payment decision',
      'register_invoice_payment',
      { ...payment, is_final_payment: undefined },
      /is_final_payment.*required/,
    ],
    [
      'an unknown enum value',
      'update_contract_unit',
      { contract_unit_id: INVOICE, state: 'DONE' },
      /state.*BUDGETED, FULLY_AWARDED, FINALIZED/,
    ],
    [
      'a state only the application sets',
      'create_contract_unit',
      { project_id: INVOICE, name: 'Reserve', state: 'CONTINGENCY' },
      /state.*CONTINGENCY cannot be set/,
    ],
    [
      'a budget in scientific notation',
      'create_contract_unit',
      { project_id: INVOICE, name: 'X', initial_budget: { net: '1e5', tax: '0' } },
      /initial_budget\.net.*decimal string/,
    ],
    [
      'an update that changes nothing',
      'update_contract_unit',
      { contract_unit_id: INVOICE },
      /at least one of name, description, state, initial_budget/,
    ],
    [
      'a correction that changes nothing',
      'update_invoice_payment',
      { invoice_id: INVOICE, payment_id: PAYMENT },
      /at least one of payment_amount_gross/,
    ],
    [
      'an unsupported filter',
      'list_invoices',
      { filters: { 'amount.gt': '5' } },
      /filters\.amount\.gt.*not a supported filter.*invoice_process_state\.in/,
    ],
    [
      'a range with one bound',
      'list_invoices',
      { filters: { 'date_due.range': ['2026-01-01'] } },
      /filters\.date_due\.range.*two values/,
    ],
    ['an unknown include', 'get_contract', { contract_id: INVOICE, include: ['vendor'] }, /include.*contractor/],
    ['a made-up cursor', 'list_invoices', { cursor: 'page-2' }, /cursor.*not a page cursor/],
    [
      'a download target outside the file roots',
      'download_invoice_document',
      { invoice_id: INVOICE, document_id: PAYMENT, save_to: '/etc/invoice.pdf' },
      /save_to: must be inside the allowed file roots/,
    ],
  ])('refuses %s without calling the API', async (_case, tool, args, message) => {
    const before = api.requests.length;
    const result = await client.callTool(tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    expect(api.requests.length).toBe(before);
  });
});

// How the dispatcher sends a write and reads what comes back. Writes that move money are
// sent here without asking for confirmation; the confirmation contract has tests of its own.
describe('API failures', () => {
  let api: FakeApi;
  let client: TestClient;

  beforeAll(async () => {
    api = await startFakeApi();
    client = await connect('stdio', 'legacy', againstApi(api.baseUrl, ['--timeout-ms', '1000', '--confirm-writes', 'off']));
  });
  afterAll(async () => {
    await client?.close();
    await api?.close();
  });

  it('maps a 422 validation body onto our argument names', async () => {
    api.reply = {
      status: 422,
      body: {
        detail: [
          {
            type: 'date_from_datetime_parsing',
            loc: ['body', 'data', 'attributes', 'payment_date'],
            msg: 'Input should be a valid date',
            input: 'x',
          },
        ],
      },
    };
    const text = textOf(await client.callTool('register_invoice_payment', payment));
    expect(text).toContain('HTTP 422');
    expect(text).toContain('- payment_date: Input should be a valid date (got "x")');
    expect(text).toContain('Nothing was changed');
  });

  it('maps errors[] with a source pointer and says which id to check on 404', async () => {
    api.reply = {
      status: 404,
      body: { errors: [{ status: '404', title: 'Not Found', detail: 'Invoice not found', source: { pointer: '/path/id' } }] },
    };
    const text = textOf(await client.callTool('get_invoice', { invoice_id: INVOICE }));
    expect(text).toContain('- invoice_id: Not Found: Invoice not found');
    expect(text).toContain('check invoice_id');
  });

  it('blames the credentials on 401', async () => {
    api.reply = { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized' }] } };
    expect(textOf(await client.callTool('list_projects', {}))).toContain('PFM_API_KEY and PFM_API_TOKEN');
  });

  it('asks for a pause on 429 with Retry-After', async () => {
    api.reply = { status: 429, headers: { 'retry-after': '7' } };
    expect(textOf(await client.callTool('list_projects', {}))).toContain('wait 7 seconds');
  });

  it('warns that a failed write may have been applied, and never retries it', async () => {
    api.reply = { status: 503 };
    const before = api.requests.length;
    const text = textOf(await client.callTool('register_invoice_payment', payment));
    expect(text).toContain('may or may not have been applied');
    expect(api.requests.length).toBe(before + 1);
  });

  it.each<[string, unknown]>([
    ['an answer that is not JSON:API', 'Payment registered.'],
    ['an answer of another shape', { data: { id: INVOICE, type: 'INVOICE', attributes: { installment_number: 'three' } } }],
  ])('says a write the API accepted was most likely made, given %s', async (_case, body) => {
    api.reply = { status: 201, body };
    const before = api.requests.length;
    const result = await client.callTool('register_invoice_payment', payment);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /accepted the request \(HTTP 201\).*most likely made.*Do not repeat it.*list_invoice_payments/s,
    );
    expect(api.requests.length).toBe(before + 1);
  });

  it('treats a write that timed out after sending as possibly applied, and sends it once', async () => {
    api.reply = { status: 201, hang: true };
    const before = api.requests.length;
    const result = await client.callTool('register_invoice_payment', payment);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/timed out.*may or may not have been applied.*list_invoice_payments/s);
    expect(api.requests.length).toBe(before + 1);
  });

  it('says nothing changed when the API cannot be reached at all', async () => {
    await api.close();
    const text = textOf(await client.callTool('register_invoice_payment', payment));
    expect(text).toContain('could not reach the API');
    expect(text).toContain('Nothing was changed');
  });
});

describe('rule rejections from the API', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect('http', 'legacy');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('refuses an initial budget on a project that uses cost elements, naming the field', async () => {
    const projects = dataOf<{ items: Array<{ id: string }> }>(
      await client.callTool('list_projects', { filters: { 'use_cost_elements.is': true } }),
    );
    const result = await client.callTool('create_contract_unit', {
      project_id: projects.items[0]!.id,
      name: 'Technik',
      initial_budget: { net: '1000.00', tax: '190.00' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /nothing was sent\. Project .* is budgeted by cost elements: its contract units take no initial budget/,
    );
  });

  it('reports an unknown id as not found', async () => {
    const result = await client.callTool('get_invoice', { invoice_id: INVOICE });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('HTTP 404');
  });
});
