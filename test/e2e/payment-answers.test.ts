/**
 * Payment answers say what was booked (gross, net, tax) and what the invoice still owes, and
 * payment lists show gross; checked against the payments and invoices read back independently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { Decimal } from '../../src/shape/money.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { againstApi, connect, dataOf, shownAsCents, textOf, type Money, type Page, type TestClient } from '../support/harness.js';

interface Invoice {
  id: string;
  external_identifier?: string;
  invoice_process_state: string;
  undiscounted_approved_amount?: Money;
  discounted_approved_amount?: Money;
  payment_amount_gross?: { amount: string };
}
interface Payment {
  id: string;
  payment_date: string;
  paid_amount: Money;
  paid_amount_gross: { amount: string; currency?: string };
}
interface Settlement {
  invoice_id: string;
  invoice_state: string;
  approved_gross?: { amount: string };
  paid_gross: { amount: string };
  outstanding_gross?: { amount: string };
}
type Registered = Invoice & { payment?: Payment; settlement?: Settlement };

let client: TestClient;
const used = new Set<string>();

beforeAll(async () => {
  client = await connect('stdio', 'modern', { args: ['--toolsets', 'daily,capex_invoices,capex_payments'] });
});
afterAll(async () => {
  await client?.close();
});

async function unpaidApproved(prefix = ''): Promise<Invoice> {
  const page = dataOf<Page<Invoice>>(
    await client.callTool(`${prefix}list_invoices`, { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
  );
  const invoice = page.items.find((item) => !used.has(item.id) && !item.payment_amount_gross);
  if (!invoice) throw new Error('no unpaid APPROVED invoice left');
  used.add(invoice.id);
  return invoice;
}

const approvedGross = (invoice: Invoice) => {
  const basis = (invoice.discounted_approved_amount ?? invoice.undiscounted_approved_amount)!;
  return new Decimal(basis.net).plus(basis.tax);
};

const pay = (invoice: Invoice, gross: string, isFinal: boolean, prefix = '') =>
  client.commit(`${prefix}register_invoice_payment`, {
    invoice_id: invoice.id,
    payment_amount_gross: gross,
    payment_date: '2026-11-20',
    payment_comment: `Rate ${gross}`,
    is_final_payment: isFinal,
  });

async function paymentsOf(invoice: Invoice, prefix = ''): Promise<Page<Payment>> {
  return dataOf<Page<Payment>>(await client.callTool(`${prefix}list_invoice_payments`, { invoice_id: invoice.id }));
}

describe('registering a payment', () => {
  it('states the gross, net and tax booked, and what the invoice still owes', async () => {
    const invoice = await unpaidApproved();
    const result = await pay(invoice, '1000.00', false);
    const answer = dataOf<Registered>(result);
    const [booked] = (await paymentsOf(invoice)).items;

    // The payment as the API stored it.
    expect(answer.payment).toMatchObject({ id: booked!.id, paid_amount: booked!.paid_amount, payment_date: '2026-11-20' });
    expect(answer.payment!.paid_amount_gross.amount).toBe('1000');
    const { net, tax } = booked!.paid_amount;
    expect(textOf(result)).toContain(
      `Payment registered: 1,000.00 EUR gross (${shownAsCents(net)} net + ${shownAsCents(tax)} tax), dated 2026-11-20, payment id ${booked!.id}.`,
    );

    // What is left: approved minus paid, exactly.
    const outstanding = approvedGross(invoice).minus('1000');
    expect(answer.settlement).toEqual({
      invoice_id: invoice.id,
      invoice_state: 'APPROVED',
      approved_gross: { amount: approvedGross(invoice).toFixed(), currency: 'EUR' },
      paid_gross: { amount: '1000', currency: 'EUR' },
      outstanding_gross: { amount: outstanding.toFixed(), currency: 'EUR' },
    });
    expect(textOf(result)).toContain(
      `Invoice "${invoice.external_identifier}" is APPROVED: approved ${shownAsCents(approvedGross(invoice))} EUR gross, paid 1,000.00 EUR gross in all, outstanding ${shownAsCents(outstanding)} EUR gross.`,
    );
    // The invoice itself stays in the answer.
    expect(answer).toMatchObject({ id: invoice.id, invoice_process_state: 'APPROVED' });
  });

  it('says nothing is outstanding once the rest is paid, and when more was paid than approved', async () => {
    const invoice = await unpaidApproved();
    await pay(invoice, '100.00', false);
    const rest = approvedGross(invoice).minus('100').toFixed(2);
    const settled = await pay(invoice, rest, true);
    expect(dataOf<Registered>(settled).settlement).toMatchObject({ invoice_state: 'PAID', outstanding_gross: { amount: '0' } });
    expect(textOf(settled)).toMatch(
      new RegExp(`is PAID: approved [\\d,.]+ EUR gross, paid [\\d,.]+ EUR gross in all, nothing outstanding\\.`),
    );

    const extra = await pay(invoice, '50.00', false);
    expect(dataOf<Registered>(extra).settlement!.outstanding_gross!.amount).toBe('-50');
    expect(textOf(extra)).toContain('50.00 EUR gross MORE paid than approved');
  });

  it('works the same on CAPEX invoices', async () => {
    const invoice = await unpaidApproved('capex_');
    const result = await pay(invoice, '250.00', false, 'capex_');
    const [booked] = (await paymentsOf(invoice, 'capex_')).items;
    expect(dataOf<Registered>(result).payment?.id).toBe(booked!.id);
    expect(textOf(result)).toContain(`Payment registered: 250.00 EUR gross (${shownAsCents(booked!.paid_amount.net)} net`);
  });
});

describe('correcting a payment', () => {
  it('states the corrected gross, net and tax and what the invoice owes now', async () => {
    const invoice = await unpaidApproved();
    await pay(invoice, '400.00', false);
    const [payment] = (await paymentsOf(invoice)).items;
    const result = await client.commit('update_invoice_payment', {
      invoice_id: invoice.id,
      payment_id: payment!.id,
      payment_amount_gross: '250.00',
    });
    const answer = dataOf<Payment & { settlement: Settlement }>(result);
    const [corrected] = (await paymentsOf(invoice)).items;
    expect(answer.paid_amount).toEqual(corrected!.paid_amount);
    expect(answer.paid_amount_gross.amount).toBe('250');
    expect(answer.settlement).toMatchObject({
      invoice_state: 'APPROVED',
      paid_gross: { amount: '250' },
      outstanding_gross: { amount: approvedGross(invoice).minus('250').toFixed() },
    });
    expect(textOf(result)).toContain(
      `Payment corrected: now 250.00 EUR gross (${shownAsCents(corrected!.paid_amount.net)} net + ${shownAsCents(corrected!.paid_amount.tax)} tax)`,
    );
    expect(textOf(result)).toContain(`outstanding ${shownAsCents(approvedGross(invoice).minus('250'))} EUR gross`);
  });
});

describe('listing payments', () => {
  it('shows each payment gross as well as net and tax, and the gross total', async () => {
    const invoice = await unpaidApproved();
    for (const gross of ['0.10', '0.20', '1234.56']) await pay(invoice, gross, false);
    const result = await client.callTool('list_invoice_payments', { invoice_id: invoice.id });
    const page = dataOf<Page<Payment>>(result);
    for (const payment of page.items) {
      const exact = new Decimal(payment.paid_amount.net).plus(payment.paid_amount.tax);
      expect(payment.paid_amount_gross).toEqual({ amount: exact.toFixed(), currency: 'EUR' });
      expect(textOf(result)).toContain(`id: ${payment.id} | paid_amount: `);
      expect(textOf(result)).toContain(`paid_amount_gross: ${shownAsCents(exact)} EUR gross`);
    }
    expect(textOf(result)).toMatch(/Total paid_amount of these rows: [\d,.]+ EUR net \/ [\d,.]+ tax \/ 1,234\.86 gross/);
  });
});

describe('when reading back fails after the payment was booked', () => {
  let sandbox: SandboxHandle;
  let proxy: FaultProxy;
  let behind: TestClient;

  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startFaultProxy(sandbox.origin);
    // The reads after a payment give up after a second here, not the default 30.
    behind = await connect('stdio', 'modern', againstApi(`${proxy.origin}/fincon/v1`, ['--money-read-budget-s', '1']));
  });
  afterAll(async () => {
    await behind?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  it('still answers that the payment was registered, never as an error, and sends it once', async () => {
    const page = dataOf<Page<Invoice>>(
      await behind.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
    );
    const invoice = page.items.find((item) => !item.payment_amount_gross)!;
    // The preview reads the payments too; only the read after the payment is made fails.
    let paid = false;
    proxy.fails = (method, path) => {
      if (method === 'POST') paid = true;
      return paid && method === 'GET' && path.includes(`/invoices/${invoice.id}/payments/`);
    };
    const result = await behind.commit('register_invoice_payment', {
      invoice_id: invoice.id,
      payment_amount_gross: '321.00',
      payment_date: '2026-11-20',
      is_final_payment: false,
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(
      /^Committed\.\nThe payment was registered \(the API confirmed it\), but reading the details back failed, so this is the API's reply alone\. Do not repeat the call\. \(list_invoice_payments failed: the API answered HTTP 503/,
    );
    expect(dataOf<Invoice>(result)).toMatchObject({ id: invoice.id, payment_amount_gross: { amount: '321.00' } });
    expect(proxy.seen.filter((request) => request.method === 'POST')).toHaveLength(1);

    // Straight at the API: the payment is there, once.
    proxy.fails = () => false;
    const booked = await fetch(`${sandbox.baseUrls.fincon}/invoices/${invoice.id}/payments/`, {
      headers: { 'x-api-key': 'k', 'x-api-token': 't' },
    }).then((response) => response.json() as Promise<{ data: unknown[] }>);
    expect(booked.data).toHaveLength(1);
  });
});
