/**
 * The invoice payment rules of the product spec, observed through the MCP tools
 * (stdio, modern client) against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import { connect, dataOf, textOf, type TestClient, type Page, type Money } from '../support/harness.js';

type Invoice = {
  id: string;
  invoice_process_state: string;
  undiscounted_approved_amount?: Money;
  payment_amount_gross?: { amount: string; currency?: string };
  payment_date?: string;
  payment_comment?: string;
};
type Payment = { id: string; payment_date: string; paid_amount: Money; payment_comment?: string; date_created: string };

let client: TestClient;
const used = new Set<string>();

beforeAll(async () => {
  client = await connect('stdio', 'modern');
});
afterAll(async () => {
  await client?.close();
});

/** An invoice in the given state that no other test in this file has touched yet. */
async function freshInvoice(state: string): Promise<Invoice> {
  const page = dataOf<Page<Invoice>>(
    await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': [state] } }),
  );
  const invoice = page.items.find((item) => !used.has(item.id) && (state !== 'APPROVED' || !item.payment_amount_gross));
  if (!invoice) throw new Error(`the sandbox has no unused ${state} invoice left`);
  used.add(invoice.id);
  return invoice;
}

async function payments(invoiceId: string): Promise<Payment[]> {
  return dataOf<Page<Payment>>(await client.callTool('list_invoice_payments', { invoice_id: invoiceId })).items;
}

function pay(invoiceId: string, gross: string, isFinal: boolean, extra: Record<string, unknown> = {}) {
  return client.commit('register_invoice_payment', {
    invoice_id: invoiceId,
    payment_amount_gross: gross,
    payment_date: '2026-11-20',
    is_final_payment: isFinal,
    ...extra,
  });
}

function expectedSplit(gross: string, approved: Money): Money {
  const net = new Decimal(gross)
    .times(approved.net)
    .dividedBy(new Decimal(approved.net).plus(approved.tax))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { net: net.toFixed(2), tax: new Decimal(gross).minus(net).toFixed(2) };
}

describe('registering payments', () => {
  it.each(['NEW', 'DETAILS_ENTERED', 'CHECKED'])('rejects any payment on an invoice awaiting approval (%s)', async (state) => {
    const invoice = await freshInvoice(state);
    for (const isFinal of [true, false]) {
      const result = await pay(invoice.id, '100.00', isFinal);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        new RegExp(`cannot be done now; nothing was sent\\. Invoice \\S+ is ${state} and awaits approval`),
      );
    }
    expect(await payments(invoice.id)).toHaveLength(0);
  });

  it('keeps an APPROVED invoice APPROVED after a partial payment and splits net and tax from the approved amounts', async () => {
    const invoice = await freshInvoice('APPROVED');
    const after = dataOf<Invoice>(await pay(invoice.id, '1234.57', false, { payment_comment: 'Teilzahlung 1' }));
    expect(after.invoice_process_state).toBe('APPROVED');
    expect(after.payment_amount_gross?.amount).toMatch(/^1234\.57/);
    const [payment] = await payments(invoice.id);
    expect(payment!.paid_amount).toMatchObject(expectedSplit('1234.57', invoice.undiscounted_approved_amount!));
    expect(new Decimal(payment!.paid_amount.net).plus(payment!.paid_amount.tax).toFixed(2)).toBe('1234.57');
  });

  it('makes an APPROVED invoice PAID with a final payment, then refuses another final one but takes partial ones', async () => {
    const invoice = await freshInvoice('APPROVED');
    expect(dataOf<Invoice>(await pay(invoice.id, '500.00', true)).invoice_process_state).toBe('PAID');

    const refused = await pay(invoice.id, '10.00', true);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /nothing was sent[\s\S]*already PAID: register a further partial payment \(is_final_payment=false\)/,
    );
    expect(await payments(invoice.id)).toHaveLength(1);

    const further = dataOf<Invoice>(await pay(invoice.id, '10.00', false));
    expect(further.invoice_process_state).toBe('PAID');
    expect(await payments(invoice.id)).toHaveLength(2);
  });

  it('neither caps nor deduplicates: the same partial payment twice, above the approved amount, is recorded twice', async () => {
    const invoice = await freshInvoice('APPROVED');
    const approvedGross = new Decimal(invoice.undiscounted_approved_amount!.net).plus(invoice.undiscounted_approved_amount!.tax);
    const tooMuch = approvedGross.plus('0.01').toFixed(2);
    await pay(invoice.id, tooMuch, false, { payment_comment: 'same' });
    const second = dataOf<Invoice>(await pay(invoice.id, tooMuch, false, { payment_comment: 'same' }));
    expect(await payments(invoice.id)).toHaveLength(2);
    expect(new Decimal(second.payment_amount_gross!.amount).equals(new Decimal(tooMuch).times(2))).toBe(true);
  });

  it('lists payments oldest first with an exact page total', async () => {
    const invoice = await freshInvoice('APPROVED');
    for (const gross of ['0.10', '0.20', '0.30']) await pay(invoice.id, gross, false);
    const page = dataOf<Page<Payment>>(await client.callTool('list_invoice_payments', { invoice_id: invoice.id }));
    const created = page.items.map((payment) => payment.date_created);
    expect(created).toEqual([...created].sort());
    const total = page.page_totals!.paid_amount![0]!;
    expect(new Decimal(total.net).plus(total.tax).toFixed(2)).toBe('0.60');
  });
});

describe('correcting payments', () => {
  it('changes only what is sent, re-derives net and tax, clears the comment with null and never moves the state', async () => {
    const invoice = await freshInvoice('APPROVED');
    await pay(invoice.id, '200.00', false, { payment_comment: 'erste Rate' });
    await pay(invoice.id, '300.00', true, { payment_comment: 'Schlusszahlung' });
    const [first] = await payments(invoice.id);

    const amountOnly = dataOf<Payment>(
      await client.commit('update_invoice_payment', {
        invoice_id: invoice.id,
        payment_id: first!.id,
        payment_amount_gross: '250.00',
      }),
    );
    expect(amountOnly).toMatchObject({ payment_date: '2026-11-20', payment_comment: 'erste Rate' });
    expect(amountOnly.paid_amount).toMatchObject(expectedSplit('250.00', invoice.undiscounted_approved_amount!));

    const cleared = dataOf<Payment>(
      await client.commit('update_invoice_payment', {
        invoice_id: invoice.id,
        payment_id: first!.id,
        payment_comment: null,
        payment_date: '2026-11-18',
      }),
    );
    expect(cleared.payment_comment).toBeUndefined();
    expect(cleared.payment_date).toBe('2026-11-18');

    const after = dataOf<Invoice>(await client.callTool('get_invoice', { invoice_id: invoice.id }));
    expect(after.invoice_process_state).toBe('PAID');
    expect(new Decimal(after.payment_amount_gross!.amount).equals('550')).toBe(true);
  });

  it('refuses a payment id that belongs to another invoice', async () => {
    const invoice = await freshInvoice('APPROVED');
    const other = await freshInvoice('APPROVED');
    await pay(other.id, '10.00', false);
    const [foreign] = await payments(other.id);
    const result = await client.commit('update_invoice_payment', {
      invoice_id: invoice.id,
      payment_id: foreign!.id,
      payment_amount_gross: '1.00',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      new RegExp(
        `nothing was sent\\. Payment ${foreign!.id} is not on Invoice \\S+; find its payments with list_invoice_payments`,
      ),
    );
  });
});
