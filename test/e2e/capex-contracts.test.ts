/**
 * CAPEX contracts (hanging from measures), their terms and custom fields, the lists
 * by contractor and contracting entity, and change orders; end to end (stdio, modern).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient, type Item } from '../support/harness.js';

let client: TestClient;

beforeAll(async () => {
  client = await connect('stdio', 'modern', { args: ['--products', 'capex', '--toolsets', 'all'] });
});
afterAll(async () => {
  await client?.close();
});

describe('CAPEX contracts', () => {
  it('lists contracts with totals and reads one with its contractor', async () => {
    const contracts = await client.page('capex_list_contracts');
    expect(contracts.items.length).toBeGreaterThan(0);
    expect(contracts.page_totals?.amount?.[0]).toMatchObject({ currency: 'EUR' });
    const contract = contracts.items.find((item) => item.contractor)!;
    expect(contract).toMatchObject({ type: 'CONTRACT', measure: expect.any(String) });
    const fetched = dataOf<Item & { included?: Item[] }>(
      await client.callTool('capex_get_contract', { contract_id: contract.id, include: ['contractor'] }),
    );
    expect(fetched.id).toBe(contract.id);
    expect(fetched.included).toEqual([expect.objectContaining({ id: contract.contractor, type: 'CONTRACTOR' })]);
  });

  it('includes the measure and its asset, where FinCon includes the contract unit', async () => {
    const [invoice] = (await client.page('capex_list_invoices', { include: ['contract.measure.asset'] })).items;
    const withParents = dataOf<Item & { included?: Item[] }>(
      await client.callTool('capex_get_contract', { contract_id: invoice!.contract, include: ['measure', 'measure.asset'] }),
    );
    expect(withParents.included?.map((item) => item.type).sort()).toEqual(['ASSET', 'MEASURE']);
  });

  it('lists the contracts of a contractor and of a contracting entity', async () => {
    const contract = (await client.page('capex_list_contracts')).items.find((item) => item.contractor)!;
    const ofContractor = await client.page('capex_list_contractor_contracts', { contractor_id: contract.contractor });
    expect(ofContractor.items.map((item) => item.id)).toContain(contract.id);
    expect(ofContractor.items.every((item) => item.contractor === contract.contractor)).toBe(true);
    const ofEntity = await client.page('capex_list_contracting_entity_contracts', {
      contracting_entity_id: contract.contracting_entity,
    });
    expect(ofEntity.items.map((item) => item.id)).toContain(contract.id);
    expect(ofEntity.items.every((item) => item.contracting_entity === contract.contracting_entity)).toBe(true);
  });

  it('creates a DRAFT contract under a measure, then orders it with a contractor', async () => {
    const [measure] = (await client.page('capex_list_measures')).items;
    const [entity] = (await client.page('capex_list_contracting_entities')).items;
    const [contractor] = (await client.page('capex_list_contractors')).items;
    const created = dataOf<Item>(
      await client.callTool('capex_create_contract', {
        measure_id: measure!.id,
        contracting_entity_id: entity!.id,
        name: 'Dachsanierung Nordflügel',
        is_reverse_charge: false,
        amount: { net: '215000.00', tax: '40850.00' },
      }),
    );
    expect(created).toMatchObject({ type: 'CONTRACT', status: 'DRAFT', measure: measure!.id, name: 'Dachsanierung Nordflügel' });
    expect(created.contract_unit).toBeUndefined();

    const ordered = dataOf<Item>(
      await client.callTool('capex_update_contract', {
        contract_id: created.id,
        contractor_id: contractor!.id,
        status: 'ORDERED',
        cost_center: 'KST-4410',
      }),
    );
    expect(ordered).toMatchObject({ id: created.id, status: 'ORDERED', contractor: contractor!.id, cost_center: 'KST-4410' });
  });

  it('refuses a contract unit where CAPEX wants a measure', async () => {
    const [entity] = (await client.page('capex_list_contracting_entities')).items;
    const result = await client.callTool('capex_create_contract', {
      contract_unit_id: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c',
      contracting_entity_id: entity!.id,
      name: 'Falsch',
      is_reverse_charge: false,
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/measure_id: is required.*capex_list_measures/);
  });

  it('refuses recurring contracts before sending', async () => {
    const [measure] = (await client.page('capex_list_measures')).items;
    const [entity] = (await client.page('capex_list_contracting_entities')).items;
    const result = await client.callTool('capex_create_contract', {
      measure_id: measure!.id,
      contracting_entity_id: entity!.id,
      name: 'Wartungsvertrag',
      is_reverse_charge: false,
      contract_type: 'RECURRING',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/RECURRING contracts cannot be created/);
  });

  it('reads the terms and custom fields of a contract', async () => {
    const contracts = (await client.page('capex_list_contracts')).items.slice(0, 20);
    const terms = dataOf<Item>(await client.callTool('capex_get_contract_terms', { contract_id: contracts[0]!.id }));
    expect(terms).toMatchObject({ type: 'CONTRACT_TERMS', general_terms: expect.any(Object) });
    const fields = (
      await Promise.all(
        contracts.map((contract) => client.page('capex_list_contract_custom_fields', { contract_id: contract.id })),
      )
    ).flatMap((result) => result.items);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields[0]).toMatchObject({ type: 'CUSTOM_FIELD', name: expect.any(String) });
  });
});

describe('CAPEX change orders', () => {
  it('lists change orders, reads one and finds it under its contract', async () => {
    const all = await client.page('capex_list_change_orders');
    expect(all.items.length).toBeGreaterThan(0);
    const changeOrder = all.items[0]!;
    expect(dataOf(await client.callTool('capex_get_change_order', { change_order_id: changeOrder.id }))).toEqual(changeOrder);
    const ofContract = await client.page('capex_list_contract_change_orders', { contract_id: changeOrder.contract });
    expect(ofContract.items.map((item) => item.id)).toContain(changeOrder.id);
  });
});
