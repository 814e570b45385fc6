/**
 * ESG readings and consumption end to end (stdio, modern client): single and bulk writes, the
 * 207 partial result with ALA codes, the all-or-nothing bulk, annual consumption and its queries.
 * Then (over HTTP) esg_list_annual_consumption for every seeded building and year against the
 * sandbox's REST API read straight with undici: each value's source, procurer and value in kWh
 * (m³ for water), and the totals per carrier, summed here with decimal.js.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatQuantity } from '../../tools/esg/consumption-totals.js';
import { get, query, useSandbox, type Json } from '../sandbox/helpers.js';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import {
  buildingsWithMeters,
  convertedByHand,
  expectRefusedBeforeSending,
  freshMeter,
  listOf,
  plainTotals,
  totalsByHand,
  unique,
  type AnnualRow,
  type Batch,
  type Item,
} from './esg-support.js';

describe('ESG consumption over stdio with a modern client', () => {
  let client: TestClient;
  let meter: Item & { external_id: string };

  beforeAll(async () => {
    client = await connect('stdio', 'modern', { args: ['--products', 'esg', '--toolsets', 'all'] });
    meter = await freshMeter(client);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('creates a batch and records a reading in it by external meter id', async () => {
    const batch = dataOf<Item>(
      await client.callTool('esg_create_utility_data_batch_info', {
        data_source_label: 'Stadtwerke Portal',
        data_source_value: unique('export'),
      }),
    );
    expect(batch).toMatchObject({ type: 'UTILITY_DATA_BATCH_INFO', data_source_label: 'Stadtwerke Portal' });

    const result = await client.callTool('esg_create_meter_reading', {
      external_meter_id: meter.external_id,
      reading_timestamp: '2025-01-01T00:00:00Z',
      reading_value: '18234.5',
      batch_info_uuid: batch.id,
    });
    expect(dataOf(result)).toMatchObject({ type: 'UTILITY_METER_READING', reading_value: '18234.5' });
    expect(textOf(result)).toContain('Meter reading');
  });

  it('records a reading by building and meter uuid', async () => {
    const { building } = (await buildingsWithMeters(client)).find((entry) =>
      entry.meters.some((candidate) => candidate.id === meter.id),
    )!;
    const reading = dataOf<Item>(
      await client.callTool('esg_create_meter_reading_by_uuid', {
        building_uuid: building.id,
        meter_uuid: meter.id,
        reading_timestamp: '2025-02-01T00:00:00+01:00',
        reading_value: '18990',
      }),
    );
    expect(reading).toMatchObject({ type: 'UTILITY_METER_READING', reading_value: '18990' });
  });

  it('records readings in bulk as an upsert: created first, updated when sent again', async () => {
    const readings = [
      { external_meter_id: meter.external_id, reading_timestamp: '2025-03-01T00:00:00Z', reading_value: '19500' },
      { external_meter_id: meter.external_id, reading_timestamp: '2025-04-01T00:00:00Z', reading_value: '20100.25' },
    ];
    const first = await client.callTool('esg_bulk_create_meter_readings', { readings });
    expect(dataOf<Batch>(first).created).toHaveLength(2);
    expect(textOf(first)).toContain('2 meter readings created, 0 updated.');

    const again = dataOf<Batch>(await client.callTool('esg_bulk_create_meter_readings', { readings: [readings[1]] }));
    expect(again.created).toHaveLength(0);
    expect(again.updated).toHaveLength(1);
  });

  it('refuses malformed readings before sending: a timestamp without zone, a number value, no rows', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_create_meter_reading', {
        external_meter_id: meter.external_id,
        reading_timestamp: '2025-05-01 00:00',
        reading_value: '1',
      }),
      /reading_timestamp: must be an ISO 8601 date-time with time zone/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_bulk_create_meter_readings', {
        readings: [{ external_meter_id: meter.external_id, reading_timestamp: '2025-05-01T00:00:00Z', reading_value: 12 }],
      }),
      /readings\.0\.reading_value: .*string/,
    );
    expectRefusedBeforeSending(await client.callTool('esg_bulk_create_meter_readings', { readings: [] }), 'readings');
  });

  it('records one consumption interval', async () => {
    const interval = dataOf<Item>(
      await client.callTool('esg_create_consumption_interval', {
        external_meter_id: meter.external_id,
        start_date: '2024-01-01',
        end_date: '2024-01-31',
        consumption_value: '1250.75',
      }),
    );
    expect(interval).toMatchObject({
      type: 'CONSUMPTION_INTERVAL',
      start_date: '2024-01-01',
      end_date: '2024-01-31',
      consumption_value: '1250.75',
    });
  });

  it('refuses a negative consumption before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_create_consumption_interval', {
        external_meter_id: meter.external_id,
        start_date: '2024-02-01',
        end_date: '2024-02-29',
        consumption_value: '-5',
      }),
      /consumption_value: must not be negative/,
    );
  });

  it('refuses a whole all-or-nothing batch when one row fails, storing none of it', async () => {
    const good = {
      external_meter_id: meter.external_id,
      start_date: '2024-03-01',
      end_date: '2024-03-31',
      consumption_value: '980',
    };
    const bad = {
      external_meter_id: unique('NO-SUCH-METER'),
      start_date: '2024-03-01',
      end_date: '2024-03-31',
      consumption_value: '1',
    };
    const refused = await client.callTool('esg_bulk_create_consumption_intervals', { intervals: [good, bad] });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/HTTP 4\d\d/);
    expect(textOf(refused)).toMatch(new RegExp(`external_meter_id: .*${bad.external_meter_id}`));

    // Nothing of the batch was stored: the good row is created, not updated, when sent alone.
    const stored = dataOf<Batch>(await client.callTool('esg_bulk_create_consumption_intervals', { intervals: [good] }));
    expect(stored.created).toHaveLength(1);
    expect(stored.updated).toEqual([]);
    expect(stored.failed).toBeUndefined();
  });

  it('stores the good rows of a partial batch and names the failing row with its ALA code', async () => {
    const rows = [
      { external_meter_id: meter.external_id, start_date: '2024-04-01', end_date: '2024-04-30', consumption_value: '870.5' },
      { external_meter_id: unique('NO-SUCH-METER'), start_date: '2024-04-01', end_date: '2024-04-30', consumption_value: '3' },
      { external_meter_id: meter.external_id, start_date: '2024-05-31', end_date: '2024-05-01', consumption_value: '3' },
    ];
    const result = await client.callTool('esg_bulk_create_consumption_intervals_partial', { intervals: rows });
    const batch = dataOf<Batch>(result);
    expect(batch.created).toHaveLength(1);
    expect(batch.created[0]).toMatchObject({ external_meter_id: meter.external_id });
    expect(batch.failed?.map((failure) => failure.index)).toEqual([1, 2]);
    expect(batch.failed?.[0]?.problems.join(' ')).toMatch(/external_meter_id: .*\[ALA-4001\]/);
    expect(batch.failed?.[1]?.problems.join(' ')).toMatch(/\[ALA-4002\]/);
    const text = textOf(result);
    expect(text).toContain('1 consumption intervals created, 0 updated; 2 rows failed and were not written:');
    expect(text).toMatch(/- row 1: external_meter_id: .*\[ALA-4001\]/);
    expect(text).toContain('Fix those rows and send only them again');
  });

  it('lists the annual consumption of a building and year, and sets its market-based factor', async () => {
    const building = (await buildingsWithMeters(client)).find((entry) => entry.meters.length)!;
    let entries: Item[] = [];
    let year = 0;
    for (year = 2026; year >= 2020 && !entries.length; year -= 1) {
      entries = await listOf(client, 'esg_list_annual_consumption', {
        external_building_id: building.building.external_id,
        year,
      });
    }
    year += 1;
    expect(entries[0]).toMatchObject({ type: 'ANNUAL_CONSUMPTION', year, external_meter_id: expect.any(String) });

    const one = await listOf(client, 'esg_list_annual_consumption', {
      external_building_id: building.building.external_id,
      year,
      external_meter_id: entries[0]!.external_meter_id,
    });
    expect(one.map((entry) => entry.id)).toEqual([entries[0]!.id]);

    const updated = dataOf<Item>(
      await client.callTool('esg_update_annual_consumption', {
        annual_consumption_id: entries[0]!.id,
        market_based_emission_factor: '0.128',
        is_renewable: true,
      }),
    );
    expect(updated).toMatchObject({
      id: entries[0]!.id,
      emission_factor: { market_based: { value: '0.128', is_renewable: true } },
    });
  });

  it('refuses annual-consumption queries with missing or mistyped parameters before sending', async () => {
    expectRefusedBeforeSending(
      await client.callTool('esg_list_annual_consumption', { external_building_id: 'X', year: '2025' }),
      /year: must be a whole number/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_list_annual_consumption', { year: 2025 }),
      /external_building_id: is required/,
    );
    expectRefusedBeforeSending(
      await client.callTool('esg_update_annual_consumption', { annual_consumption_id: meter.id }),
      /at least one of market_based_emission_factor, is_renewable/,
    );
  });
});

describe('esg_list_annual_consumption over HTTP, for every seeded building and year, against the REST API', () => {
  const sandbox = useSandbox();
  let http: TestClient;

  const rest = async (path: string, params: Record<string, string> = {}): Promise<Json[]> => {
    const response = await get(`${sandbox.handle.baseUrls.esg}${path}${Object.keys(params).length ? query(params) : ''}`);
    expect(response.status).toBe(200);
    return (response.body.data as Json[]).map((resource) => ({ id: resource.id, ...resource.attributes }));
  };

  beforeAll(async () => {
    http = await connect('http', 'modern', {
      args: ['--products', 'esg', '--esg-url', sandbox.handle.baseUrls.esg],
      env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
    });
  }, 60_000);
  afterAll(async () => {
    await http?.close();
  });

  it('gives each value its source, procurer and value in kWh (m³ for water), and exact totals per carrier', async () => {
    const seen = { sources: new Set<string>(), procurers: new Set<string>(), units: new Set<string>(), mixed: 0, apart: 0 };
    const buildings = (await rest('/buildings/')).filter((building) => building.external_id);
    expect(buildings.length).toBe(7);
    for (const building of buildings) {
      for (const year of [2024, 2025, 2026]) {
        const where = `${building.external_id} ${year}`;
        const rows = (await rest('/consumption/annual/', {
          external_building_id: building.external_id,
          year: String(year),
        })) as AnnualRow[];
        const result = await http.callTool('esg_list_annual_consumption', {
          external_building_id: building.external_id,
          year,
        });
        expect(result.isError, textOf(result)).toBeFalsy();
        const answer = dataOf<{ items: Item[]; totals: Json[]; not_converted: Json[] }>(result);
        expect(
          answer.items.map((item) => item.id),
          where,
        ).toEqual(rows.map((row) => row.id));

        for (const [index, row] of rows.entries()) {
          const item = answer.items[index]!;
          const expected = convertedByHand(row);
          expect({ source: item.source, procured_by: item.procured_by, converted_units: item.converted_units }, where).toEqual({
            source: row.source ?? undefined,
            procured_by: row.procured_by ?? undefined,
            converted_units: expected?.unit,
          });
          if (expected) expect(new Decimal(item.converted_consumption as string).toFixed(), where).toBe(expected.value);
          else expect(item.converted_consumption, where).toBeUndefined();
          if (row.source) seen.sources.add(row.source);
          if (row.procured_by) seen.procurers.add(row.procured_by);
          seen.units.add(row.units);
        }

        const byHand = totalsByHand(rows);
        expect(plainTotals(answer.totals as never), where).toEqual(byHand.totals);
        expect(
          answer.not_converted.map((value) => [value.external_meter_id, value.consumption, value.source, value.procured_by]),
          where,
        ).toEqual(byHand.not_converted.map((row) => [row.external_meter_id, row.consumption, row.source, row.procured_by]));
        const text = textOf(result);
        for (const total of byHand.totals) {
          const unit = total.unit === 'CUBIC_METERS' ? 'm³' : 'kWh';
          const shown = answer.totals.find((entry) => entry.year === total.year && entry.category === total.category)!;
          expect(text, where).toContain(
            `- ${year} ${total.category}: ${formatQuantity(shown.total)} ${unit} from ${total.values} value`,
          );
          if (total.converted_from.MEGAWATT_HOURS) {
            const count = total.converted_from.MEGAWATT_HOURS;
            expect(text, where).toContain(`${count} MWh value${count === 1 ? '' : 's'} converted x1000`);
            if (total.values > count) seen.mixed += 1;
          }
        }
        for (const value of answer.not_converted)
          expect(text, where).toContain(`- ${value.external_meter_id} | ${value.category} | ${year} |`);
        seen.apart += byHand.not_converted.length;
      }
    }
    // The seed shows every case: metered, estimated and hand-entered values, both procurers,
    // kWh, MWh and m³, kWh and MWh in one carrier, and m³ of gas kept apart.
    expect([...seen.sources].sort()).toEqual(['estimate', 'manualEntry', 'meter']);
    expect([...seen.procurers].sort()).toEqual(['LANDLORD', 'TENANT']);
    expect([...seen.units].sort()).toEqual(['CUBIC_METERS', 'KILOWATT_HOURS', 'MEGAWATT_HOURS']);
    expect(seen.mixed).toBeGreaterThan(0);
    expect(seen.apart).toBeGreaterThan(0);
  });
});
