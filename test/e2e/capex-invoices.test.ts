/**
 * CAPEX invoices, paid invoices, tags and payments (the product spec's payment list
 * and update apply to CAPEX invoices too); end to end (stdio, modern client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import { pdf, connect, dataOf, textOf, type TestClient, type Item, type Page, type Money } from '../support/harness.js';

let client: TestClient;
const used = new Set<string>();

beforeAll(async () => {
  client = await connect('stdio', 'modern', { args: ['--products', 'capex', '--toolsets', 'all'] });
});
afterAll(async () => {
  await client?.close();
});

async function freshInvoice(state: string): Promise<Item> {
  const found = (await client.items('capex_list_invoices', { filters: { 'invoice_process_state.in': [state] } })).find(
    (item) => !used.has(item.id) && !item.payment_amount_gross,
  );
  if (!found) throw new Error(`no unused ${state} CAPEX invoice`);
  used.add(found.id);
  return found;
}

const paid = {
  external_identifier: 'CX-ALT-9',
  unaudited_amount: { net: '5000.00', tax: '950.00' },
  audited_amount: { net: '5000.00', tax: '950.00' },
  discounted_approved_amount: { net: '5000.00', tax: '950.00' },
  paid_amount: { net: '5000.00', tax: '950.00' },
  date_received: '2026-01-10',
  date_posted: '2026-01-11',
  date_due: '2026-02-10',
  payment_date: '2026-02-01',
};

describe('CAPEX invoices', () => {
  it('lists, reads and lists the invoices of a contract', async () => {
    const invoice = await freshInvoice('APPROVED');
    expect(dataOf<Item>(await client.callTool('capex_get_invoice', { invoice_id: invoice.id }))).toEqual(invoice);
    const ofContract = await client.items('capex_list_contract_invoices', { contract_id: invoice.contract });
    expect(ofContract.map((item) => item.id)).toContain(invoice.id);
    expect(ofContract.every((item) => item.contract === invoice.contract)).toBe(true);
  });

  it('completes a NEW invoice submitted for an asset', async () => {
    const [asset] = await client.items('capex_list_assets');
    const document = pdf('Rechnung');
    const invoice = dataOf<Item>(
      await client.callTool('capex_submit_invoice', {
        asset_id: asset!.id,
        content_base64: document.toString('base64'),
        filename: 'CX-7.pdf',
      }),
    );
    const updated = dataOf<Item>(
      await client.callTool('capex_update_new_invoice', {
        invoice_id: invoice.id,
        external_identifier: 'CX-2026-7',
        date_due: '2026-12-31',
      }),
    );
    expect(updated).toMatchObject({
      id: invoice.id,
      invoice_process_state: 'NEW',
      external_identifier: 'CX-2026-7',
      date_due: '2026-12-31',
    });
  });

  it('adds a paid invoice, replaces it and deletes it', async () => {
    const [contract] = await client.items('capex_list_contracts');
    const added = dataOf<Item>(await client.commit('capex_add_paid_invoice', { contract_id: contract!.id, ...paid }));
    expect(added).toMatchObject({ invoice_process_state: 'PAID', invoice_type: 'SINGLE', contract: contract!.id });
    const replaced = dataOf<Item>(
      await client.commit('capex_update_paid_invoice', { invoice_id: added.id, ...paid, payment_date: '2026-02-03' }),
    );
    expect(replaced).toMatchObject({ id: added.id, payment_date: '2026-02-03' });
    expect(dataOf(await client.commit('capex_delete_paid_invoice', { invoice_id: added.id }))).toEqual({
      status: 'committed',
      done: 'The paid invoice was deleted',
      correlation_id: expect.any(String),
    });
    expect((await client.callTool('capex_get_invoice', { invoice_id: added.id })).isError).toBe(true);
  });
});

describe('CAPEX tags', () => {
  it('creates, assigns, lists, unassigns, renames and deletes a tag', async () => {
    const tag = dataOf<Item>(await client.callTool('capex_create_tag', { name: 'Fördermittel', color: 'GREEN' }));
    expect((await client.items('capex_list_tags')).map((item) => item.id)).toContain(tag.id);
    const invoice = await freshInvoice('CHECKED');
    dataOf(await client.callTool('capex_assign_invoice_tag', { invoice_id: invoice.id, tag_id: tag.id }));
    expect((await client.items('capex_list_invoice_tags', { invoice_id: invoice.id })).map((item) => item.id)).toContain(tag.id);
    dataOf(await client.callTool('capex_unassign_invoice_tag', { invoice_id: invoice.id, tag_id: tag.id }));
    expect((await client.items('capex_list_invoice_tags', { invoice_id: invoice.id })).map((item) => item.id)).not.toContain(
      tag.id,
    );
    expect(dataOf<Item>(await client.callTool('capex_update_tag', { tag_id: tag.id, color: 'BLUE' })).color).toBe('BLUE');
    dataOf(await client.callTool('capex_delete_tag', { tag_id: tag.id }));
    expect((await client.items('capex_list_tags')).map((item) => item.id)).not.toContain(tag.id);
  });
});

describe('CAPEX payments', () => {
  it('registers a partial then a final payment, lists and corrects them', async () => {
    const invoice = await freshInvoice('APPROVED');
    const partial = dataOf<Item>(
      await client.commit('capex_register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '1190.00',
        payment_date: '2026-11-20',
        payment_comment: 'Abschlag',
        is_final_payment: false,
      }),
    );
    expect(partial.invoice_process_state).toBe('APPROVED');
    const final = dataOf<Item>(
      await client.commit('capex_register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '10.00',
        payment_date: '2026-11-21',
        is_final_payment: true,
      }),
    );
    expect(final.invoice_process_state).toBe('PAID');

    const payments = dataOf<Page>(await client.callTool('capex_list_invoice_payments', { invoice_id: invoice.id }));
    expect(payments.items).toHaveLength(2);
    const total = payments.page_totals!.paid_amount![0]!;
    expect(new Decimal(total.net).plus(total.tax).toFixed(2)).toBe('1200.00');

    const corrected = dataOf<Item>(
      await client.commit('capex_update_invoice_payment', {
        invoice_id: invoice.id,
        payment_id: payments.items[0]!.id,
        payment_amount_gross: '1250.00',
      }),
    );
    const amount = corrected.paid_amount as Money;
    expect(new Decimal(amount.net).plus(amount.tax).toFixed(2)).toBe('1250.00');
    expect(dataOf<Item>(await client.callTool('capex_get_invoice', { invoice_id: invoice.id })).invoice_process_state).toBe(
      'PAID',
    );
  });

  it('refuses a payment on an invoice awaiting approval', async () => {
    const invoice = await freshInvoice('CHECKED');
    const result = await client.commit('capex_register_invoice_payment', {
      invoice_id: invoice.id,
      payment_amount_gross: '1.00',
      payment_date: '2026-11-20',
      is_final_payment: false,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/nothing was sent\. Invoice \S+ is CHECKED and awaits approval/);
  });
});
