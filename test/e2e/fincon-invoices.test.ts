/**
 * FinCon invoices beyond reading and paying: the invoices of a contract, completing a
 * NEW invoice, invoices added as already paid (add, replace, delete) and tags,
 * end to end (stdio, modern client) against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import { pdf, connect, dataOf, textOf, type TestClient, type Item, type Page, type Money } from '../support/harness.js';

let client: TestClient;

beforeAll(async () => {
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'all'] });
});
afterAll(async () => {
  await client?.close();
});

async function invoiceIn(state: string): Promise<Item> {
  const [invoice] = await client.items('list_invoices', { filters: { 'invoice_process_state.in': [state] } });
  if (!invoice) throw new Error(`the sandbox has no ${state} invoice`);
  return invoice;
}

const paid = {
  external_identifier: 'ALT-2025-17',
  unaudited_amount: { net: '10000.00', tax: '1900.00' },
  audited_amount: { net: '9800.00', tax: '1862.00' },
  discounted_approved_amount: { net: '9604.00', tax: '1824.76' },
  paid_amount: { net: '9604.00', tax: '1824.76' },
  cash_discount: { net: '196.00', tax: '37.24' },
  date_received: '2025-11-03',
  date_posted: '2025-11-04',
  date_due: '2025-12-03',
  date_approved: '2025-11-20',
  date_discount: '2025-11-17',
  payment_date: '2025-11-17',
  payment_comment: 'Altbestand, bar bezahlt',
};

describe('the invoices of a contract', () => {
  it('lists only that contract’s invoices, with exact totals', async () => {
    const invoice = await invoiceIn('APPROVED');
    const page = dataOf<Page>(await client.callTool('list_contract_invoices', { contract_id: invoice.contract }));
    expect(page.items.map((item) => item.id)).toContain(invoice.id);
    expect(page.items.every((item) => item.contract === invoice.contract)).toBe(true);
    const claimed = page.items
      .map((item) => item.unaudited_amount as Money | undefined)
      .filter((money): money is Money => money !== undefined)
      .reduce((sum, money) => sum.plus(money.net), new Decimal(0));
    expect(new Decimal(page.page_totals!.unaudited_amount![0]!.net).equals(claimed)).toBe(true);
  });
});

describe('completing a NEW invoice', () => {
  it('sets number, amount, dates and contract of a submitted invoice, and leaves the state NEW', async () => {
    const [project] = await client.items('list_projects');
    const document = pdf('Rechnung');
    const invoice = dataOf<Item>(
      await client.callTool('submit_invoice', {
        project_id: project!.id,
        content_base64: document.toString('base64'),
        filename: 'R-118.pdf',
      }),
    );
    const [contract] = await client.items('list_contracts', { filters: { 'status.in': ['ORDERED'] } });
    const updated = dataOf<Item>(
      await client.callTool('update_new_invoice', {
        invoice_id: invoice.id,
        external_identifier: '2026-118',
        invoice_type: 'INSTALLMENT',
        unaudited_amount: { net: '12400.00', tax: '2356.00' },
        date_received: '2026-11-02',
        date_due: '2026-12-02',
        contract_id: contract!.id,
      }),
    );
    expect(updated).toMatchObject({
      id: invoice.id,
      invoice_process_state: 'NEW',
      external_identifier: '2026-118',
      invoice_type: 'INSTALLMENT',
      date_due: '2026-12-02',
      contract: contract!.id,
    });
    expect(new Decimal((updated.unaudited_amount as Money).net).equals('12400')).toBe(true);
  });

  it('is refused for an invoice past NEW, with the next step', async () => {
    const invoice = await invoiceIn('APPROVED');
    const result = await client.callTool('update_new_invoice', { invoice_id: invoice.id, external_identifier: 'X-1' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/update_new_invoice failed: the API answered HTTP 4\d\d/);
    expect(dataOf<Item>(await client.callTool('get_invoice', { invoice_id: invoice.id })).external_identifier).toBe(
      invoice.external_identifier,
    );
  });
});

describe('invoices added as already paid', () => {
  it('adds a SINGLE invoice directly as PAID, replaces its details and deletes it', async () => {
    const [contract] = await client.items('list_contracts', { filters: { 'status.in': ['ORDERED'] } });
    const added = dataOf<Item>(await client.commit('add_paid_invoice', { contract_id: contract!.id, ...paid }));
    expect(added).toMatchObject({
      type: 'INVOICE',
      invoice_process_state: 'PAID',
      invoice_type: 'SINGLE',
      external_identifier: 'ALT-2025-17',
      contract: contract!.id,
    });
    expect(new Decimal((added.audited_amount as Money).tax).equals('1862')).toBe(true);

    const replaced = dataOf<Item>(
      await client.commit('update_paid_invoice', { invoice_id: added.id, ...paid, external_identifier: 'ALT-2025-17a' }),
    );
    expect(replaced).toMatchObject({ id: added.id, invoice_process_state: 'PAID', external_identifier: 'ALT-2025-17a' });

    const deleted = await client.commit('delete_paid_invoice', { invoice_id: added.id });
    expect(dataOf(deleted)).toEqual({
      status: 'committed',
      done: 'The paid invoice was deleted',
      correlation_id: expect.any(String),
    });
    const gone = await client.callTool('get_invoice', { invoice_id: added.id });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toContain('HTTP 404');
  });

  it('sends null for the nullable dates and cash discount when they are left out', async () => {
    const [contract] = await client.items('list_contracts', { filters: { 'status.in': ['ORDERED'] } });
    const { cash_discount: _cash, date_approved: _approved, date_discount: _discount, ...rest } = paid;
    const added = dataOf<Item>(
      await client.commit('add_paid_invoice', { contract_id: contract!.id, ...rest, external_identifier: 'ALT-2025-18' }),
    );
    expect(added.invoice_process_state).toBe('PAID');
    expect(added.date_discount).toBeUndefined();
  });

  it('refuses other invoice types before sending', async () => {
    const [contract] = await client.items('list_contracts');
    const result = await client.commit('add_paid_invoice', { contract_id: contract!.id, ...paid, invoice_type: 'FINAL' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments for tool add_paid_invoice[\s\S]*paid invoices can only be SINGLE/);
  });

  it('will not replace or delete an invoice that came through the workflow', async () => {
    const invoice = await invoiceIn('APPROVED');
    const replaced = await client.commit('update_paid_invoice', { invoice_id: invoice.id, ...paid });
    expect(replaced.isError).toBe(true);
    expect(textOf(replaced)).toMatch(/nothing was sent\. Invoice \S+ is APPROVED: only invoices added with add_paid_invoice/);
    const deleted = await client.commit('delete_paid_invoice', { invoice_id: invoice.id });
    expect(deleted.isError).toBe(true);
    expect(dataOf<Item>(await client.callTool('get_invoice', { invoice_id: invoice.id })).id).toBe(invoice.id);
  });
});

describe('tags', () => {
  it('creates, renames, assigns, finds by, unassigns and deletes a tag', async () => {
    const before = await client.items('list_tags');
    const tag = dataOf<Item>(await client.callTool('create_tag', { name: 'Prüfung Bauherr', color: 'ORANGE' }));
    expect(tag).toMatchObject({ type: 'TAG', name: 'Prüfung Bauherr', color: 'ORANGE' });
    expect(await client.items('list_tags')).toHaveLength(before.length + 1);

    const renamed = dataOf<Item>(await client.callTool('update_tag', { tag_id: tag.id, name: 'Prüfung Bauherrin' }));
    expect(renamed).toMatchObject({ id: tag.id, name: 'Prüfung Bauherrin', color: 'ORANGE' });

    const invoice = await invoiceIn('CHECKED');
    const tagged = dataOf<Item>(await client.callTool('assign_invoice_tag', { invoice_id: invoice.id, tag_id: tag.id }));
    expect(tagged).toMatchObject({ id: invoice.id, type: 'INVOICE' });
    expect((await client.items('list_invoice_tags', { invoice_id: invoice.id })).map((item) => item.id)).toContain(tag.id);
    expect((await client.items('list_invoices', { filters: { 'tags.in': [tag.id] } })).map((item) => item.id)).toEqual([
      invoice.id,
    ]);

    dataOf(await client.callTool('unassign_invoice_tag', { invoice_id: invoice.id, tag_id: tag.id }));
    expect((await client.items('list_invoice_tags', { invoice_id: invoice.id })).map((item) => item.id)).not.toContain(tag.id);

    expect(dataOf(await client.callTool('delete_tag', { tag_id: tag.id }))).toEqual({ done: 'The tag was deleted' });
    expect((await client.items('list_tags')).map((item) => item.id)).not.toContain(tag.id);
  });

  it('refuses a color the API does not offer', async () => {
    const result = await client.callTool('create_tag', { name: 'Lila', color: 'PURPLE' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/color.*BLUE, GREEN, RED, ORANGE/);
  });
});
