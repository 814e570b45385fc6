/**
 * Every tool, end to end, over both transports with both protocol eras:
 * SDK client -> stdio pipe or HTTP socket -> server process -> undici -> sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { toolSurface } from '../../src/surface.js';
import { catalog } from '../../tools/index.js';
import { COMBINATIONS, connect, dataOf, textOf, type TestClient, type Item, type Page } from '../support/harness.js';

describe.each(COMBINATIONS)('every tool over %s with a %s client', (transport, era) => {
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(transport, era);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('offers the daily tools with an output schema and all four hints, and says it is on the sandbox', async () => {
    const tools = await client.listTools();
    const daily = toolSurface(catalog, loadConfig([], {})).direct.map((operation) => operation.name);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...daily, 'call_tool', 'search_tools'].sort());
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(Object.keys(tool.annotations ?? {})).toEqual(
        expect.arrayContaining(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']),
      );
    }
    expect(client.instructions()).toContain('SANDBOX');
  });

  it('names every summary in its instructions, the ones not listed as reached through call_tool', () => {
    const instructions = client.instructions() ?? '';
    for (const listed of ['get_project_budget', 'get_project_payables', 'get_invoice_payment_status'])
      expect(instructions).toMatch(new RegExp(`${listed}[,.]`));
    for (const reached of ['get_contract_overview', 'get_contractor_exposure', 'esg_get_building_consumption'])
      expect(instructions).toContain(`${reached} (through call_tool)`);
  });

  it('finds a project by name and reads it', async () => {
    const found = dataOf<Page>(await client.callTool('list_projects', { filters: { 'name.contains': 'Hunsrück' } }));
    expect(found.items).toHaveLength(1);
    const project = found.items[0]!;
    expect(project).toMatchObject({ type: 'PROJECT', name: 'Hunsrück Mitte' });

    const result = await client.callTool('get_project', { project_id: project.id });
    expect(dataOf(result)).toEqual(project);
    expect(textOf(result)).toContain('Hunsrück Mitte');
    expect(textOf(result)).toContain(project.id);
  });

  it('lists, creates and updates contract units of a project', async () => {
    const projects = dataOf<Page>(await client.callTool('list_projects', { filters: { 'use_cost_elements.is': false } }));
    const project = projects.items[0]!;
    const units = dataOf<Page>(await client.callTool('list_contract_units', { filters: { 'project.in': [project.id] } }));
    expect(units.items.length).toBeGreaterThan(0);
    expect(units.items.every((unit) => unit.project === project.id)).toBe(true);

    const fetched = dataOf(await client.callTool('get_contract_unit', { contract_unit_id: units.items[0]!.id }));
    expect(fetched).toEqual(units.items[0]);

    const created = dataOf<Item>(
      await client.commit('create_contract_unit', {
        project_id: project.id,
        name: `Außenanlagen ${transport} ${era}`,
        description: 'Pflaster und Begrünung',
        initial_budget: { net: '185000.00', tax: '35150.00' },
      }),
    );
    expect(created).toMatchObject({
      type: 'CONTRACT_UNIT',
      project: project.id,
      state: 'BUDGETED',
      description: 'Pflaster und Begrünung',
    });

    const updated = dataOf<Item>(
      await client.callTool('update_contract_unit', {
        contract_unit_id: created.id,
        name: 'Außenanlagen Nord',
        state: 'FULLY_AWARDED',
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Außenanlagen Nord',
      state: 'FULLY_AWARDED',
      description: 'Pflaster und Begrünung',
    });
  });

  it('lists budget shifts with their contract units included', async () => {
    const shifts = dataOf<Page>(
      await client.callTool('list_budget_shifts', { include: ['source_contract_unit', 'target_contract_unit'] }),
    );
    expect(shifts.items.length).toBeGreaterThan(0);
    const shift = shifts.items[0]!;
    expect(shift).toMatchObject({ type: 'BUDGET_SHIFT', amount: { net: expect.any(String), tax: expect.any(String) } });
    const includedIds = (shifts.included ?? []).map((item) => item.id);
    expect(includedIds).toContain(shift.target_contract_unit);
  });

  it('lists and reads contracts with their contractor included', async () => {
    const contracts = dataOf<Page>(await client.callTool('list_contracts', { filters: { 'status.in': ['ORDERED'] } }));
    expect(contracts.items.length).toBeGreaterThan(0);
    expect(contracts.items.every((contract) => contract.status === 'ORDERED')).toBe(true);
    const withContractor = contracts.items.find((contract) => contract.contractor)!;

    const result = await client.callTool('get_contract', { contract_id: withContractor.id, include: ['contractor'] });
    const contract = dataOf<Item & { included: Item[] }>(result);
    expect(contract.id).toBe(withContractor.id);
    expect(contract.included).toEqual([expect.objectContaining({ id: withContractor.contractor, type: 'CONTRACTOR' })]);
    expect(textOf(result)).toContain('Included related resources');
  });

  it('lists invoices by state and reads one', async () => {
    const page = dataOf<Page>(await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((invoice) => invoice.invoice_process_state === 'APPROVED')).toBe(true);
    expect(page.page_totals?.undiscounted_approved_amount?.[0]).toMatchObject({ currency: 'EUR' });

    const invoice = page.items[0]!;
    const result = await client.callTool('get_invoice', { invoice_id: invoice.id });
    expect(dataOf(result)).toEqual(invoice);
    expect(textOf(result)).toMatch(/undiscounted_approved_amount: [\d,]+\.\d{2,} EUR net \/ [\d,]+\.\d{2,} tax/);
  });

  it('registers a partial and then a final payment, lists and corrects them', async () => {
    const approved = dataOf<Page>(
      await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
    );
    const invoice = approved.items.find((item) => !item.payment_amount_gross);
    if (!invoice) throw new Error('the sandbox has no unpaid APPROVED invoice');
    const before = dataOf<Page>(await client.callTool('list_invoice_payments', { invoice_id: invoice.id })).items.length;

    const partial = dataOf<Item>(
      await client.commit('register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '12400.00',
        payment_date: '2026-11-20',
        payment_comment: 'Abschlag November',
        is_final_payment: false,
      }),
    );
    expect(partial).toMatchObject({ id: invoice.id, invoice_process_state: 'APPROVED', payment_comment: 'Abschlag November' });

    const final = dataOf<Item>(
      await client.commit('register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '100.00',
        payment_date: '2026-11-21',
        is_final_payment: true,
      }),
    );
    expect(final.invoice_process_state).toBe('PAID');

    const payments = dataOf<Page>(await client.callTool('list_invoice_payments', { invoice_id: invoice.id }));
    expect(payments.items).toHaveLength(before + 2);
    const recorded = payments.items[before]!;
    expect(recorded).toMatchObject({ type: 'INVOICE_PAYMENT', payment_date: '2026-11-20', payment_comment: 'Abschlag November' });

    const corrected = dataOf<Item>(
      await client.commit('update_invoice_payment', {
        invoice_id: invoice.id,
        payment_id: recorded.id,
        payment_amount_gross: '12500.00',
        payment_comment: null,
      }),
    );
    expect(corrected).toMatchObject({ id: recorded.id, payment_date: '2026-11-20' });
    expect(corrected.payment_comment).toBeUndefined();
    const still = dataOf<Item>(await client.callTool('get_invoice', { invoice_id: invoice.id }));
    expect(still.invoice_process_state).toBe('PAID');
  });
});
