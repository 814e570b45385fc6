import { describe, expect, it } from 'vitest';
import { get, patch, post, useSandbox, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}`;

function meterBody(attributes: Record<string, unknown>) {
  return {
    data: {
      type: 'UTILITY_METER',
      attributes: {
        external_building_id: 'BLD-HAM-003',
        external_id: fresh('HAM-NEW'),
        meter_id: fresh('SN'),
        category: 'ELECTRICITY',
        units: 'KILOWATT_HOURS',
        ...attributes,
      },
    },
  };
}

const createMeter = (attributes: Record<string, unknown> = {}) => post(`${esg()}/utility-meters/`, meterBody(attributes));

function importBody(attributes: Record<string, unknown>) {
  return {
    type: 'UTILITY_METER_IMPORT',
    attributes: {
      address: 'Am Sandtorkai 1, 20457 Hamburg',
      external_id: fresh('IMP'),
      meter_id: fresh('SN'),
      category: 'ELECTRICITY',
      units: 'KILOWATT_HOURS',
      ...attributes,
    },
  };
}

/** The `code`s of an errors[] document, by the attribute each points at. */
function codesOf(body: Json): Record<string, string> {
  return Object.fromEntries(body.errors.map((error: Json) => [error.source.pointer.split('/').pop(), error.code]));
}

describe('POST /utility-meters/', () => {
  it('creates a meter in the building given by external id, with the API defaults', async () => {
    const response = await createMeter({ description: 'Ladesäulen Tiefgarage', activation_date: '2025-03-01' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      type: 'UTILITY_METER',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attributes: {
        description: 'Ladesäulen Tiefgarage',
        category: 'ELECTRICITY',
        multiplication_factor: '1',
        procured_by: 'LANDLORD',
        activation_date: '2025-03-01',
        deactivation_date: null,
        custom_conversion_factor: null,
      },
    });
    const hamburg = (await get(`${esg()}/buildings/`)).body.data.find(
      (item: Json) => item.attributes.external_id === 'BLD-HAM-003',
    );
    const meters = (await get(`${esg()}/buildings/${hamburg.id}/utility-meters/`)).body.data;
    expect(meters.map((meter: Json) => meter.id)).toContain(response.body.data.id);
  });

  it('stores meter_id as the serial and assumes the conversion factor of volume gas meters', async () => {
    const response = await createMeter({
      meter_id: 'G4-0815',
      category: 'HEATING',
      units: 'CUBIC_METERS',
      heating_system: 'GAS',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({
      serial: 'G4-0815',
      custom_conversion_factor: '10',
      heating_system: 'GAS',
    });
    const district = await createMeter({ category: 'HEATING', units: 'CUBIC_METERS', heating_system: 'DISTRICT_HEATING' });
    expect(district.body.data.attributes.custom_conversion_factor).toBe('704');
  });

  it.each([
    ['HEATING without heating_system', { category: 'HEATING' }, { heating_system: 'ALA-4002' }],
    ['COOLING without cooling_system', { category: 'COOLING' }, { cooling_system: 'ALA-4002' }],
    ['WATER without sub_category', { category: 'WATER', units: 'CUBIC_METERS' }, { sub_category: 'ALA-4002' }],
    [
      'HEATING with oil in CUBIC_METERS and no factor',
      { category: 'HEATING', heating_system: 'OIL', units: 'CUBIC_METERS' },
      { custom_conversion_factor: 'ALA-4002' },
    ],
    ['a heating_system on an ELECTRICITY meter', { heating_system: 'GAS' }, { heating_system: 'ALA-4003' }],
    ['WATER in KILOWATT_HOURS', { category: 'WATER', sub_category: 'HOT_WATER' }, { units: 'ALA-4004' }],
    ['an unknown building', { external_building_id: 'BLD-NOWHERE' }, { external_building_id: 'ALA-4005' }],
    ['an unknown batch info', { batch_info_uuid: '00000000-0000-4000-8000-000000000001' }, { batch_info_uuid: 'ALA-4006' }],
    [
      'a deactivation before the activation',
      { activation_date: '2025-01-01', deactivation_date: '2024-12-31' },
      { deactivation_date: 'ALA-4007' },
    ],
  ])('refuses %s with its code', async (_case, attributes, codes) => {
    const response = await createMeter(attributes);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(422);
    expect(codesOf(response.body)).toEqual(codes);
    expect(response.body.errors[0]).toMatchObject({ status: String(response.status), detail: expect.any(String) });
  });

  it('answers 409 with ALA-4001 for an external id already in use', async () => {
    const response = await createMeter({ external_id: 'FFM-001-EL-01' });
    expect(response.status).toBe(409);
    expect(response.body.errors).toEqual([
      {
        status: '409',
        title: 'Conflict',
        code: 'ALA-4001',
        detail: expect.stringContaining('FFM-001-EL-01'),
        source: { pointer: '/data/attributes/external_id' },
      },
    ]);
  });

  it('lists every broken rule at once, answering 400 when their statuses differ', async () => {
    const response = await createMeter({ external_building_id: 'BLD-NOWHERE', category: 'WATER', units: 'MEGAJOULES' });
    expect(response.status).toBe(400);
    expect(codesOf(response.body)).toEqual({ external_building_id: 'ALA-4005', sub_category: 'ALA-4002', units: 'ALA-4004' });
  });

  it('answers 422 for schema violations: missing fields, bad enums, a wrong type', async () => {
    const response = await post(`${esg()}/utility-meters/`, {
      data: {
        type: 'METER',
        attributes: { external_building_id: 'BLD-HAM-003', category: 'STEAM', units: 'KILOWATT_HOURS', meter_id: 'X' },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'literal_error', loc: ['body', 'data', 'type'] }),
        expect.objectContaining({ type: 'missing', loc: ['body', 'data', 'attributes', 'external_id'] }),
        expect.objectContaining({ type: 'enum', loc: ['body', 'data', 'attributes', 'category'] }),
      ]),
    );
  });
});

describe('PATCH /utility-meters/{meter_external_id}/', () => {
  it('changes what is sent, addressed by the external id, keeping the rest', async () => {
    const created = (await createMeter({ description: 'Alt' })).body.data;
    const renamed = fresh('HAM-RENAMED');
    const response = await patch(`${esg()}/utility-meters/${created.attributes.external_id}/`, {
      data: {
        type: 'UTILITY_METER',
        attributes: { external_id: renamed, description: 'Neu', deactivation_date: '2026-06-30', units: null },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: created.id,
      attributes: {
        external_id: renamed,
        description: 'Neu',
        deactivation_date: '2026-06-30',
        units: 'KILOWATT_HOURS',
        serial: created.attributes.serial,
      },
    });
    const gone = await patch(`${esg()}/utility-meters/${created.attributes.external_id}/`, {
      data: { type: 'UTILITY_METER', attributes: {} },
    });
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].source).toEqual({ parameter: 'meter_external_id' });
  });

  it('clears nullable attributes with null', async () => {
    const created = (await createMeter({ description: 'Wird entfernt', activation_date: '2025-01-01' })).body.data;
    const response = await patch(`${esg()}/utility-meters/${created.attributes.external_id}/`, {
      data: { type: 'UTILITY_METER', attributes: { description: null, activation_date: null } },
    });
    expect(response.body.data.attributes).toMatchObject({ description: null, activation_date: null });
  });

  it.each([
    ['a system of another category', { cooling_system: 'DISTRICT' }, { cooling_system: 'ALA-4003' }],
    ['an external id in use', { external_id: 'FFM-001-WA-01' }, { external_id: 'ALA-4001' }],
    ['a deactivation before the activation', { deactivation_date: '2020-01-01' }, { deactivation_date: 'ALA-4007' }],
  ])('refuses %s with its code', async (_case, attributes, codes) => {
    const created = (await createMeter({ activation_date: '2024-01-01' })).body.data;
    const response = await patch(`${esg()}/utility-meters/${created.attributes.external_id}/`, {
      data: { type: 'UTILITY_METER', attributes },
    });
    expect(codesOf(response.body)).toEqual(codes);
  });

  it('checks the rules against the meter as it would become', async () => {
    const water = (await createMeter({ category: 'WATER', units: 'CUBIC_METERS', sub_category: 'COLD_WATER' })).body.data;
    const url = `${esg()}/utility-meters/${water.attributes.external_id}/`;
    const units = await patch(url, { data: { type: 'UTILITY_METER', attributes: { units: 'KILOWATT_HOURS' } } });
    expect(codesOf(units.body)).toEqual({ units: 'ALA-4004' });
    const cleared = await patch(url, { data: { type: 'UTILITY_METER', attributes: { sub_category: null } } });
    expect(codesOf(cleared.body)).toEqual({ sub_category: 'ALA-4002' });
  });
});

describe('POST /utility-meters/import/', () => {
  it('creates an import numbered by an integer, ASSIGNED when the address is a building', async () => {
    const assigned = await post(`${esg()}/utility-meters/import/`, {
      data: importBody({ address: 'Bockenheimer Landstraße 51, 60325 Frankfurt am Main', description: 'Zähler Dachzentrale' }),
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.data).toMatchObject({
      type: 'UTILITY_METER_IMPORT',
      id: expect.any(Number),
      attributes: { status: 'ASSIGNED', multiplication_factor: '1', description: 'Zähler Dachzentrale', heating_system: null },
    });
    const unknown = await post(`${esg()}/utility-meters/import/`, { data: importBody({}) });
    expect(unknown.body.data.attributes.status).toBe('IMPORTED');
    expect(unknown.body.data.id).toBe(assigned.body.data.id + 1);
  });

  it('refuses rule violations with codes', async () => {
    const response = await post(`${esg()}/utility-meters/import/`, {
      data: importBody({ category: 'HEATING', sub_category: 'COLD_WATER' }),
    });
    expect(response.status).toBe(400);
    expect(codesOf(response.body)).toEqual({ heating_system: 'ALA-4002', sub_category: 'ALA-4003' });
  });
});

describe('POST /utility-meters/bulk-import-partial/', () => {
  it('answers 207: created imports, and the failed rows by index with echoed attributes and codes', async () => {
    const good = importBody({ multiplication_factor: 2.5 });
    const rows = [
      good,
      importBody({ category: 'WATER', units: 'KILOWATT_HOURS', sub_category: 'COLD_WATER' }),
      importBody({ external_id: good.attributes.external_id }),
      importBody({ external_id: 'DUS-007-WA-01' }),
      importBody({ category: 'COOLING', cooling_system: 'LOCAL_DISTRICT' }),
    ];
    const response = await post(`${esg()}/utility-meters/bulk-import-partial/`, { data: rows });
    expect(response.status).toBe(207);
    const { data } = response.body;
    expect(data.type).toBe('UTILITY_METER_IMPORT');
    expect(data).not.toHaveProperty('updated');
    expect(data.created.map((item: Json) => item.attributes.external_id)).toEqual([
      good.attributes.external_id,
      rows[4]!.attributes.external_id,
    ]);
    expect(data.created[0].attributes.multiplication_factor).toBe('2.5');
    expect(data.errors.map((error: Json) => error.index)).toEqual([1, 2, 3]);
    expect(data.errors[0]).toEqual({
      index: 1,
      attributes: expect.objectContaining({
        units: 'KILOWATT_HOURS',
        multiplication_factor: '1',
        meter_id: rows[1]!.attributes.meter_id,
      }),
      detail: [{ loc: ['units'], msg: expect.stringContaining('CUBIC_METERS'), code: 'ALA-4004' }],
    });
    expect(data.errors[1].detail).toEqual([
      expect.objectContaining({ loc: ['external_id'], code: 'ALA-4001', msg: expect.stringContaining('earlier row') }),
    ]);
    expect(data.errors[2].detail).toEqual([expect.objectContaining({ loc: ['external_id'], code: 'ALA-4001' })]);
  });

  it('answers 422 for the whole request when a row breaks the schema', async () => {
    const response = await post(`${esg()}/utility-meters/bulk-import-partial/`, {
      data: [importBody({}), importBody({ units: 'LITRES' })],
    });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ type: 'enum', loc: ['body', 'data', 1, 'attributes', 'units'] });
  });
});
