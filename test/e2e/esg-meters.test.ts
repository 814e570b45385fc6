/** ESG utility meters end to end (stdio, legacy client): create, rules checked first, update, imports by address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { esgServer, expectRefusedBeforeSending, listOf, unique, type Batch, type Item } from './esg-support.js';

describe('ESG utility meters over stdio with a legacy client', () => {
  let client: TestClient;
  let building: Item & { external_id: string };

  beforeAll(async () => {
    client = await connect('stdio', 'legacy', esgServer());
    building = (await listOf(client, 'esg_list_buildings')).find((candidate) => candidate.external_id) as typeof building;
  });
  afterAll(async () => {
    await client?.close();
  });

  const heating = () => ({
    external_building_id: building.external_id,
    external_id: unique('HZ'),
    meter_id: unique('SN'),
    category: 'HEATING',
    units: 'CUBIC_METERS',
    heating_system: 'GAS',
  });

  it('creates a meter in a building and lists it there', async () => {
    const args = { ...heating(), activation_date: '2023-07-01', description: 'Gaszähler Keller' };
    const meter = dataOf<Item>(await client.callTool('esg_create_utility_meter', args));
    expect(meter).toMatchObject({
      type: 'UTILITY_METER',
      external_id: args.external_id,
      serial: args.meter_id,
      category: 'HEATING',
      heating_system: 'GAS',
      procured_by: 'LANDLORD',
      multiplication_factor: expect.any(String),
    });
    const meters = await listOf(client, 'esg_list_utility_meters', { building_uuid: building.id });
    expect(meters.map((candidate) => candidate.id)).toContain(meter.id);
  });

  it('refuses category rules before sending', async () => {
    const { heating_system: _omitted, ...withoutSystem } = heating();
    expectRefusedBeforeSending(
      await client.callTool('esg_create_utility_meter', withoutSystem),
      /heating_system: is required when category is HEATING/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_create_utility_meter', {
        ...heating(),
        category: 'WATER',
        heating_system: undefined,
        sub_category: 'COLD_WATER',
        units: 'KILOWATT_HOURS',
      }),
      /units: must be CUBIC_METERS for WATER meters/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_create_utility_meter', { ...heating(), heating_system: 'OIL' }),
      /custom_conversion_factor: is required for HEATING and ELECTRICITY meters measured in CUBIC_METERS/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_create_utility_meter', { ...heating(), category: 'STEAM' }),
      /category: must be one of HEATING, ELECTRICITY, WATER, COOLING/,
    );
  });

  it('passes the API refusal of a taken external id through, naming the argument', async () => {
    const args = heating();
    dataOf(await client.callTool('esg_create_utility_meter', args));
    const again = await client.callTool('esg_create_utility_meter', { ...args, meter_id: unique('SN') });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/HTTP 409/);
    expect(textOf(again)).toContain('external_id');
  });

  it('updates a meter by its external id, keeping what is not sent', async () => {
    const args = { ...heating(), description: 'Alt' };
    const meter = dataOf<Item>(await client.callTool('esg_create_utility_meter', args));
    const renamed = unique('HZ-NEU');
    const updated = dataOf<Item>(
      await client.callTool('esg_update_utility_meter', {
        meter_external_id: args.external_id,
        external_id: renamed,
        description: 'Gaszähler Heizraum',
        deactivation_date: '2026-06-30',
      }),
    );
    expect(updated).toMatchObject({
      id: meter.id,
      external_id: renamed,
      description: 'Gaszähler Heizraum',
      deactivation_date: '2026-06-30',
      heating_system: 'GAS',
      serial: args.meter_id,
    });

    expectRefusedBeforeSending(
      await client.callTool('esg_update_utility_meter', { meter_external_id: renamed }),
      /at least one of external_id, serial/,
    );
    const missing = await client.callTool('esg_update_utility_meter', { meter_external_id: args.external_id, description: 'x' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('HTTP 404');
  });

  it('imports a meter by address and reports its status', async () => {
    const imported = dataOf<Item & { id: number }>(
      await client.callTool('esg_create_utility_meter_import', {
        external_id: unique('IMP'),
        meter_id: unique('SN'),
        address: 'Schlossstraße 1, 56068 Koblenz',
        category: 'ELECTRICITY',
        units: 'KILOWATT_HOURS',
      }),
    );
    expect(imported).toMatchObject({ type: 'UTILITY_METER_IMPORT', category: 'ELECTRICITY' });
    expect(typeof imported.id).toBe('number');
    // No building stands at that address, so the import waits to be assigned.
    expect(imported.status).toBe('IMPORTED');
  });

  it('imports meters in bulk row by row, naming the failed row and its ALA code', async () => {
    const row = {
      external_id: unique('IMP'),
      meter_id: unique('SN'),
      address: 'Am Markt 3, 56068 Koblenz',
      category: 'ELECTRICITY',
      units: 'KILOWATT_HOURS',
    };
    const result = await client.callTool('esg_bulk_create_utility_meter_imports', {
      meters: [row, { ...row, meter_id: unique('SN') }],
    });
    const batch = dataOf<Batch>(result);
    expect(batch.created).toHaveLength(1);
    expect(batch.created[0]).toMatchObject({ type: 'UTILITY_METER_IMPORT', external_id: row.external_id });
    expect(batch.failed).toEqual([
      expect.objectContaining({ index: 1, problems: [expect.stringMatching(/^external_id: .*\[ALA-4001\]$/)] }),
    ]);
    expect(textOf(result)).toContain('1 utility meter imports created; 1 rows failed and were not written:');

    expectRefusedBeforeSending(
      await client.callTool('esg_bulk_create_utility_meter_imports', { meters: [{ ...row, category: 'COOLING' }] }),
      /meters\.0\.cooling_system: is required when category is COOLING/,
    );
  });
});
