/** `sandbox --scale N` (and PFM_SANDBOX_SCALE for the embedded one): a large project on demand. */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { connectStdio } from '../support/harness.js';
import { query, useSandbox, walk, type Json } from './helpers.js';

const CONTRACTS = 40;
const scaled = useSandbox({ scale: CONTRACTS });
const regular = useSandbox();

const grossOf = (amount: Json) => new Decimal(amount.net).plus(amount.tax);

describe('the large project', () => {
  it('adds one project with N contracts and ten invoices a contract, settled by their payments', async () => {
    const projects = (await walk(`${scaled.fincon}/projects/`)).items;
    const large = projects.find((project: Json) => project.attributes.name === 'Stadtquartier Neckarbogen');
    expect(large).toBeDefined();
    const contracts = (await walk(`${scaled.fincon}/contracts/${query({ 'filter[project.in]': large.id })}`)).items;
    expect(contracts).toHaveLength(CONTRACTS);

    const ids = new Set(contracts.map((contract: Json) => contract.id));
    const invoices = (await walk(`${scaled.fincon}/invoices/`)).items.filter((invoice: Json) =>
      ids.has(invoice.attributes.contract),
    );
    expect(invoices).toHaveLength(CONTRACTS * 10);
    const paid = invoices.filter((invoice: Json) => invoice.attributes.invoice_process_state === 'PAID');
    expect(paid.length).toBe(Math.round(CONTRACTS * 10 * 0.9));
    for (const invoice of paid.slice(0, 20)) {
      const payments = (await walk(`${scaled.fincon}/invoices/${invoice.id}/payments/`)).items;
      const total = payments.reduce(
        (sum: Decimal, payment: Json) => sum.plus(grossOf(payment.attributes.paid_amount)),
        new Decimal(0),
      );
      expect(total.toFixed(2)).toBe(grossOf(invoice.attributes.discounted_approved_amount).toFixed(2));
    }
  });

  it('leaves the regular demo data as it is', async () => {
    const strip = (items: Json[]) => items.map((item) => item.id);
    const ofScaled = (await walk(`${scaled.fincon}/projects/`)).items;
    const ofRegular = (await walk(`${regular.fincon}/projects/`)).items;
    expect(strip(ofScaled.filter((project: Json) => project.attributes.name !== 'Stadtquartier Neckarbogen'))).toEqual(
      strip(ofRegular),
    );
    const contractUnits = (url: string) => walk(`${url}/contract_units/`).then(({ items }) => items);
    const regularUnits = await contractUnits(regular.fincon);
    expect((await contractUnits(scaled.fincon)).slice(0, regularUnits.length)).toEqual(regularUnits);
  });
});

describe('the embedded sandbox with PFM_SANDBOX_SCALE', () => {
  it('offers the large project through the tools', async () => {
    const client = await connectStdio('modern', { env: { PFM_SANDBOX_SCALE: '12' } });
    try {
      const [large] = await client.items<{ id: string; name: string }>('list_projects', {
        filters: { 'name.exact': 'Stadtquartier Neckarbogen' },
      });
      expect(large).toBeDefined();
      const contracts = await client.items('list_contracts', { filters: { 'project.in': [large!.id] } });
      expect(contracts).toHaveLength(12);
    } finally {
      await client.close();
    }
  });
});
