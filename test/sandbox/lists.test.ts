import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { FIXTURE, type OperationFacts } from '../fixtures/openapi-facts.mjs';
import { get, query, useSandbox, walk, type Json } from './helpers.js';

/** What the OpenAPI descriptions publish per operation (test/fixtures). */
const published = JSON.parse(readFileSync(FIXTURE, 'utf8')) as OperationFacts[];

const sandbox = useSandbox();

const ids = (items: Json[]) => items.map((item) => item.id);

describe('pagination', () => {
  it('walks every invoice once over pages of 100', async () => {
    const { pages, items } = await walk(`${sandbox.fincon}/invoices/`);
    expect(pages.map((page) => page.data.length)).toEqual([100, 100, 100]);
    expect(new Set(ids(items)).size).toBe(300);
    expect(pages.at(-1).links).toEqual({ next: null });
    for (const page of pages.slice(0, -1))
      expect(page.links.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fincon\/v1\/invoices\/\?/);
  });

  it('keeps filters and include in the next link', async () => {
    const first = await get(
      `${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'PAID,APPROVED', include: 'contract' })}`,
    );
    const next = new URL(first.body.links.next);
    expect(next.searchParams.get('filter[invoice_process_state.in]')).toBe('PAID,APPROVED');
    expect(next.searchParams.get('include')).toBe('contract');
    expect(next.searchParams.get('cursor[position]')).toEqual(expect.any(String));

    const { items, pages } = await walk(first.body.links.next);
    const all = [...first.body.data, ...items];
    expect(all).toHaveLength(210);
    expect(new Set(ids(all)).size).toBe(210);
    expect(all.every((invoice) => ['PAID', 'APPROVED'].includes(invoice.attributes.invoice_process_state))).toBe(true);
    expect(pages.every((page) => Array.isArray(page.included))).toBe(true);
  });

  it('drops query parameters that are neither filters nor include from the next link', async () => {
    const first = await get(`${sandbox.fincon}/invoices/?foo=bar`);
    expect(new URL(first.body.links.next).searchParams.has('foo')).toBe(false);
  });

  it.each(['garbage', 'MTIz', 'YWZ0ZXI6eA'])('answers 400 for the cursor %s, which it did not issue', async (cursor) => {
    const response = await get(`${sandbox.fincon}/invoices/${query({ 'cursor[position]': cursor })}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ status: '400', source: { parameter: 'cursor[position]' } });
  });

  it('treats an empty cursor as the first page', async () => {
    const first = await get(`${sandbox.fincon}/invoices/`);
    const empty = await get(`${sandbox.fincon}/invoices/?cursor[position]=`);
    expect(ids(empty.body.data)).toEqual(ids(first.body.data));
  });

  it('serves a short list on one page', async () => {
    const response = await get(`${sandbox.fincon}/projects/`);
    expect(response.body.data.length).toBeGreaterThanOrEqual(5);
    expect(response.body).toMatchObject({ errors: null, included: null, links: { next: null } });
  });
});

describe('filters', () => {
  const invoices = (params: Record<string, string>) => walk(`${sandbox.fincon}/invoices/${query(params)}`).then((r) => r.items);

  it('filters text with exact and contains', async () => {
    const all = (await walk(`${sandbox.fincon}/projects/`)).items;
    const exact = await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': 'Hunsrück Mitte' })}`);
    expect(exact.body.data.map((project: Json) => project.attributes.name)).toEqual(['Hunsrück Mitte']);
    const contains = await get(`${sandbox.fincon}/projects/${query({ 'filter[name.contains]': 'hunsrück' })}`);
    expect(ids(contains.body.data)).toEqual(ids(exact.body.data));
    const partial = await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': 'Hunsrück' })}`);
    expect(partial.body.data).toEqual([]);
    expect(all.length).toBeGreaterThan(1);
  });

  it('filters ids with in and not_in', async () => {
    const all = (await walk(`${sandbox.fincon}/contract_units/`)).items;
    const picked = ids(all.slice(0, 3));
    const inside = await get(`${sandbox.fincon}/contract_units/${query({ 'filter[id.in]': picked.join(',') })}`);
    expect(ids(inside.body.data)).toEqual(picked);
    const outside = (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[id.not_in]': picked.join(',') })}`)).items;
    expect(outside).toHaveLength(all.length - 3);
    expect(ids(outside)).not.toContain(picked[0]);
  });

  it('filters enum values and rejects values outside the enum', async () => {
    const checked = await invoices({ 'filter[invoice_process_state.in]': 'CHECKED' });
    expect(checked).toHaveLength(30);
    const open = await invoices({ 'filter[invoice_process_state.not_in]': 'PAID,APPROVED' });
    expect(open).toHaveLength(90);
    const bad = await get(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'SETTLED' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].detail).toContain('APPROVED');
  });

  it('filters dates with exact, less_than_equal, greater_than_equal and range', async () => {
    const all = (await invoices({})).filter((invoice: Json) => invoice.attributes.date_received !== null);
    const day = all[150].attributes.date_received as string;
    const exact = await invoices({ 'filter[date_received.exact]': day });
    expect(exact.length).toBe(all.filter((invoice: Json) => invoice.attributes.date_received === day).length);
    const upTo = await invoices({ 'filter[date_received.less_than_equal]': day });
    const from = await invoices({ 'filter[date_received.greater_than_equal]': day });
    expect(upTo.length + from.length - exact.length).toBe(all.length);
    const range = await invoices({ 'filter[date_received.range]': `2024-01-01,2024-12-31` });
    expect(range.length).toBe(all.filter((invoice: Json) => invoice.attributes.date_received.startsWith('2024')).length);
    expect(range.length).toBeGreaterThan(0);
  });

  it('filters date-times, derived payment dates included', async () => {
    const created = await invoices({ 'filter[date_created.less_than_equal]': '2024-01-01T00:00:00Z' });
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((invoice: Json) => invoice.attributes.date_created < '2024-01-01')).toBe(true);
    const paidLate = await invoices({ 'filter[payment_created.greater_than_equal]': '2025-01-01T00:00:00' });
    expect(paidLate.length).toBeGreaterThan(0);
    expect(paidLate.every((invoice: Json) => invoice.attributes.payment_created >= '2025-01-01')).toBe(true);
  });

  it('compares date-times as instants, whatever offset a bound is written with', async () => {
    const approved = (await invoices({})).filter((invoice: Json) => invoice.attributes.date_approved !== null);
    const instant = (value: string) => Date.parse(value);
    const pivot = approved[40].attributes.date_approved as string;
    const sameInstantElsewhere = new Date(instant(pivot) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const from = await invoices({ 'filter[date_approved.greater_than_equal]': sameInstantElsewhere });
    expect(ids(from).sort()).toEqual(
      ids(approved.filter((invoice: Json) => instant(invoice.attributes.date_approved) >= instant(pivot))).sort(),
    );
    expect(ids(from)).toContain(approved[40].id);
    const day = pivot.slice(0, 10);
    const thatDay = await invoices({ 'filter[date_approved.range]': `${day}T00:00:00,${day}T23:59:59` });
    expect(ids(thatDay).sort()).toEqual(
      ids(approved.filter((invoice: Json) => invoice.attributes.date_approved.startsWith(day))).sort(),
    );
  });

  it('refuses a date alone on every filter the OpenAPI documents on a date-time attribute, and takes a date-time', async () => {
    const parents: Record<string, string> = {
      contract_id: '/contracts/',
      invoice_id: '/invoices/',
      change_order_id: '/change_orders/',
    };
    const lists = published.filter((facts) => facts.product !== 'esg' && facts.datetime_filters);
    expect(lists.length).toBeGreaterThan(10);
    for (const facts of lists) {
      const base = facts.product === 'capex' ? sandbox.capex : sandbox.fincon;
      let path = facts.path;
      for (const name of facts.path_params) {
        path = path.replace(`{${name}}`, (await get(`${base}${parents[name]}`)).body.data[0].id);
      }
      for (const attribute of facts.datetime_filters!) {
        const key = `filter[${attribute}.greater_than_equal]`;
        const refused = await get(`${base}${path}${query({ [key]: '2024-05-01' })}`);
        expect(refused.status, `${facts.product} ${path} ${key}`).toBe(400);
        expect(refused.body.errors[0]).toMatchObject({
          source: { parameter: key },
          detail: expect.stringContaining('date-time'),
        });
        const taken = await get(`${base}${path}${query({ [key]: '2024-05-01T00:00:00' })}`);
        expect(taken.status, `${facts.product} ${path} ${key}`).toBe(200);
      }
    }
  });

  it('filters money on net and on tax', async () => {
    const big = await invoices({ 'filter[unaudited_amount.net.greater_than_equal]': '100000.00' });
    expect(big.length).toBeGreaterThan(0);
    expect(big.every((invoice: Json) => new Decimal(invoice.attributes.unaudited_amount.net).gte(100_000))).toBe(true);
    const noTax = await invoices({ 'filter[audited_amount.tax.range]': '0,0' });
    expect(noTax.every((invoice: Json) => new Decimal(invoice.attributes.audited_amount.tax).isZero())).toBe(true);
    const whole = await get(`${sandbox.fincon}/invoices/${query({ 'filter[unaudited_amount.greater_than_equal]': '1' })}`);
    expect(whole.status).toBe(400);
    expect(whole.body.errors[0].detail).toContain('filter[unaudited_amount.net.greater_than_equal]');
  });

  it('filters booleans and nullability with is', async () => {
    const withCostElements = await get(`${sandbox.fincon}/projects/${query({ 'filter[use_cost_elements.is]': 'true' })}`);
    expect(withCostElements.body.data.length).toBeGreaterThan(0);
    expect(withCostElements.body.data.every((project: Json) => project.attributes.use_cost_elements)).toBe(true);
    const undated = await walk(`${sandbox.fincon}/contracts/${query({ 'filter[date_contract.is]': 'null' })}`);
    expect(undated.items.length).toBeGreaterThan(0);
    expect(undated.items.every((contract: Json) => contract.attributes.date_contract === null)).toBe(true);
    const bad = await get(`${sandbox.fincon}/projects/${query({ 'filter[use_cost_elements.is]': 'maybe' })}`);
    expect(bad.status).toBe(400);
  });

  it('filters contracts by the project of their contract unit', async () => {
    const project = (await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': 'Hunsrück Mitte' })}`)).body.data[0];
    const units = (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[project.in]': project.id })}`)).items;
    const contracts = (await walk(`${sandbox.fincon}/contracts/${query({ 'filter[project.in]': project.id })}`)).items;
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((contract: Json) => ids(units).includes(contract.attributes.contract_unit))).toBe(true);
  });

  it('filters invoices by tag', async () => {
    const unknownTag = '00000000-0000-4000-8000-000000000000';
    expect(await invoices({ 'filter[tags.in]': unknownTag })).toHaveLength(0);
    expect(await invoices({ 'filter[tags.not_in]': unknownTag })).toHaveLength(300);
  });

  it('ANDs combined filters', async () => {
    const paid = await invoices({ 'filter[invoice_process_state.in]': 'PAID' });
    const recent = await invoices({ 'filter[date_received.greater_than_equal]': '2025-01-01' });
    const both = await invoices({
      'filter[invoice_process_state.in]': 'PAID',
      'filter[date_received.greater_than_equal]': '2025-01-01',
    });
    const expected = ids(paid).filter((id) => ids(recent).includes(id));
    expect(ids(both)).toEqual(expected);
    expect(both.length).toBeLessThan(Math.min(paid.length, recent.length));
  });

  it.each([
    ['an unknown attribute', '/invoices/', 'filter[colour.exact]'],
    ['an operation the attribute lacks', '/invoices/', 'filter[external_identifier.in]'],
    ['a filter without operation', '/contract_units/', 'filter[name]'],
    ['any filter on a list without filters', '/invoices/{id}/payments/', 'filter[id.in]'],
  ])('answers 400 naming the filter and the supported ones for %s', async (_case, path, key) => {
    const invoice = (await get(`${sandbox.fincon}/invoices/`)).body.data[0];
    const response = await get(`${sandbox.fincon}${path.replace('{id}', invoice.id)}?${key}=x`);
    expect(response.status).toBe(400);
    const [error] = response.body.errors;
    expect(error).toMatchObject({ status: '400', title: 'Bad Request', source: { parameter: key } });
    expect(error.detail).toContain(key);
    if (path === '/contract_units/') expect(error.detail).toContain('filter[name.exact], filter[name.contains]');
  });

  it('answers 400 for a malformed filter value', async () => {
    for (const [key, value] of [
      ['filter[id.in]', 'not-a-uuid'],
      ['filter[date_due.exact]', '31.12.2024'],
      ['filter[date_due.range]', '2024-01-01'],
      ['filter[cash_discount.net.less_than_equal]', 'ten'],
      ['filter[date_created.greater_than_equal]', 'yesterday'],
    ]) {
      const response = await get(`${sandbox.fincon}/invoices/${query({ [key as string]: value as string })}`);
      expect(response.status, key).toBe(400);
      expect(response.body.errors[0].source).toEqual({ parameter: key });
    }
  });
});

describe('include', () => {
  it('returns each related resource once along the whole path', async () => {
    const response = await get(
      `${sandbox.fincon}/invoices/${query({ include: 'contract.contract_unit.project.property,contract.contractor' })}`,
    );
    const included: Json[] = response.body.included;
    const keys = included.map((resource) => `${resource.type}:${resource.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const types = new Set(included.map((resource) => resource.type));
    expect(types).toEqual(new Set(['CONTRACT', 'CONTRACT_UNIT', 'PROJECT', 'PROPERTY', 'CONTRACTOR']));
    for (const invoice of response.body.data) {
      if (invoice.attributes.contract === null) continue;
      const contract = included.find((resource) => resource.type === 'CONTRACT' && resource.id === invoice.attributes.contract);
      expect(contract).toBeDefined();
      expect(included.some((resource) => resource.id === contract.attributes.contractor)).toBe(
        contract.attributes.contractor !== null,
      );
    }
  });

  it('includes on a single invoice and on a single contract', async () => {
    const invoices = await get(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'PAID' })}`);
    const invoice = invoices.body.data[0];
    const one = await get(`${sandbox.fincon}/invoices/${invoice.id}/?include=contract`);
    expect(one.body.included).toHaveLength(1);
    expect(one.body.included[0]).toMatchObject({ id: invoice.attributes.contract, type: 'CONTRACT' });
    const contract = await get(
      `${sandbox.fincon}/contracts/${invoice.attributes.contract}/?include=contracting_entity,contract_unit`,
    );
    expect(contract.body.included.map((resource: Json) => resource.type).sort()).toEqual(['CONTRACTING_ENTITY', 'CONTRACT_UNIT']);
    expect(contract.body.included[0].attributes).toHaveProperty('commercial_register_number');
  });

  it('includes the units and project of budget shifts', async () => {
    const response = await get(`${sandbox.fincon}/budget_shifts/?include=project,source_contract_unit,target_contract_unit`);
    const types = new Set(response.body.included.map((resource: Json) => resource.type));
    expect(types).toEqual(new Set(['PROJECT', 'CONTRACT_UNIT']));
    const increase = response.body.data.find((shift: Json) => shift.attributes.budget_change_type === 'INCREASE');
    expect(increase.attributes.source_contract_unit).toBeNull();
    expect(increase.relationships.project.links.related).toBe(`${sandbox.fincon}/projects/${increase.attributes.project}/`);
  });

  it.each([
    ['/invoices/', 'contractor'],
    ['/contracts/', 'contract_unit.project.owner'],
    ['/projects/', 'property'],
  ])('answers 400 for include=%s on %s', async (path, include) => {
    const response = await get(`${sandbox.fincon}${path}?include=${include}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].source).toEqual({ parameter: 'include' });
  });
});

describe('single resources', () => {
  it('renders an invoice with relationships as the API documents them', async () => {
    const list = await get(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'PAID' })}`);
    const response = await get(`${sandbox.fincon}/invoices/${list.body.data[0].id}/`);
    expect(response.status).toBe(200);
    const invoice = response.body.data;
    expect(response.body).toMatchObject({ errors: null, included: null, links: null });
    expect(invoice.type).toBe('INVOICE');
    expect(invoice.relationships).toEqual({
      contract: { data: { id: invoice.attributes.contract, type: 'CONTRACT' } },
      documents: { links: { related: `${sandbox.fincon}/invoices/${invoice.id}/documents/` } },
      tags: { links: { related: `${sandbox.fincon}/invoices/${invoice.id}/tags/` } },
      payments: { links: { related: `${sandbox.fincon}/invoices/${invoice.id}/payments/` } },
    });
    expect(invoice.attributes.payment_amount_gross).toEqual({ amount: expect.stringMatching(/^\d+\.\d{2,}$/), currency: 'EUR' });
  });

  it('accepts the 32-digit and upper-case uuid forms', async () => {
    const project = (await get(`${sandbox.fincon}/projects/`)).body.data[0];
    for (const form of [project.id.toUpperCase(), project.id.replaceAll('-', '')]) {
      const response = await get(`${sandbox.fincon}/projects/${form}/`);
      expect(response.status).toBe(200);
      expect(response.body.data.id).toBe(project.id);
    }
  });

  it.each(['/projects/', '/contract_units/', '/contracts/', '/invoices/', '/invoices/{id}/payments/'])(
    'answers 404 with errors[] for an unknown id on %s',
    async (path) => {
      const unknown = '0b5e7e4c-5d8e-4e7c-9f59-7a1d3c2b1a00';
      const url = path.includes('{id}')
        ? `${sandbox.fincon}${path.replace('{id}', unknown)}`
        : `${sandbox.fincon}${path}${unknown}/`;
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ data: null, errors: [{ status: '404', title: 'Not Found' }] });
      expect(response.body.errors[0].detail).toContain(unknown);
    },
  );

  it.each([
    ['abc', 'invalid length: expected length 32 for simple format, found 3'],
    [
      '0b5e7e4c-5d8e-4e7c-9f59-7a1d3c2b1a0z',
      'invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-], found `z` at 36',
    ],
    ['0b5e7e4c-5d8e-4e7c-9f59', 'invalid group count: expected 5, found 4'],
  ])('answers 422 for the path id %s', async (id, reason) => {
    const response = await get(`${sandbox.fincon}/invoices/${id}/`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [
        {
          type: 'uuid_parsing',
          loc: ['path', 'id'],
          msg: `Input should be a valid UUID, ${reason}`,
          input: id,
          ctx: { error: reason },
        },
      ],
    });
  });
});
