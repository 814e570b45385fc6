import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { get, patch, post, query, useSandbox, walk, type ApiResponse, type Json } from './helpers.js';

const sandbox = useSandbox();

const taken = new Set<string>();

/** An invoice in `state` that no other test of this file has used. */
async function freshInvoice(state: string, extraFilters: Record<string, string> = {}, unpaid = false): Promise<Json> {
  const { items } = await walk(
    `${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': state, ...extraFilters })}`,
  );
  const invoice = items.find(
    (candidate: Json) => !taken.has(candidate.id) && (!unpaid || candidate.attributes.payment_amount_gross === null),
  );
  if (!invoice) throw new Error(`no unused ${state} invoice left`);
  taken.add(invoice.id);
  return invoice;
}

const readInvoice = async (id: string): Promise<Json> => (await get(`${sandbox.fincon}/invoices/${id}/`)).body.data;
const paymentsOf = async (id: string): Promise<Json[]> => (await walk(`${sandbox.fincon}/invoices/${id}/payments/`)).items;

function register(invoiceId: string, attributes: Record<string, unknown>): Promise<ApiResponse> {
  return post(`${sandbox.fincon}/invoices/${invoiceId}/register-payment/`, {
    data: { type: 'PAYMENT_DETAILS', attributes: { payment_date: '2026-07-01', payment_comment: 'Testzahlung', ...attributes } },
  });
}

function updatePayment(invoiceId: string, paymentId: string, attributes: Record<string, unknown>): Promise<ApiResponse> {
  return patch(`${sandbox.fincon}/invoices/${invoiceId}/payments/${paymentId}/`, { data: { attributes } });
}

const gross = (amount: Json) => new Decimal(amount.net).plus(amount.tax);

/** The split the API promises: net in the ratio of approved net to approved gross, rounded to cents; tax the rest. */
function expectedSplit(invoice: Json, paid: Decimal.Value) {
  const approved = invoice.attributes.discounted_approved_amount;
  const net = new Decimal(paid).times(approved.net).dividedBy(gross(approved)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { net, tax: new Decimal(paid).minus(net) };
}

describe('registering a payment: the invoice state machine', () => {
  it.each([
    ['NEW', true],
    ['NEW', false],
    ['NEW', undefined],
    ['DETAILS_ENTERED', true],
    ['DETAILS_ENTERED', false],
    ['CHECKED', true],
    ['CHECKED', false],
    ['CHECKED', undefined],
  ])('rejects an invoice awaiting approval (%s, is_final_payment=%s) with 409 and records nothing', async (state, isFinal) => {
    const invoice = await freshInvoice(state);
    const response = await register(invoice.id, {
      payment_amount_gross: '100.00',
      ...(isFinal === undefined ? {} : { is_final_payment: isFinal }),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ data: null, errors: [{ status: '409', title: 'Conflict' }] });
    expect(response.body.errors[0].detail).toContain(state);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await readInvoice(invoice.id)).toEqual(invoice);
  });

  it.each([
    ['omitted', undefined],
    ['true', true],
  ])('settles an APPROVED invoice when is_final_payment is %s: PAID, payment recorded', async (_case, isFinal) => {
    const invoice = await freshInvoice('APPROVED', {}, true);
    const approvedGross = gross(invoice.attributes.discounted_approved_amount).toFixed(2);
    const response = await register(invoice.id, {
      payment_amount_gross: approvedGross,
      ...(isFinal === undefined ? {} : { is_final_payment: isFinal }),
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ id: invoice.id, type: 'INVOICE' });
    expect(response.body.data.attributes).toMatchObject({
      invoice_process_state: 'PAID',
      payment_amount_gross: { amount: approvedGross, currency: 'EUR' },
      payment_date: '2026-07-01',
      payment_comment: 'Testzahlung',
    });
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(1);
    expect(response.body.data.attributes.payment_created).toBe(payments[0].attributes.date_created);
  });

  it('keeps an APPROVED invoice APPROVED for a partial payment, then settles it with a final one', async () => {
    const invoice = await freshInvoice('APPROVED', {}, true);
    const first = await register(invoice.id, {
      payment_amount_gross: '1000.00',
      is_final_payment: false,
      payment_comment: 'Erste Rate',
    });
    expect(first.status).toBe(201);
    expect(first.body.data.attributes).toMatchObject({
      invoice_process_state: 'APPROVED',
      payment_amount_gross: { amount: '1000.00', currency: 'EUR' },
      payment_comment: 'Erste Rate',
    });
    const second = await register(invoice.id, {
      payment_amount_gross: 500.5,
      is_final_payment: false,
      payment_date: '2026-07-10',
      payment_comment: 'Zweite Rate',
    });
    expect(second.body.data.attributes).toMatchObject({
      invoice_process_state: 'APPROVED',
      payment_amount_gross: { amount: '1500.50' },
      payment_date: '2026-07-10',
      payment_comment: 'Zweite Rate',
    });
    const last = await register(invoice.id, { payment_amount_gross: '20.00' });
    expect(last.body.data.attributes).toMatchObject({
      invoice_process_state: 'PAID',
      payment_amount_gross: { amount: '1520.50' },
    });
    expect(await paymentsOf(invoice.id)).toHaveLength(3);
  });

  it.each([
    ['true', true],
    ['omitted', undefined],
  ])('rejects a final payment on a PAID invoice (is_final_payment %s) with 409 and records nothing', async (_case, isFinal) => {
    const invoice = await freshInvoice('PAID');
    const before = await paymentsOf(invoice.id);
    const response = await register(invoice.id, {
      payment_amount_gross: '10.00',
      ...(isFinal === undefined ? {} : { is_final_payment: isFinal }),
    });
    expect(response.status).toBe(409);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/is_final_payment' });
    expect(response.body.errors[0].detail).toContain('is_final_payment=false');
    expect(await paymentsOf(invoice.id)).toEqual(before);
    expect(await readInvoice(invoice.id)).toEqual(invoice);
  });

  it('records a partial payment on a PAID invoice, which stays PAID', async () => {
    const invoice = await freshInvoice('PAID');
    const before = await paymentsOf(invoice.id);
    const response = await register(invoice.id, { payment_amount_gross: '250.00', is_final_payment: false });
    expect(response.status).toBe(201);
    const total = new Decimal(invoice.attributes.payment_amount_gross.amount).plus('250.00');
    expect(response.body.data.attributes).toMatchObject({
      invoice_process_state: 'PAID',
      payment_amount_gross: { amount: total.toFixed(2) },
    });
    expect(await paymentsOf(invoice.id)).toHaveLength(before.length + 1);
  });

  it('does not cap payments at the approved amount', async () => {
    const invoice = await freshInvoice('APPROVED', {}, true);
    const tooMuch = gross(invoice.attributes.discounted_approved_amount).times(2).toFixed(2);
    const response = await register(invoice.id, { payment_amount_gross: tooMuch, is_final_payment: false });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.payment_amount_gross.amount).toBe(tooMuch);
    expect(response.body.data.attributes.invoice_process_state).toBe('APPROVED');
  });

  it('does not deduplicate: the same request twice records two payments', async () => {
    const invoice = await freshInvoice('APPROVED', {}, true);
    const attributes = { payment_amount_gross: '777.77', is_final_payment: false, payment_comment: 'Doppelt' };
    expect((await register(invoice.id, attributes)).status).toBe(201);
    const again = await register(invoice.id, attributes);
    expect(again.status).toBe(201);
    expect(again.body.data.attributes.payment_amount_gross.amount).toBe('1555.54');
    const payments = await paymentsOf(invoice.id);
    expect(payments).toHaveLength(2);
    expect(payments[0].id).not.toBe(payments[1].id);
    expect(payments[0].attributes.paid_amount).toEqual(payments[1].attributes.paid_amount);
  });

  it('answers 404 for an unknown invoice and 422 for a malformed id', async () => {
    const unknown = await register('7d2c7a1e-3b9f-4e5d-8c6b-2a1f0e9d8c7b', { payment_amount_gross: '1.00' });
    expect(unknown.status).toBe(404);
    const malformed = await register('INV-42', { payment_amount_gross: '1.00' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0].loc).toEqual(['path', 'id']);
  });
});

describe('derived net and tax', () => {
  it.each(['1000.00', '333.33', '0.01', 1234.5, '98765.432109876543', '0.123456789012', '2.005'])(
    'splits the gross %s in the ratio of the approved net to tax, adding up exactly',
    async (paid) => {
      const invoice = await freshInvoice('APPROVED', { 'filter[discounted_approved_amount.tax.greater_than_equal]': '0.01' });
      const response = await register(invoice.id, { payment_amount_gross: paid, is_final_payment: false });
      expect(response.status).toBe(201);
      const [payment] = (await paymentsOf(invoice.id)).slice(-1);
      const { net, tax } = payment.attributes.paid_amount;
      const expected = expectedSplit(invoice, String(paid));
      expect(new Decimal(net).equals(expected.net)).toBe(true);
      expect(new Decimal(tax).equals(expected.tax)).toBe(true);
      expect(new Decimal(net).plus(tax).equals(new Decimal(String(paid)))).toBe(true);
      expect(new Decimal(net).decimalPlaces()).toBeLessThanOrEqual(2);
      expect(payment.attributes.paid_amount.currency).toBe('EUR');
    },
  );

  it('puts everything into net for an invoice without tax (reverse charge)', async () => {
    const invoice = await freshInvoice('APPROVED', { 'filter[discounted_approved_amount.tax.range]': '0,0' }, true);
    await register(invoice.id, { payment_amount_gross: '4200.00', is_final_payment: false });
    const [payment] = await paymentsOf(invoice.id);
    expect(payment.attributes.paid_amount).toEqual({ currency: 'EUR', net: '4200.00', tax: '0.00' });
  });

  it('gives seeded payments the same derivation', async () => {
    const invoice = await freshInvoice('PAID');
    for (const payment of await paymentsOf(invoice.id)) {
      const paid = gross(payment.attributes.paid_amount);
      expect(expectedSplit(invoice, paid).net.toFixed(2)).toBe(payment.attributes.paid_amount.net);
    }
  });
});

describe('register-payment validation', () => {
  it.each([
    [
      { payment_amount_gross: '0' },
      { type: 'greater_than', msg: 'Input should be greater than 0', ctx: { gt: 0 } },
      'payment_amount_gross',
    ],
    [{ payment_amount_gross: -5 }, { type: 'greater_than' }, 'payment_amount_gross'],
    [
      { payment_amount_gross: '12,50' },
      { type: 'decimal_parsing', msg: 'Input should be a valid decimal' },
      'payment_amount_gross',
    ],
    [{ payment_amount_gross: true }, { type: 'decimal_type' }, 'payment_amount_gross'],
    [
      { payment_amount_gross: '1.1234567890123' },
      { type: 'decimal_max_places', ctx: { decimal_places: 12 } },
      'payment_amount_gross',
    ],
    [
      { payment_amount_gross: '1.00', payment_date: '2026-02-30' },
      {
        type: 'date_from_datetime_parsing',
        msg: 'Input should be a valid date or datetime, day value is outside expected range',
        ctx: { error: 'day value is outside expected range' },
      },
      'payment_date',
    ],
    [{ payment_amount_gross: '1.00', payment_date: '01.07.2026' }, { type: 'date_from_datetime_parsing' }, 'payment_date'],
    [
      { payment_amount_gross: '1.00', is_final_payment: 'maybe' },
      { type: 'bool_parsing', msg: 'Input should be a valid boolean, unable to interpret input' },
      'is_final_payment',
    ],
    [{ payment_amount_gross: '1.00', payment_comment: null }, { type: 'string_type' }, 'payment_comment'],
  ])('answers 422 for %j', async (attributes, problem, field) => {
    const invoice = (await walk(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'APPROVED' })}`))
      .items[0];
    const before = await paymentsOf(invoice.id);
    const response = await register(invoice.id, attributes);
    expect(response.status).toBe(422);
    expect(response.body.detail).toHaveLength(1);
    expect(response.body.detail[0]).toMatchObject({ ...problem, loc: ['body', 'data', 'attributes', field] });
    expect(await paymentsOf(invoice.id)).toEqual(before);
  });

  it('lists every missing required field', async () => {
    const invoice = await freshInvoice('APPROVED');
    const response = await post(`${sandbox.fincon}/invoices/${invoice.id}/register-payment/`, { data: { attributes: {} } });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((item: Json) => [item.type, item.loc.at(-1)])).toEqual([
      ['missing', 'payment_amount_gross'],
      ['missing', 'payment_comment'],
      ['missing', 'payment_date'],
    ]);
  });

  it('accepts is_final_payment as a lax boolean string', async () => {
    const invoice = await freshInvoice('APPROVED');
    const response = await register(invoice.id, { payment_amount_gross: '5.00', is_final_payment: 'false' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.invoice_process_state).toBe('APPROVED');
  });
});

describe('listing payments', () => {
  it('lists payments oldest first, new ones last', async () => {
    const invoice = await freshInvoice('PAID');
    const before = await paymentsOf(invoice.id);
    await register(invoice.id, { payment_amount_gross: '1.00', is_final_payment: false, payment_date: '2020-01-01' });
    await register(invoice.id, { payment_amount_gross: '2.00', is_final_payment: false, payment_date: '2019-01-01' });
    const response = await get(`${sandbox.fincon}/invoices/${invoice.id}/payments/`);
    expect(response.status).toBe(200);
    expect(response.body.links).toEqual({ next: null });
    const payments: Json[] = response.body.data;
    expect(payments.slice(0, before.length)).toEqual(before);
    expect(payments.slice(before.length).map((payment) => payment.attributes.payment_date)).toEqual(['2020-01-01', '2019-01-01']);
    const created = payments.map((payment) => payment.attributes.date_created);
    expect([...created].sort()).toEqual(created);
    for (const payment of payments) {
      expect(payment).toMatchObject({
        type: 'INVOICE_PAYMENT',
        attributes: { invoice: invoice.id, paid_amount: { currency: 'EUR' } },
        relationships: { invoice: { data: { id: invoice.id, type: 'INVOICE' } } },
      });
      expect(Object.keys(payment.attributes).sort()).toEqual([
        'date_created',
        'invoice',
        'paid_amount',
        'payment_comment',
        'payment_date',
      ]);
    }
    const latest = await readInvoice(invoice.id);
    expect(latest.attributes.payment_date).toBe('2019-01-01');
    expect(latest.attributes.payment_created).toBe(created.at(-1));
  });

  it('lists nothing for an invoice without payments', async () => {
    const invoice = await freshInvoice('NEW');
    const response = await get(`${sandbox.fincon}/invoices/${invoice.id}/payments/`);
    expect(response.body).toEqual({ data: [], errors: null, included: null, links: { next: null } });
  });
});

describe('updating a payment', () => {
  it('changes only the attributes sent and keeps the invoice PAID even when totals no longer match', async () => {
    const invoice = await freshInvoice('PAID');
    const [payment, ...rest] = await paymentsOf(invoice.id);
    const response = await updatePayment(invoice.id, payment.id, { payment_comment: 'Korrigiert' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ ...payment, attributes: { ...payment.attributes, payment_comment: 'Korrigiert' } });

    const smaller = await updatePayment(invoice.id, payment.id, { payment_amount_gross: '10.00' });
    const split = expectedSplit(invoice, '10.00');
    expect(smaller.body.data.attributes.paid_amount).toEqual({
      currency: 'EUR',
      net: split.net.toFixed(2),
      tax: split.tax.toFixed(2),
    });
    expect(smaller.body.data.attributes).toMatchObject({
      payment_comment: 'Korrigiert',
      payment_date: payment.attributes.payment_date,
    });

    const after = await readInvoice(invoice.id);
    const total = rest.reduce((sum, other) => sum.plus(gross(other.attributes.paid_amount)), new Decimal('10.00'));
    expect(after.attributes.invoice_process_state).toBe('PAID');
    expect(after.attributes.payment_amount_gross).toEqual({ amount: total.toFixed(2), currency: 'EUR' });
  });

  it('removes the comment with null and moves the date', async () => {
    const invoice = await freshInvoice('PAID');
    const payments = await paymentsOf(invoice.id);
    const latest = payments.at(-1);
    const response = await updatePayment(invoice.id, latest.id, { payment_comment: null, payment_date: '2026-08-15' });
    expect(response.body.data.attributes).toMatchObject({ payment_comment: null, payment_date: '2026-08-15' });
    expect((await readInvoice(invoice.id)).attributes).toMatchObject({ payment_comment: null, payment_date: '2026-08-15' });
  });

  it('never changes the state of an APPROVED invoice, even when its payments reach the approved amount', async () => {
    const invoice = await freshInvoice('APPROVED', {}, true);
    const registered = await register(invoice.id, { payment_amount_gross: '100.00', is_final_payment: false });
    expect(registered.status).toBe(201);
    const [payment] = await paymentsOf(invoice.id);
    const full = gross(invoice.attributes.discounted_approved_amount).toFixed(2);
    const response = await updatePayment(invoice.id, payment.id, { payment_amount_gross: full });
    expect(response.status).toBe(200);
    expect((await readInvoice(invoice.id)).attributes).toMatchObject({
      invoice_process_state: 'APPROVED',
      payment_amount_gross: { amount: full },
    });
  });

  it('keeps everything for an empty attributes object', async () => {
    const invoice = await freshInvoice('PAID');
    const [payment] = await paymentsOf(invoice.id);
    const response = await updatePayment(invoice.id, payment.id, {});
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(payment);
  });

  it('answers 404 for a payment of another invoice or an unknown one', async () => {
    const invoice = await freshInvoice('PAID');
    const other = await freshInvoice('PAID');
    const [foreign] = await paymentsOf(other.id);
    const misplaced = await updatePayment(invoice.id, foreign.id, { payment_comment: 'X' });
    expect(misplaced.status).toBe(404);
    expect(misplaced.body.errors[0].source).toEqual({ parameter: 'payment_id' });
    expect((await paymentsOf(other.id))[0]).toEqual(foreign);
    const unknown = await updatePayment(invoice.id, '1a2b3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f', { payment_comment: 'X' });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 when data.id names another payment', async () => {
    const invoice = await freshInvoice('PAID');
    const [payment] = await paymentsOf(invoice.id);
    const response = await patch(`${sandbox.fincon}/invoices/${invoice.id}/payments/${payment.id}/`, {
      data: { id: invoice.id, attributes: { payment_comment: 'X' } },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/id' });
  });

  it('answers 422 for a non-positive gross or a bad date', async () => {
    const invoice = await freshInvoice('PAID');
    const [payment] = await paymentsOf(invoice.id);
    const zero = await updatePayment(invoice.id, payment.id, { payment_amount_gross: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.detail[0]).toMatchObject({
      type: 'greater_than',
      loc: ['body', 'data', 'attributes', 'payment_amount_gross'],
    });
    const badDate = await updatePayment(invoice.id, payment.id, { payment_date: '2026-13-01' });
    expect(badDate.body.detail[0]).toMatchObject({
      type: 'date_from_datetime_parsing',
      msg: expect.stringContaining('month value'),
    });
    expect((await paymentsOf(invoice.id))[0]).toEqual(payment);
  });
});
