import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { get, query, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

function ibanIsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...rearranged].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
  return BigInt(numeric) % 97n === 1n;
}

describe('seed data', () => {
  it('has the named projects, one using cost elements', async () => {
    const { items } = await walk(`${sandbox.fincon}/projects/`);
    expect(items.map((project: Json) => project.attributes.name)).toContain('Hunsrück Mitte');
    expect(items.some((project: Json) => project.attributes.use_cost_elements === true)).toBe(true);
    expect(items.some((project: Json) => project.attributes.use_cost_elements === false)).toBe(true);
  });

  it('has invoices in every state, 300 in all', async () => {
    const { items } = await walk(`${sandbox.fincon}/invoices/`);
    expect(items).toHaveLength(300);
    const counts: Record<string, number> = {};
    for (const invoice of items)
      counts[invoice.attributes.invoice_process_state] = (counts[invoice.attributes.invoice_process_state] ?? 0) + 1;
    expect(counts).toEqual({ NEW: 30, DETAILS_ENTERED: 30, CHECKED: 30, APPROVED: 70, PAID: 140 });
  });

  it('leaves six NEW invoices without contract', async () => {
    const { items } = await walk(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'NEW' })}`);
    expect(items.filter((invoice: Json) => invoice.attributes.contract === null)).toHaveLength(6);
  });

  it('dates nothing after August 2026 but six running cash discounts, which end after today', async () => {
    const dates: string[] = [];
    const running: string[] = [];
    const today = new Date().toISOString().slice(0, 10);
    for (const path of ['/invoices/', '/contracts/', '/budget_shifts/']) {
      for (const item of (await walk(`${sandbox.fincon}${path}`)).items) {
        for (const [name, value] of Object.entries(item.attributes)) {
          if (typeof value !== 'string') continue;
          if (name === 'date_discount' && value > today) running.push(value);
          else if (/^date_|^payment_(date|created)$/.test(name)) dates.push(value);
        }
      }
    }
    expect(dates.length).toBeGreaterThan(1000);
    expect(dates.every((date) => date >= '2023-01-01' && date < '2026-09-01')).toBe(true);
    expect(running).toHaveLength(6);
  });

  it('has contracts in every status and of every type', async () => {
    const { items } = await walk(`${sandbox.fincon}/contracts/`);
    expect(new Set(items.map((contract: Json) => contract.attributes.status))).toEqual(
      new Set(['DRAFT', 'ORDERED', 'PARTIAL_COMPLETED', 'COMPLETED']),
    );
    expect(new Set(items.map((contract: Json) => contract.attributes.contract_type))).toEqual(
      new Set(['STANDARD', 'MULTIPART', 'RECURRING']),
    );
  });

  it('settles every PAID invoice by payments adding up to its discounted approved gross', async () => {
    const { items } = await walk(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'PAID' })}`);
    for (const invoice of items) {
      const approved = invoice.attributes.discounted_approved_amount;
      expect(invoice.attributes.payment_amount_gross.amount).toBe(new Decimal(approved.net).plus(approved.tax).toFixed(2));
    }
  });

  it('has contract units in the system-managed states and budget shifts of every type', async () => {
    const units = await walk(`${sandbox.fincon}/contract_units/`);
    const states = new Set(units.items.map((unit: Json) => unit.attributes.state));
    expect(states).toEqual(new Set(['BUDGETED', 'FULLY_AWARDED', 'FINALIZED', 'CONTINGENCY', 'FINANCING']));
    expect(units.items.length).toBeGreaterThanOrEqual(24);
    const shifts = await walk(`${sandbox.fincon}/budget_shifts/`);
    expect(new Set(shifts.items.map((shift: Json) => shift.attributes.budget_change_type))).toEqual(
      new Set(['SHIFT', 'INCREASE', 'DECREASE']),
    );
  });

  it('gives contractors valid German bank and tax data', async () => {
    const { items, pages } = await walk(`${sandbox.fincon}/contracts/?include=contractor`);
    expect(items.length).toBeGreaterThanOrEqual(24);
    const contractors = pages.flatMap((page) => page.included).filter((resource: Json) => resource.type === 'CONTRACTOR');
    expect(contractors.length).toBeGreaterThan(5);
    for (const contractor of contractors) {
      expect(ibanIsValid(contractor.attributes.iban)).toBe(true);
      expect(contractor.attributes.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      expect(contractor.attributes.vat_id).toMatch(/^DE\d{9}$/);
      expect(contractor.attributes.tax_authority).toMatch(/^[A-Z_]+$/);
    }
  });

  it('is the same data, ids and timestamps included, in every new sandbox', async () => {
    const other = await startSandbox();
    try {
      for (const path of ['/invoices/', '/contracts/', '/contract_units/', '/budget_shifts/', '/projects/']) {
        const mine = await walk(`${sandbox.fincon}${path}`);
        const theirs = await walk(`${other.baseUrls.fincon}${path}`);
        const strip = (items: Json[]) => JSON.stringify(items.map(({ relationships: _links, ...rest }: Json) => rest));
        expect(strip(theirs.items)).toBe(strip(mine.items));
      }
    } finally {
      await other.close();
    }
  });
});

describe('seeding on first use', () => {
  const PATHS = {
    fincon: ['/projects/', '/contract_units/', '/contractors/', '/contracts/', '/change_orders/', '/invoices/', '/contacts/'],
    capex: ['/assets/', '/measures/', '/contractors/', '/contracts/', '/invoices/'],
    esg: [
      '/buildings/',
      '/file-events/?start_time=2026-05-01T00:00:00Z&end_time=2026-07-01T00:00:00Z',
      '/raw-audit/?start=2026-06-02T00:00:00Z&end=2026-06-03T00:00:00Z',
      '/raw-user-audit/?start=2026-06-02T00:00:00Z&end=2026-06-03T00:00:00Z',
    ],
  } as const;
  type Product = keyof typeof PATHS;

  /** Every list of each product, read product by product in the given order (which seeds them in that order). */
  async function readAll(handle: SandboxHandle, order: readonly Product[]): Promise<Record<string, string>> {
    const lists: Record<string, string> = {};
    for (const product of order) {
      for (const path of PATHS[product]) {
        const { items } = await walk(`${handle.baseUrls[product]}${path}`);
        lists[`${product}${path}`] = JSON.stringify(items.map(({ relationships: _links, ...rest }: Json) => rest));
      }
    }
    return lists;
  }

  it('gives the same data whichever product is used first', async () => {
    const [first, second] = [await startSandbox(), await startSandbox()];
    try {
      const forward = await readAll(first, ['fincon', 'capex', 'esg']);
      const backward = await readAll(second, ['esg', 'capex', 'fincon']);
      expect(Object.keys(backward).sort()).toEqual(Object.keys(forward).sort());
      for (const [list, data] of Object.entries(forward)) expect(backward[list], list).toBe(data);
      expect(JSON.parse(forward['esg/buildings/'] as string)).toHaveLength(8);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('seed fixtures the write tests rely on', () => {
  it('has a FULLY_AWARDED unit whose contracts are all COMPLETED', async () => {
    const units = await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[state.in]': 'FULLY_AWARDED' })}`);
    const contracts = (await walk(`${sandbox.fincon}/contracts/`)).items;
    const finalizable = units.items.filter((unit: Json) => {
      const own = contracts.filter((contract: Json) => contract.attributes.contract_unit === unit.id);
      return own.length > 0 && own.every((contract: Json) => contract.attributes.status === 'COMPLETED');
    });
    expect(finalizable.length).toBeGreaterThan(0);
    const response = await get(`${sandbox.fincon}/contract_units/${finalizable[0].id}/`);
    expect(response.status).toBe(200);
  });
});

describe('seed guarantees of the full FinCon surface', () => {
  it('has master data lists longer than one page', async () => {
    for (const path of ['/contractors/', '/contacts/', '/change_orders/', '/cost_elements/']) {
      const { pages, items } = await walk(`${sandbox.fincon}${path}`);
      expect(pages.length, path).toBeGreaterThan(1);
      expect(items.length, path).toBeGreaterThan(100);
    }
    expect((await walk(`${sandbox.fincon}/contractors/`)).items).toHaveLength(120);
    expect((await walk(`${sandbox.fincon}/contacts/`)).items).toHaveLength(140);
  });

  it('has properties, entities, templates, definitions and revenue rows as documented', async () => {
    expect((await walk(`${sandbox.fincon}/properties/`)).items).toHaveLength(8);
    expect((await walk(`${sandbox.fincon}/contracting_entities/`)).items).toHaveLength(4);
    expect((await walk(`${sandbox.fincon}/cost_element_tree_templates/`)).items).toHaveLength(3);
    const definitions = (await walk(`${sandbox.fincon}/custom_field_definitions/`)).items;
    expect(definitions.filter((definition: Json) => definition.attributes.object_type === 'CONTRACT')).toHaveLength(7);
    expect(definitions.filter((definition: Json) => definition.attributes.object_type === 'PROJECT')).toHaveLength(6);
    expect((await walk(`${sandbox.fincon}/reporting/sales_units/`)).items).toHaveLength(120);
    expect((await walk(`${sandbox.fincon}/reporting/rent_units/`)).items).toHaveLength(56);
    expect((await walk(`${sandbox.fincon}/reporting/outright_sales/`)).items).toHaveLength(2);
  });

  it('books every unit of a cost element project on a cost element of its template', async () => {
    const projects = (await walk(`${sandbox.fincon}/projects/${query({ 'filter[use_cost_elements.is]': 'true' })}`)).items;
    expect(projects.map((project: Json) => project.attributes.name).sort()).toEqual([
      'Bürocampus Westend',
      'Quartier am Rheinauhafen',
    ]);
    for (const project of projects) {
      const units = (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[project.in]': project.id })}`)).items;
      const booked = (
        await walk(`${sandbox.fincon}/reporting/cost_elements/contract_units/${query({ 'filter[project.in]': project.id })}`)
      ).items;
      expect(new Set(booked.map((row: Json) => row.attributes.contract_unit))).toEqual(
        new Set(units.map((unit: Json) => unit.id)),
      );
      const elements = (
        await walk(
          `${sandbox.fincon}/cost_element_tree_templates/${project.attributes.cost_element_tree_template}/cost_elements/`,
        )
      ).items;
      for (const row of booked) expect(elements.map((element: Json) => element.id)).toContain(row.attributes.cost_element);
    }
  });

  it('has exactly 8 invoices added as paid, each with only a coversheet, and documents on all others', async () => {
    const { items } = await walk(`${sandbox.fincon}/invoices/`);
    const kinds = await Promise.all(
      items.map(async (invoice: Json) =>
        (await get(`${sandbox.fincon}/invoices/${invoice.id}/documents/`)).body.data.map(
          (document: Json) => document.attributes.document_type,
        ),
      ),
    );
    const coversheets = items.filter((_invoice: Json, i: number) => (kinds[i] as string[]).includes('COVERSHEET'));
    expect(coversheets).toHaveLength(8);
    for (const invoice of coversheets)
      expect(invoice.attributes).toMatchObject({ invoice_process_state: 'PAID', invoice_type: 'SINGLE' });
    expect(kinds.filter((list) => (list as string[]).includes('INVOICE'))).toHaveLength(292);
  });

  it('gives about half of the contractors a tax waiver with its certificate', async () => {
    const { items } = await walk(`${sandbox.fincon}/contractors/`);
    const waivers = items.filter((contractor: Json) => contractor.attributes.tax_waiver !== null);
    expect(waivers.length).toBeGreaterThan(30);
    expect(waivers.length).toBeLessThan(90);
    for (const contractor of waivers.slice(0, 5)) {
      expect(contractor.attributes.tax_waiver).toMatchObject({
        security_number: expect.stringMatching(/^S\d{8}$/),
        filename: expect.stringMatching(/\.pdf$/),
      });
      expect((await get(`${sandbox.fincon}/contractors/${contractor.id}/download-tax-waiver/`)).status).toBe(302);
    }
  });
});

describe('CAPEX seed', () => {
  const capex = () => sandbox.handle.baseUrls.capex;

  it('has 240 invoices in every state, PAID ones settled by their payments', async () => {
    const { items } = await walk(`${capex()}/invoices/`);
    const counts: Record<string, number> = {};
    for (const invoice of items)
      counts[invoice.attributes.invoice_process_state] = (counts[invoice.attributes.invoice_process_state] ?? 0) + 1;
    expect(counts).toEqual({ NEW: 24, DETAILS_ENTERED: 22, CHECKED: 22, APPROVED: 67, PAID: 105 });
    expect(items.filter((invoice: Json) => invoice.attributes.contract === null)).toHaveLength(5);
    for (const invoice of items.filter((item: Json) => item.attributes.invoice_process_state === 'PAID')) {
      const approved = invoice.attributes.discounted_approved_amount;
      expect(invoice.attributes.payment_amount_gross.amount).toBe(new Decimal(approved.net).plus(approved.tax).toFixed(2));
    }
  });

  it('has over 100 contracts in every status, 44 contractors and 3 contracting entities', async () => {
    const contracts = await walk(`${capex()}/contracts/`);
    expect(contracts.pages.length).toBeGreaterThan(1);
    expect(new Set(contracts.items.map((contract: Json) => contract.attributes.status))).toEqual(
      new Set(['DRAFT', 'ORDERED', 'PARTIAL_COMPLETED', 'COMPLETED']),
    );
    expect((await walk(`${capex()}/contractors/`)).items).toHaveLength(44);
    expect((await walk(`${capex()}/contracting_entities/`)).items).toHaveLength(3);
    const measures = (await walk(`${capex()}/measures/`)).items;
    const statusOf = new Map(measures.map((measure: Json) => [measure.id, measure.attributes.status]));
    for (const contract of contracts.items) {
      const status = statusOf.get(contract.attributes.measure);
      expect(status).not.toBe('BUDGETED');
      if (status === 'COMPLETED') expect(contract.attributes.status).toBe('COMPLETED');
    }
  });

  it('is the same data in every new sandbox', async () => {
    const other = await startSandbox();
    try {
      for (const path of ['/assets/', '/measures/', '/contracts/', '/invoices/', '/change_orders/']) {
        const strip = (items: Json[]) => JSON.stringify(items.map(({ relationships: _links, ...rest }: Json) => rest));
        expect(strip((await walk(`${other.baseUrls.capex}${path}`)).items)).toBe(strip((await walk(`${capex()}${path}`)).items));
      }
    } finally {
      await other.close();
    }
  });
});
