import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fetchBytes, get, patch, post, query, upload, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

describe('assets and measures', () => {
  it('lists assets, filters them and reads one', async () => {
    const assets = (await walk(`${sandbox.capex}/assets/`)).items;
    expect(assets.length).toBe(12);
    expect(assets[0]).toMatchObject({
      type: 'ASSET',
      attributes: { name: expect.any(String), identifier: expect.stringMatching(/^A-/), date_created: expect.any(String) },
    });
    const found = await get(`${sandbox.capex}/assets/${query({ 'filter[identifier.exact]': assets[3].attributes.identifier })}`);
    expect(found.body.data.map((asset: Json) => asset.id)).toEqual([assets[3].id]);
    expect((await get(`${sandbox.capex}/assets/${assets[3].id}/`)).body.data).toEqual(assets[3]);
  });

  it('lists measures per asset and status; a measure names its asset', async () => {
    const asset = (await get(`${sandbox.capex}/assets/`)).body.data[0];
    const measures = (await walk(`${sandbox.capex}/measures/${query({ 'filter[asset.in]': asset.id })}`)).items;
    expect(measures.length).toBeGreaterThanOrEqual(5);
    expect(measures.every((measure: Json) => measure.attributes.asset === asset.id)).toBe(true);
    expect(measures[0].relationships).toEqual({ asset: { data: { id: asset.id, type: 'ASSET' } } });
    expect(measures[0].attributes).not.toHaveProperty('budget');
    const all = (await walk(`${sandbox.capex}/measures/`)).items;
    expect(new Set(all.map((measure: Json) => measure.attributes.status))).toEqual(
      new Set(['BUDGETED', 'IN_PROGRESS', 'COMPLETED']),
    );
    const budgeted = (await walk(`${sandbox.capex}/measures/${query({ 'filter[status.in]': 'BUDGETED' })}`)).items;
    expect(budgeted.length).toBe(all.filter((measure: Json) => measure.attributes.status === 'BUDGETED').length);
    expect((await get(`${sandbox.capex}/measures/${all[0].id}/`)).body.data).toEqual(all[0]);
  });

  it('lists the contracts of a measure, with measure and asset included', async () => {
    const completed = (await walk(`${sandbox.capex}/measures/${query({ 'filter[status.in]': 'COMPLETED' })}`)).items;
    let measure: Json;
    let response: Json;
    for (measure of completed) {
      response = await get(`${sandbox.capex}/measures/${measure.id}/contracts/?include=measure,measure.asset`);
      if (response.body.data.length > 0) break;
    }
    expect(response.body.data.length).toBeGreaterThan(0);
    expect(
      response.body.data.every(
        (contract: Json) => contract.attributes.measure === measure.id && contract.attributes.status === 'COMPLETED',
      ),
    ).toBe(true);
    expect(response.body.included.map((item: Json) => item.type).sort()).toEqual(['ASSET', 'MEASURE']);
    const budgeted = (await walk(`${sandbox.capex}/measures/${query({ 'filter[status.in]': 'BUDGETED' })}`)).items[0];
    expect((await get(`${sandbox.capex}/measures/${budgeted.id}/contracts/`)).body.data).toEqual([]);
  });

  it('keeps CAPEX data apart from FinCon', async () => {
    const capexContract = (await get(`${sandbox.capex}/contracts/`)).body.data[0];
    expect((await get(`${sandbox.fincon}/contracts/${capexContract.id}/`)).status).toBe(404);
    const invoice = (await get(`${sandbox.capex}/invoices/?include=contract.measure.asset`)).body;
    expect(new Set(invoice.included.map((item: Json) => item.type))).toEqual(new Set(['CONTRACT', 'MEASURE', 'ASSET']));
  });
});

/**
 * The invoice payment state machine of the product spec, one row per transition: the state the
 * invoice is in, is_final_payment as sent (undefined = omitted), the answer and the state after.
 */
const TRANSITIONS: readonly [string, boolean | undefined, number, string][] = [
  ['NEW', undefined, 409, 'NEW'],
  ['NEW', false, 409, 'NEW'],
  ['DETAILS_ENTERED', true, 409, 'DETAILS_ENTERED'],
  ['DETAILS_ENTERED', false, 409, 'DETAILS_ENTERED'],
  ['CHECKED', true, 409, 'CHECKED'],
  ['CHECKED', false, 409, 'CHECKED'],
  ['APPROVED', undefined, 201, 'PAID'],
  ['APPROVED', true, 201, 'PAID'],
  ['APPROVED', false, 201, 'APPROVED'],
  ['PAID', undefined, 409, 'PAID'],
  ['PAID', true, 409, 'PAID'],
  ['PAID', false, 201, 'PAID'],
];

describe('CAPEX invoice payments', () => {
  const used = new Set<string>();

  async function invoiceIn(state: string): Promise<Json> {
    const { items } = await walk(`${sandbox.capex}/invoices/${query({ 'filter[invoice_process_state.in]': state })}`);
    const invoice = items.find((candidate: Json) => !used.has(candidate.id));
    used.add(invoice.id);
    return invoice;
  }

  it.each(TRANSITIONS)(
    '%s with is_final_payment=%s answers %i and leaves the invoice %s',
    async (state, isFinal, status, next) => {
      const invoice = await invoiceIn(state);
      const before = (await walk(`${sandbox.capex}/invoices/${invoice.id}/payments/`)).items;
      const response = await post(`${sandbox.capex}/invoices/${invoice.id}/register-payment/`, {
        data: {
          type: 'PAYMENT_DETAILS',
          attributes: {
            payment_amount_gross: '595.00',
            payment_comment: 'CAPEX-Zahlung',
            payment_date: '2026-07-15',
            ...(isFinal === undefined ? {} : { is_final_payment: isFinal }),
          },
        },
      });
      expect(response.status).toBe(status);
      const after = (await get(`${sandbox.capex}/invoices/${invoice.id}/`)).body.data;
      expect(after.attributes.invoice_process_state).toBe(next);
      const payments = (await walk(`${sandbox.capex}/invoices/${invoice.id}/payments/`)).items;
      expect(payments).toHaveLength(before.length + (status === 201 ? 1 : 0));
      if (status !== 201) return;
      const paidBefore = new Decimal(invoice.attributes.payment_amount_gross?.amount ?? 0);
      expect(after.attributes.payment_amount_gross.amount).toBe(paidBefore.plus('595.00').toFixed(2));
      const approved = invoice.attributes.discounted_approved_amount;
      const net = new Decimal('595.00')
        .times(approved.net)
        .dividedBy(new Decimal(approved.net).plus(approved.tax))
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      expect(payments.at(-1).attributes.paid_amount).toEqual({
        currency: 'EUR',
        net: net.toFixed(2),
        tax: new Decimal('595.00').minus(net).toFixed(2),
      });
    },
  );

  it('updates a payment of a PAID invoice without touching its state', async () => {
    const invoice = await invoiceIn('PAID');
    const payment = (await get(`${sandbox.capex}/invoices/${invoice.id}/payments/`)).body.data[0];
    const response = await patch(`${sandbox.capex}/invoices/${invoice.id}/payments/${payment.id}/`, {
      data: { attributes: { payment_amount_gross: '1.19', payment_comment: null } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: payment.id,
      type: 'INVOICE_PAYMENT',
      attributes: { payment_comment: null, payment_date: payment.attributes.payment_date },
    });
    expect((await get(`${sandbox.capex}/invoices/${invoice.id}/`)).body.data.attributes.invoice_process_state).toBe('PAID');
  });
});

describe('CAPEX submit-invoice', () => {
  it('starts the workflow for an asset: the new invoice is NEW, linked to no contract, with its PDF', async () => {
    const asset = (await get(`${sandbox.capex}/assets/`)).body.data[5];
    const before = (await walk(`${sandbox.capex}/invoices/${query({ 'filter[invoice_process_state.in]': 'NEW' })}`)).items.length;
    const body = Buffer.from('%PDF-1.7\n% Rechnung Dachdecker\n%%EOF\n');
    const response = await upload(
      `${sandbox.capex}/assets/${asset.id}/submit-invoice/`,
      {},
      { field: 'file', filename: 'Dachdecker.pdf', content: body },
    );
    expect(response.status).toBe(201);
    const after = (await walk(`${sandbox.capex}/invoices/${query({ 'filter[invoice_process_state.in]': 'NEW' })}`)).items;
    expect(after).toHaveLength(before + 1);
    const document = (await get(`${sandbox.capex}/invoices/${response.body.data.id}/documents/`)).body.data[0];
    expect((await fetchBytes(document.links.download_annotated)).bytes.equals(body)).toBe(true);
  });
});
