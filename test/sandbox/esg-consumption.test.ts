import { describe, expect, it } from 'vitest';
import { call, get, patch, post, useSandbox, type Json } from './helpers.js';

const sandbox = useSandbox();
const esg = () => sandbox.handle.baseUrls.esg;

let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}`;
const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000abcd';

/** A new electricity meter in Hamburg, active from 2024: its intervals overlap nothing. */
async function newMeter(attributes: Record<string, unknown> = {}): Promise<Json> {
  const response = await post(`${esg()}/utility-meters/`, {
    data: {
      type: 'UTILITY_METER',
      attributes: {
        external_building_id: 'BLD-HAM-003',
        external_id: fresh('HAM-TEST'),
        meter_id: fresh('SN'),
        category: 'ELECTRICITY',
        units: 'KILOWATT_HOURS',
        activation_date: '2024-01-01',
        ...attributes,
      },
    },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

async function newBatchInfo(): Promise<string> {
  const response = await post(`${esg()}/utility-data-batch-info/`, {
    data: { attributes: { data_source_label: 'Stadtwerke', data_source_value: fresh('export') } },
  });
  return response.body.data.id;
}

const interval = (attributes: Record<string, unknown>) => ({ type: 'CONSUMPTION_INTERVAL', attributes });
const reading = (attributes: Record<string, unknown>) => ({ type: 'UTILITY_METER_READING', attributes });

async function buildingByExternalId(externalId: string): Promise<Json> {
  return (await get(`${esg()}/buildings/`)).body.data.find((item: Json) => item.attributes.external_id === externalId);
}

async function annual(building: string, year: number, meter?: string): Promise<Json[]> {
  const query = new URLSearchParams({
    external_building_id: building,
    year: String(year),
    ...(meter && { external_meter_id: meter }),
  });
  const response = await get(`${esg()}/consumption/annual/?${query}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('POST /utility-data-batch-info/', () => {
  it('creates an immutable batch record', async () => {
    const response = await post(`${esg()}/utility-data-batch-info/`, {
      data: {
        type: 'UTILITY_DATA_BATCH_INFO',
        attributes: { data_source_label: 'Messdienstleister', data_source_value: 'ista', external_id: 'ISTA-7' },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'UTILITY_DATA_BATCH_INFO',
      attributes: { data_source_label: 'Messdienstleister', data_source_value: 'ista', external_id: 'ISTA-7' },
      relationships: null,
    });
    const missing = await post(`${esg()}/utility-data-batch-info/`, { data: { attributes: { data_source_label: 'x' } } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'data', 'attributes', 'data_source_value'] });
  });
});

describe('meter readings', () => {
  it('POST /buildings/{building_uuid}/utility-meters/{meter_uuid}/readings/ records a reading by uuids', async () => {
    const meter = await newMeter();
    const hamburg = await buildingByExternalId('BLD-HAM-003');
    const url = `${esg()}/buildings/${hamburg.id}/utility-meters/${meter.id}/readings/`;
    const batch = await newBatchInfo();
    const response = await post(url, {
      data: reading({ reading_timestamp: '2025-02-01T00:00:00+01:00', reading_value: 18990, batch_info_uuid: batch }),
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      type: 'UTILITY_METER_READING',
      attributes: { reading_timestamp: '2025-01-31T23:00:00Z', reading_value: '18990' },
    });
    const twice = await post(url, { data: reading({ reading_timestamp: '2025-01-31T23:00:00Z', reading_value: '19000' }) });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).not.toHaveProperty('code');
  });

  it('refuses a meter of another building, and an unknown batch info', async () => {
    const meter = await newMeter();
    const berlin = await buildingByExternalId('BLD-BER-002');
    const elsewhere = await post(`${esg()}/buildings/${berlin.id}/utility-meters/${meter.id}/readings/`, {
      data: reading({ reading_timestamp: '2025-01-01T00:00:00Z', reading_value: '1' }),
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.errors[0].source).toEqual({ parameter: 'meter_uuid' });
    const unknownBatch = await post(`${esg()}/meter-readings/`, {
      data: reading({
        external_meter_id: meter.attributes.external_id,
        reading_timestamp: '2025-01-01T00:00:00Z',
        reading_value: '1',
        batch_info_uuid: UNKNOWN_UUID,
      }),
    });
    expect(unknownBatch.status).toBe(404);
    expect(unknownBatch.body.errors[0].source).toEqual({ pointer: '/data/attributes/batch_info_uuid' });
  });

  it('POST /meter-readings/ records a reading by external meter id', async () => {
    const meter = await newMeter();
    const response = await post(`${esg()}/meter-readings/`, {
      data: reading({
        external_meter_id: meter.attributes.external_id,
        reading_timestamp: '2025-03-01',
        reading_value: '20100.25',
      }),
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toEqual({ reading_timestamp: '2025-03-01T00:00:00Z', reading_value: '20100.25' });
    const unknown = await post(`${esg()}/meter-readings/`, {
      data: reading({ external_meter_id: 'NO-SUCH-METER', reading_timestamp: '2025-03-01T00:00:00Z', reading_value: '1' }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].source).toEqual({ pointer: '/data/attributes/external_meter_id' });
  });

  it('answers 422 for a malformed timestamp or value', async () => {
    const response = await post(`${esg()}/meter-readings/`, {
      data: reading({ external_meter_id: 'FFM-001-EL-01', reading_timestamp: '01.03.2025', reading_value: 'viel' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((item: Json) => [item.loc.at(-1), item.type])).toEqual([
      ['reading_timestamp', 'datetime_from_date_parsing'],
      ['reading_value', 'decimal_parsing'],
    ]);
  });

  it('POST /meter-readings/bulk/ upserts by meter and timestamp and answers 200', async () => {
    const meter = await newMeter();
    const rows = [
      reading({
        external_meter_id: meter.attributes.external_id,
        reading_timestamp: '2025-04-01T00:00:00Z',
        reading_value: '100',
      }),
      reading({
        external_meter_id: meter.attributes.external_id,
        reading_timestamp: '2025-05-01T00:00:00Z',
        reading_value: '180.5',
      }),
    ];
    const first = await post(`${esg()}/meter-readings/bulk/`, { data: rows });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      type: 'UTILITY_METER_READING',
      created: [
        { id: expect.any(String), external_meter_id: meter.attributes.external_id },
        { id: expect.any(String), external_meter_id: meter.attributes.external_id },
      ],
      updated: [],
    });
    const again = await post(`${esg()}/meter-readings/bulk/`, { data: [rows[1]] });
    expect(again.body.data).toMatchObject({ created: [], updated: [{ id: first.body.data.created[1].id }] });
  });

  it('accepts and stores a bulk of 5,000 readings', async () => {
    const meters = [await newMeter(), await newMeter()];
    const start = Date.parse('2024-01-01T00:00:00Z');
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      reading({
        external_meter_id: (meters[i % 2] as Json).attributes.external_id,
        reading_timestamp: new Date(start + Math.floor(i / 2) * 3_600_000).toISOString().replace('.000Z', 'Z'),
        reading_value: String(1_000 + i),
      }),
    );
    const first = await post(`${esg()}/meter-readings/bulk/`, { data: rows });
    expect(first.status).toBe(200);
    expect(first.body.data.created).toHaveLength(5_000);
    expect(first.body.data.updated).toEqual([]);
    expect(new Set(first.body.data.created.map((row: Json) => row.id)).size).toBe(5_000);

    // Stored: the same rows again update every reading, and a single reading at a stored time is refused.
    const again = await post(`${esg()}/meter-readings/bulk/`, { data: rows });
    expect(again.status).toBe(200);
    expect(again.body.data.created).toEqual([]);
    expect(again.body.data.updated.map((row: Json) => row.id)).toEqual(first.body.data.created.map((row: Json) => row.id));
    const single = await post(`${esg()}/meter-readings/`, { data: rows[4_999] });
    expect(single.status).toBe(409);
  });

  it('refuses the whole bulk when a row names an unknown meter', async () => {
    const meter = await newMeter();
    const rows = [
      reading({ external_meter_id: meter.attributes.external_id, reading_timestamp: '2025-06-01T00:00:00Z', reading_value: '1' }),
      reading({ external_meter_id: 'NO-SUCH-METER', reading_timestamp: '2025-06-01T00:00:00Z', reading_value: '1' }),
    ];
    const refused = await post(`${esg()}/meter-readings/bulk/`, { data: rows });
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].source).toEqual({ pointer: '/data/1/attributes/external_meter_id' });
    const alone = await post(`${esg()}/meter-readings/bulk/`, { data: [rows[0]] });
    expect(alone.body.data.created).toHaveLength(1);
  });
});

describe('POST /consumption-intervals/', () => {
  it('creates an interval, and updates it when the same period is sent again', async () => {
    const meter = await newMeter();
    const body = {
      data: interval({
        external_meter_id: meter.attributes.external_id,
        start_date: '2025-01-01',
        end_date: '2025-01-31',
        consumption_value: '1250.75',
      }),
    };
    const created = await post(`${esg()}/consumption-intervals/`, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'CONSUMPTION_INTERVAL',
      attributes: { start_date: '2025-01-01', end_date: '2025-01-31', consumption_value: '1250.75' },
    });
    body.data.attributes.consumption_value = 1300;
    const updated = await post(`${esg()}/consumption-intervals/`, body);
    expect(updated.status).toBe(201);
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, attributes: { consumption_value: '1300' } });
  });

  it.each([
    ['an unknown meter', { external_meter_id: 'NO-SUCH-METER' }, 404, { external_meter_id: 'ALA-4001' }],
    ['an end before the start', { start_date: '2025-02-28', end_date: '2025-02-01' }, 400, { end_date: 'ALA-4002' }],
    [
      'an overlap with a stored interval',
      { external_meter_id: 'HAM-003-EL-01', start_date: '2025-01-15', end_date: '2025-02-14' },
      409,
      { start_date: 'ALA-4003' },
    ],
    ['an unknown batch info', { batch_info_uuid: UNKNOWN_UUID }, 404, { batch_info_uuid: 'ALA-4005' }],
    ['a negative value', { consumption_value: '-5' }, 400, { consumption_value: 'ALA-4006' }],
    [
      'a period after the deactivation',
      { external_meter_id: 'DUS-007-EL-01', start_date: '2024-07-01', end_date: '2024-07-31' },
      400,
      { end_date: 'ALA-4007' },
    ],
    ['an end in the future', { start_date: '2099-01-01', end_date: '2099-01-31' }, 400, { end_date: 'ALA-4008' }],
  ])('refuses %s with its code on the error', async (_case, attributes, status, codes) => {
    const meter = await newMeter();
    const response = await post(`${esg()}/consumption-intervals/`, {
      data: interval({
        external_meter_id: meter.attributes.external_id,
        start_date: '2025-03-01',
        end_date: '2025-03-31',
        consumption_value: '10',
        ...attributes,
      }),
    });
    expect(response.status).toBe(status);
    const errors = response.body.errors;
    expect(
      Object.fromEntries(errors.map((error: Json) => [error.source.pointer.replace('/data/attributes/', ''), error.code])),
    ).toEqual(codes);
  });
});

describe('POST /consumption-intervals/bulk/ (all or nothing)', () => {
  it('creates and updates, answering 201', async () => {
    const meter = await newMeter();
    const id = meter.attributes.external_id;
    const rows = [
      interval({ external_meter_id: id, start_date: '2025-01-01', end_date: '2025-01-31', consumption_value: '10' }),
      interval({ external_meter_id: id, start_date: '2025-02-01', end_date: '2025-02-28', consumption_value: '20' }),
    ];
    const first = await post(`${esg()}/consumption-intervals/bulk/`, { data: rows });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      type: 'CONSUMPTION_INTERVAL',
      created: [expect.objectContaining({ external_meter_id: id }), expect.objectContaining({ external_meter_id: id })],
      updated: [],
    });
    const second = await post(`${esg()}/consumption-intervals/bulk/`, { data: [rows[0]] });
    expect(second.body.data).toEqual({
      type: 'CONSUMPTION_INTERVAL',
      created: [],
      updated: [{ id: first.body.data.created[0].id, external_meter_id: id }],
    });
  });

  it('refuses the whole batch when one row fails, writing none of it', async () => {
    const meter = await newMeter();
    const id = meter.attributes.external_id;
    const good = interval({ external_meter_id: id, start_date: '2025-05-01', end_date: '2025-05-31', consumption_value: '5' });
    const rows = [
      good,
      interval({ external_meter_id: id, start_date: '2025-05-20', end_date: '2025-06-10', consumption_value: '5' }),
      interval({ external_meter_id: 'NO-SUCH-METER', start_date: '2025-05-01', end_date: '2025-05-31', consumption_value: '5' }),
    ];
    const refused = await post(`${esg()}/consumption-intervals/bulk/`, { data: rows });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: Json) => [error.source.pointer, error.code, error.status])).toEqual([
      ['/data/1/attributes/start_date', 'ALA-4004', '409'],
      ['/data/2/attributes/external_meter_id', 'ALA-4001', '404'],
    ]);
    const alone = await post(`${esg()}/consumption-intervals/bulk/`, { data: [good] });
    expect(alone.body.data.created).toHaveLength(1);
  });
});

describe('POST /consumption-intervals/bulk-partial/', () => {
  it('answers 207 with the created, the updated and the failed rows by index and code', async () => {
    const meter = await newMeter();
    const id = meter.attributes.external_id;
    await post(`${esg()}/consumption-intervals/`, {
      data: interval({ external_meter_id: id, start_date: '2025-07-01', end_date: '2025-07-31', consumption_value: '70' }),
    });
    const rows = [
      interval({ external_meter_id: id, start_date: '2025-07-01', end_date: '2025-07-31', consumption_value: '71' }),
      interval({ external_meter_id: 'NO-SUCH-METER', start_date: '2025-08-01', end_date: '2025-08-31', consumption_value: '3' }),
      interval({ external_meter_id: id, start_date: '2025-08-01', end_date: '2025-08-31', consumption_value: 80 }),
      interval({ external_meter_id: id, start_date: '2025-09-30', end_date: '2025-09-01', consumption_value: '3' }),
      interval({ external_meter_id: id, start_date: '2025-08-15', end_date: '2025-09-15', consumption_value: '3' }),
    ];
    const response = await post(`${esg()}/consumption-intervals/bulk-partial/`, { data: rows });
    expect(response.status).toBe(207);
    const { data } = response.body;
    expect(data.type).toBe('CONSUMPTION_INTERVAL');
    expect(data.updated).toEqual([expect.objectContaining({ external_meter_id: id })]);
    expect(data.created).toEqual([expect.objectContaining({ external_meter_id: id })]);
    expect(data.errors.map((error: Json) => [error.index, error.detail.map((detail: Json) => detail.code)])).toEqual([
      [1, ['ALA-4001']],
      [3, ['ALA-4002']],
      [4, ['ALA-4004']],
    ]);
    expect(data.errors[0]).toEqual({
      index: 1,
      attributes: {
        external_meter_id: 'NO-SUCH-METER',
        start_date: '2025-08-01',
        end_date: '2025-08-31',
        consumption_value: '3',
        batch_info_uuid: null,
      },
      detail: [{ loc: ['external_meter_id'], msg: expect.stringContaining('NO-SUCH-METER'), code: 'ALA-4001' }],
    });
    const [year] = await annual('BLD-HAM-003', 2025, id);
    expect(year.attributes.consumption).toBe('151.000');
  });
});

describe('GET /consumption/annual/', () => {
  it('answers 422 naming each missing or malformed query parameter', async () => {
    const missing = await get(`${esg()}/consumption/annual/`);
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toEqual([
      { type: 'missing', loc: ['query', 'external_building_id'], msg: 'Field required', input: null },
      { type: 'missing', loc: ['query', 'year'], msg: 'Field required', input: null },
    ]);
    const malformed = await get(`${esg()}/consumption/annual/?external_building_id=BLD-FFM-001&year=letztes`);
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toEqual([
      expect.objectContaining({ type: 'int_parsing', loc: ['query', 'year'], input: 'letztes' }),
    ]);
  });

  it('lists the consumption of every meter of a building in a year, with factors and tenants', async () => {
    const rows = await annual('BLD-FFM-001', 2025);
    expect(rows).toHaveLength(5);
    const electricity = rows.find((row) => row.attributes.external_meter_id === 'FFM-001-EL-01');
    expect(electricity).toMatchObject({
      type: 'ANNUAL_CONSUMPTION',
      attributes: {
        year: 2025,
        category: 'ELECTRICITY',
        source: 'meter',
        procured_by: 'LANDLORD',
        units: 'KILOWATT_HOURS',
        completeness: '1.0000',
        consumption: expect.stringMatching(/^\d+\.\d{3}$/),
        emission_factor: { location_based: '0.363', market_based: { value: '0.000', is_renewable: true } },
        tenants: [],
      },
    });
    const tenantMeter = rows.find((row) => row.attributes.external_meter_id === 'FFM-001-EL-02');
    expect(tenantMeter.attributes.tenants).toEqual([{ external_id: 'T-FFM-001-01', name: 'Nordlicht Software GmbH' }]);
    const water = rows.find((row) => row.attributes.category === 'WATER');
    expect(water.attributes.emission_factor).toBeNull();
    const partial = await annual('BLD-FFM-001', 2026, 'FFM-001-EL-01');
    expect(partial).toHaveLength(1);
    expect(partial[0].attributes.completeness).toBe('0.4137');
  });

  it('answers the sum of the intervals, prorated to the year', async () => {
    const meter = await newMeter();
    const id = meter.attributes.external_id;
    expect(await annual('BLD-HAM-003', 2025, id)).toEqual([]);
    await post(`${esg()}/consumption-intervals/bulk/`, {
      data: [
        interval({ external_meter_id: id, start_date: '2024-12-01', end_date: '2025-01-30', consumption_value: '600' }),
        interval({ external_meter_id: id, start_date: '2025-02-01', end_date: '2025-02-28', consumption_value: '280.5' }),
      ],
    });
    const [year] = await annual('BLD-HAM-003', 2025, id);
    // 30 of the first interval's 61 days fall into 2025.
    expect(year.attributes).toMatchObject({ consumption: '575.582', completeness: '0.1589', source: 'meter', tenants: [] });
  });

  it('answers 404 for an unknown building, and an empty list for a year without data', async () => {
    const unknown = await get(`${esg()}/consumption/annual/?external_building_id=BLD-NOWHERE&year=2025`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].source).toEqual({ parameter: 'external_building_id' });
    expect(await annual('BLD-FFM-001', 2019)).toEqual([]);
  });
});

describe('PATCH /consumption/annual/{annual_consumption_id}/', () => {
  const update = (id: string, attributes: Record<string, unknown>) =>
    patch(`${esg()}/consumption/annual/${id}/`, { data: { type: 'ANNUAL_CONSUMPTION', attributes } });

  it('sets the market-based factor and its renewable flag, and clears it with null', async () => {
    const [row] = await annual('BLD-CGN-004', 2025, 'CGN-004-EL-01');
    const set = await update(row!.id, { market_based_emission_factor: 0.128, is_renewable: false });
    expect(set.status).toBe(200);
    expect(set.body.data.attributes.emission_factor).toEqual({
      location_based: '0.363',
      market_based: { value: '0.128', is_renewable: false },
    });
    const flag = await update(row!.id, { is_renewable: true });
    expect(flag.body.data.attributes.emission_factor.market_based).toEqual({ value: '0.128', is_renewable: true });
    const cleared = await update(row!.id, { market_based_emission_factor: null });
    expect(cleared.body.data.attributes.emission_factor.market_based).toBeNull();
  });

  it('refuses is_renewable without a factor, and any factor for water', async () => {
    const [electricity] = await annual('BLD-CGN-004', 2024, 'CGN-004-EL-01');
    const flagOnly = await update(electricity!.id, { is_renewable: true });
    expect(flagOnly.status).toBe(400);
    expect(flagOnly.body.errors[0].source).toEqual({ pointer: '/data/attributes/is_renewable' });
    const [water] = await annual('BLD-CGN-004', 2025, 'CGN-004-WA-01');
    const waterFactor = await update(water!.id, { market_based_emission_factor: '0.1' });
    expect(waterFactor.status).toBe(400);
  });

  it('answers 404 for an unknown id and 422 for a negative factor', async () => {
    expect((await update(UNKNOWN_UUID, { is_renewable: true })).status).toBe(404);
    const [row] = await annual('BLD-CGN-004', 2025, 'CGN-004-EL-01');
    const negative = await update(row!.id, { market_based_emission_factor: '-0.1' });
    expect(negative.status).toBe(422);
    expect(negative.body.detail[0]).toMatchObject({
      type: 'greater_than_equal',
      loc: ['body', 'data', 'attributes', 'market_based_emission_factor'],
    });
  });
});

describe('batch infos referenced by meters, readings and intervals', () => {
  it('accepts a known batch_info_uuid everywhere', async () => {
    const batch = await newBatchInfo();
    const meter = await newMeter({ batch_info_uuid: batch });
    const id = meter.attributes.external_id;
    const readingResponse = await post(`${esg()}/meter-readings/`, {
      data: reading({
        external_meter_id: id,
        reading_timestamp: '2025-01-01T00:00:00Z',
        reading_value: '5',
        batch_info_uuid: batch,
      }),
    });
    expect(readingResponse.status).toBe(201);
    const intervalResponse = await call(`${esg()}/consumption-intervals/`, {
      method: 'POST',
      body: {
        data: interval({
          external_meter_id: id,
          start_date: '2025-01-01',
          end_date: '2025-01-31',
          consumption_value: '5',
          batch_info_uuid: batch,
        }),
      },
    });
    expect(intervalResponse.status).toBe(201);
  });
});
