/**
 * FinCon contracts (create, update, terms, custom fields, the lists by parent) and
 * change orders, end to end (stdio, legacy client) against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/shape/money.js';
import {
  expectNarrowed,
  connect,
  dataOf,
  shownAsCents,
  textOf,
  type Money,
  type Page,
  type TestClient,
  type Item,
} from '../support/harness.js';

let client: TestClient;

beforeAll(async () => {
  client = await connect('stdio', 'legacy', { args: ['--toolsets', 'all'] });
});
afterAll(async () => {
  await client?.close();
});

/** An open contract unit, a contracting entity and a contractor to build contracts from. */
async function parties() {
  const [unit] = (await client.page('list_contract_units', { filters: { 'state.in': ['BUDGETED', 'FULLY_AWARDED'] } })).items;
  const [entity] = (await client.page('list_contracting_entities')).items;
  const [contractor] = (await client.page('list_contractors')).items;
  return { unit: unit!, entity: entity!, contractor: contractor! };
}

describe('contracts by parent', () => {
  it('lists the contracts of a contract unit, a contractor and a contracting entity', async () => {
    const contracts = (await client.page('list_contracts', { filters: { 'status.in': ['ORDERED'] } })).items;
    const contract = contracts.find((item) => item.contractor)!;

    const ofUnit = await client.page('list_contract_unit_contracts', {
      contract_unit_id: contract.contract_unit,
      include: ['contract_unit'],
    });
    expect(ofUnit.items.map((item) => item.id)).toContain(contract.id);
    expect(ofUnit.items.every((item) => item.contract_unit === contract.contract_unit)).toBe(true);
    expect(ofUnit.page_totals?.amount?.[0]).toMatchObject({ currency: 'EUR', net: expect.stringMatching(/^-?\d+(\.\d+)?$/) });

    const ofContractor = await client.page('list_contractor_contracts', { contractor_id: contract.contractor });
    expect(ofContractor.items.length).toBeGreaterThan(0);
    expect(ofContractor.items.every((item) => item.contractor === contract.contractor)).toBe(true);

    const ofEntity = await client.page('list_contracting_entity_contracts', {
      contracting_entity_id: contract.contracting_entity,
    });
    expect(ofEntity.items.length).toBeGreaterThan(0);
    expect(ofEntity.items.every((item) => item.contracting_entity === contract.contracting_entity)).toBe(true);
  });
});

describe('creating and updating contracts', () => {
  it('creates a single contract as DRAFT with an exact amount, then orders it', async () => {
    const { unit, entity, contractor } = await parties();
    const created = dataOf<Item>(
      await client.callTool('create_contract', {
        contract_unit_id: unit.id,
        contracting_entity_id: entity.id,
        name: 'Rohbau Haus B',
        contract_number: 'V-2026-044',
        is_reverse_charge: false,
        amount: { net: '480000.10', tax: '91200.02', currency: 'EUR' },
        date_contract: '2026-04-15',
      }),
    );
    expect(created).toMatchObject({
      type: 'CONTRACT',
      name: 'Rohbau Haus B',
      status: 'DRAFT',
      contract_unit: unit.id,
      contracting_entity: entity.id,
      date_contract: '2026-04-15',
    });
    expect(created.amount).toMatchObject({
      net: expect.stringMatching(/^480000\.10*$/),
      tax: expect.stringMatching(/^91200\.020*$/),
    });

    const ordered = dataOf<Item>(
      await client.callTool('update_contract', { contract_id: created.id, contractor_id: contractor.id, status: 'ORDERED' }),
    );
    expect(ordered).toMatchObject({ id: created.id, status: 'ORDERED', contractor: contractor.id, name: 'Rohbau Haus B' });
    expect(ordered.amount).toEqual(created.amount);

    const fetched = dataOf<Item>(await client.callTool('get_contract', { contract_id: created.id }));
    expect(fetched).toEqual(ordered);
  });

  it('refuses multipart and recurring contracts before sending, and says why', async () => {
    const { unit, entity } = await parties();
    for (const contractType of ['MULTIPART', 'RECURRING']) {
      const result = await client.callTool('create_contract', {
        contract_unit_id: unit.id,
        contracting_entity_id: entity.id,
        name: `Wartung ${contractType}`,
        is_reverse_charge: false,
        contract_type: contractType,
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        new RegExp(
          `Invalid arguments for tool create_contract[\\s\\S]*${contractType} contracts cannot be created[\\s\\S]*STANDARD`,
        ),
      );
    }
    const none = await client.page('list_contracts', { filters: { 'name.contains': 'Wartung' } });
    expect(none.items).toHaveLength(0);
  });

  it('passes the API refusal on when a contract without contractor leaves DRAFT', async () => {
    const { unit, entity } = await parties();
    const draft = dataOf<Item>(
      await client.callTool('create_contract', {
        contract_unit_id: unit.id,
        contracting_entity_id: entity.id,
        name: 'Planung ohne Auftragnehmer',
        is_reverse_charge: true,
      }),
    );
    const result = await client.callTool('update_contract', { contract_id: draft.id, status: 'ORDERED' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/update_contract failed: the API answered HTTP 4\d\d[\s\S]*Nothing was changed/);
    expect(dataOf<Item>(await client.callTool('get_contract', { contract_id: draft.id })).status).toBe('DRAFT');
  });
});

describe('what hangs from a contract', () => {
  it('reads the payment terms of a contract', async () => {
    const [contract] = (await client.page('list_contracts', { filters: { 'status.in': ['ORDERED'] } })).items;
    const result = await client.callTool('get_contract_terms', { contract_id: contract!.id });
    const terms = dataOf<Item>(result);
    expect(terms).toMatchObject({ type: 'CONTRACT_TERMS', general_terms: expect.any(Object) });
    expect(Array.isArray(terms.calculation_block_order)).toBe(true);
    expect(Array.isArray(terms.rules)).toBe(true);
  });

  it('lists the custom field values of a contract', async () => {
    const contracts = (await client.page('list_contracts')).items.slice(0, 20);
    const fields = (
      await Promise.all(contracts.map((contract) => client.page('list_contract_custom_fields', { contract_id: contract.id })))
    ).flatMap((result) => result.items);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields[0]).toMatchObject({ type: 'CUSTOM_FIELD', name: expect.any(String) });
  });

  it('filters contracts by a custom field value, the field named by its definition id', async () => {
    const textFields = (
      await client.page('list_custom_field_definitions', {
        filters: { 'field_type.in': ['TEXT'], 'object_type.in': ['CONTRACT'] },
      })
    ).items;
    const contracts = (await client.page('list_contracts')).items.slice(0, 30);
    for (const contract of contracts) {
      const field = (await client.page('list_contract_custom_fields', { contract_id: contract.id })).items.find((item) =>
        textFields.some((definition) => definition.id === item.id),
      );
      if (!field) continue;
      const matching = await client.page('list_contracts', {
        filters: { [`custom_fields.${field.id}.exact`]: field.value as string },
      });
      expect(matching.items.map((item) => item.id)).toContain(contract.id);
      expect(matching.items.length).toBeLessThan(contracts.length);
      return;
    }
    throw new Error('no contract with a text custom field among the first 30');
  });
});

describe('change orders', () => {
  it('lists change orders with totals, reads one and finds it under its contract', async () => {
    const all = await client.page('list_change_orders');
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.page_totals?.claimed_amount?.[0]).toMatchObject({ currency: 'EUR' });
    const changeOrder = all.items[0]!;
    expect(changeOrder).toMatchObject({ type: 'CHANGE_ORDER', contract: expect.any(String), state: expect.any(String) });

    expect(dataOf(await client.callTool('get_change_order', { change_order_id: changeOrder.id }))).toEqual(changeOrder);

    const ofContract = await client.page('list_contract_change_orders', { contract_id: changeOrder.contract });
    expect(ofContract.items.map((item) => item.id)).toContain(changeOrder.id);
    expect(ofContract.items.every((item) => item.contract === changeOrder.contract)).toBe(true);
  });

  it('shows claimed, audited and approved amounts and the weighting factor, and totals only the amounts its rows carry', async () => {
    const AMOUNTS = ['claimed_amount', 'audited_amount', 'approved_amount'];
    const untotalled = new Set<string>();
    let factors = 0;
    for (const state of ['OPEN', 'DETAILS_ENTERED', 'ACKNOWLEDGED', 'REJECTED']) {
      const result = await client.callTool('list_change_orders', { filters: { 'state.in': [state] } });
      const { items, page_totals: totals } = dataOf<Page>(result);
      const text = textOf(result);
      expect(items.length, state).toBeGreaterThan(0);
      expect(text, state).not.toMatch(/of these rows:\s*$/m);
      for (const item of items) {
        const line = text.split('\n').find((candidate) => candidate.includes(`id: ${item.id}`))!;
        for (const amount of AMOUNTS) {
          const money = item[amount] as Money | undefined;
          if (money) expect(line).toContain(`${amount}: ${shownAsCents(money.net)} EUR net / ${shownAsCents(money.tax)} tax`);
          else expect(line).not.toContain(`${amount}:`);
        }
        if (typeof item.weighting_factor === 'number') {
          expect(line).toContain(`weighting_factor: ${item.weighting_factor}`);
          factors += 1;
        }
      }
      for (const amount of AMOUNTS) {
        const carried = items.map((item) => item[amount] as Money | undefined).filter((money) => money !== undefined);
        if (carried.length === 0) {
          expect(text, `${state}: no total of ${amount}`).not.toContain(`Total ${amount}`);
          expect(totals?.[amount]).toBeUndefined();
          untotalled.add(amount);
          continue;
        }
        const net = carried.reduce((total, money) => total.plus(money.net), new Decimal(0));
        const tax = carried.reduce((total, money) => total.plus(money.tax), new Decimal(0));
        expect(text, state).toContain(`Total ${amount} of these rows: ${shownAsCents(net)} EUR net / ${shownAsCents(tax)} tax`);
      }
    }
    expect(factors, 'open change orders with a weighting factor').toBeGreaterThan(0);
    expect([...untotalled], 'lists whose rows carry no approved amount').toContain('approved_amount');
  });

  it('filters change orders by state', async () => {
    const acknowledged = await client.items('list_change_orders', { filters: { 'state.in': ['ACKNOWLEDGED'] } });
    expectNarrowed(acknowledged, await client.items('list_change_orders'), (item) => item.state === 'ACKNOWLEDGED');
  });
});
