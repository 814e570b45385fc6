/**
 * esg_get_building_consumption against the sandbox's REST API read straight over HTTP: for every
 * seeded building with an external id, every meter and year of the answer equals the API's
 * annual consumption (with its source, procurer and value in kWh, m³ for water), the totals per
 * carrier and year equal sums made here with decimal.js, the meters are the building's meters,
 * and the gaps are exactly the months of the years without data.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';
import { get, query, useSandbox, type Json } from '../sandbox/helpers.js';
import { formatQuantity } from '../../tools/esg/consumption-totals.js';
import { convertedByHand, plainTotals, totalsByHand, type AnnualRow } from './esg-support.js';

const sandbox = useSandbox();
let client: TestClient;

const esgUrl = (path: string, params: Record<string, string> = {}) =>
  `${sandbox.handle.baseUrls.esg}${path}${Object.keys(params).length ? query(params) : ''}`;
const listed = async (path: string, params: Record<string, string> = {}): Promise<Json[]> =>
  ((await get(esgUrl(path, params))).body.data as Json[]).map((resource) => ({ id: resource.id, ...resource.attributes }));

interface ConsumptionAnswer {
  building: { id: string; external_id: string; name: string | null };
  from: string;
  to: string;
  resolution: string;
  meters: Array<{
    external_meter_id: string;
    units: string | null;
    years: Array<{
      year: number;
      consumption: string | null;
      converted_consumption: string | null;
      converted_units: string | null;
      source: string | null;
      procured_by: string | null;
      completeness: string | null;
      annual_consumption_id: string | null;
    }>;
    gap_months: string[];
    partly_covered_years: number[];
  }>;
  totals: Json[];
  not_converted: Json[];
}

const plain = (value: string | null) => (value === null ? null : new Decimal(value).toFixed());

const FROM = '2023-07';
const TO = '2026-12';
const YEARS = [2023, 2024, 2025, 2026];
const monthsOf = (year: number) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`).filter(
    (month) => month >= FROM && month <= TO,
  );

beforeAll(async () => {
  client = await connect('stdio', 'modern', {
    args: ['--products', 'esg', '--esg-url', sandbox.handle.baseUrls.esg],
    env: { PFM_API_KEY: 'test-key', PFM_API_TOKEN: 'test-token' },
  });
}, 60_000);
afterAll(async () => {
  await client?.close();
});

describe('esg_get_building_consumption, for every seeded building', () => {
  it('equals the annual consumption of the API per meter and year, with the months of empty years as gaps', async () => {
    const buildings = (await listed('/buildings/')).filter((building) => building.external_id);
    expect(buildings.length).toBeGreaterThan(1);
    let partlyCovered = 0;
    let convertedTotals = 0;
    let keptApart = 0;
    for (const building of buildings) {
      const result = await client.callTool('esg_get_building_consumption', {
        building: building.external_id,
        from: FROM,
        to: TO,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      const answer = dataOf<ConsumptionAnswer>(result);
      expect(answer.building).toEqual({ id: building.id, external_id: building.external_id, name: building.name });
      expect(answer.resolution).toBe('calendar_year');

      const meters = await listed(`/buildings/${building.id}/utility-meters/`);
      expect(answer.meters.map((meter) => meter.external_meter_id).sort()).toEqual(
        meters.map((meter) => meter.external_id).sort(),
      );
      const annual = new Map<number, Json[]>();
      for (const year of YEARS)
        annual.set(
          year,
          await listed('/consumption/annual/', { external_building_id: building.external_id, year: String(year) }),
        );

      for (const meter of answer.meters) {
        expect(meter.years.map((year) => year.year)).toEqual(YEARS);
        for (const year of meter.years) {
          const row = annual.get(year.year)!.find((entry) => entry.external_meter_id === meter.external_meter_id);
          const converted = row && convertedByHand(row as AnnualRow);
          const where = `${building.external_id} ${meter.external_meter_id} ${year.year}`;
          expect({ ...year, converted_consumption: plain(year.converted_consumption) }, where).toEqual({
            year: year.year,
            consumption: row?.consumption ?? null,
            converted_consumption: converted?.value ?? null,
            converted_units: converted?.unit ?? null,
            source: row?.source ?? null,
            procured_by: row?.procured_by ?? null,
            completeness: row?.completeness ?? null,
            annual_consumption_id: row?.id ?? null,
          });
        }
        const empty = meter.years.filter((year) => year.consumption === null).map((year) => year.year);
        expect(meter.gap_months).toEqual(empty.flatMap(monthsOf));
        const partial = meter.years.filter((year) => year.completeness !== null && Number(year.completeness) < 1);
        expect(meter.partly_covered_years).toEqual(partial.map((year) => year.year));
        partlyCovered += partial.length;
      }
      const byHand = totalsByHand([...annual.values()].flat() as AnnualRow[]);
      expect(plainTotals(answer.totals as never), building.external_id).toEqual(byHand.totals);
      expect(
        answer.not_converted.map((value) => [
          value.external_meter_id,
          value.year,
          value.consumption,
          value.source,
          value.procured_by,
        ]),
      ).toEqual(
        byHand.not_converted.map((row) => [row.external_meter_id, row.year, row.consumption, row.source, row.procured_by]),
      );
      convertedTotals += byHand.totals.filter((total) => Object.keys(total.converted_from).length > 0).length;
      keptApart += byHand.not_converted.length;
      // The seed has no data before 2024: the second half of 2023 is a gap of every meter.
      for (const meter of answer.meters) expect(meter.gap_months.slice(0, 6)).toEqual(monthsOf(2023));
    }
    // Intervals end in May 2026: that year is only partly covered.
    expect(partlyCovered).toBeGreaterThan(0);
    // MWh values were converted into some totals, and m³ of gas kept out of them.
    expect(convertedTotals).toBeGreaterThan(0);
    expect(keptApart).toBeGreaterThan(0);
  });

  it('says that months come only as annual totals, names the gaps, and finds the building by name too', async () => {
    const [building] = (await listed('/buildings/')).filter((entry) => entry.external_id);
    const byName = await client.callTool('esg_get_building_consumption', {
      building: building!.name,
      from: '2023-01',
      to: '2024-12',
    });
    expect(byName.isError, textOf(byName)).toBeFalsy();
    expect(dataOf<ConsumptionAnswer>(byName).building.id).toBe(building!.id);
    const text = textOf(byName);
    expect(text).toMatch(/annual totals only, not months/);
    expect(text).toMatch(/no data for 2023-01 to 2023-12 \(12 months\)/);
    const byDates = await client.callTool('esg_get_building_consumption', {
      building: building!.name,
      from: '2023-01-15',
      to: '2024-12-31',
    });
    expect(dataOf<ConsumptionAnswer>(byDates)).toEqual({ ...dataOf<ConsumptionAnswer>(byName), from: '2023-01', to: '2024-12' });
  });

  it('says in the text which values are metered or estimated, who procured them, what was converted and what was not', async () => {
    const answerOf = async (building: string) => {
      const result = await client.callTool('esg_get_building_consumption', { building, from: '2025-01', to: '2025-12' });
      expect(result.isError, textOf(result)).toBeFalsy();
      return { text: textOf(result), answer: dataOf<ConsumptionAnswer>(result) };
    };
    // Geschäftshaus Schildergasse: the landlord's electricity in kWh, the tenant's in MWh.
    const mixed = await answerOf('BLD-CGN-004');
    const rows = (await listed('/consumption/annual/', { external_building_id: 'BLD-CGN-004', year: '2025' })) as AnnualRow[];
    const electricity = totalsByHand(rows).totals.find((total) => total.category === 'ELECTRICITY')!;
    expect(electricity).toMatchObject({ values: 2, converted_from: { MEGAWATT_HOURS: 1 } });
    const shown = mixed.answer.totals.find((total) => total.category === 'ELECTRICITY')!;
    expect(new Decimal(shown.total).toFixed()).toBe(electricity.total);
    expect(mixed.text).toContain(
      `- 2025 ELECTRICITY: ${formatQuantity(shown.total)} kWh from 2 values (1 MWh value converted x1000): metered ${formatQuantity(shown.by_source.meter)}, estimated ${formatQuantity(shown.by_source.estimate)}; procured by the landlord ${formatQuantity(shown.by_procured_by.LANDLORD)}, by the tenant ${formatQuantity(shown.by_procured_by.TENANT)}`,
    );
    expect(mixed.text).toMatch(/\| 2025 \| [\d,.]+ MWh \| [\d,.]+ kWh \| estimated \| tenant \| 100 %/);
    expect(mixed.text).toMatch(/\| 2025 \| [\d,.]+ kWh \| [\d,.]+ kWh \| entered by hand \| landlord \| 100 %/);

    // Wohnquartier Prenzlauer Garten heats with gas counted in m³: no kWh are made up for it.
    const gas = await answerOf('BLD-BER-002');
    expect(gas.answer.totals.map((total) => total.category)).toEqual(['ELECTRICITY', 'WATER']);
    expect(gas.answer.not_converted).toEqual([
      expect.objectContaining({ external_meter_id: 'BER-002-GA-01', category: 'HEATING', year: 2025, units: 'CUBIC_METERS' }),
    ]);
    expect(gas.text).toContain('- 2025 HEATING: no total; its 1 value cannot be converted (below)');
    expect(gas.text).toMatch(
      /Not converted, so in no total \(1\):\n<untrusted-data-\w+>\n- BER-002-GA-01 \| HEATING \| 2025 \| [\d,.]+ m³ \| m³ is a volume/,
    );
    expect(gas.text).toMatch(
      /- 2025 WATER: [\d,.]+ m³ from 2 values: metered [\d,.]+, entered by hand [\d,.]+; procured by the landlord/,
    );
  });

  it('refuses a period that ends before it starts, a malformed month, and lists buildings for an unknown one', async () => {
    const backwards = await client.callTool('esg_get_building_consumption', { building: 'x', from: '2025-05', to: '2025-01' });
    expect(backwards.isError).toBe(true);
    expect(textOf(backwards)).toMatch(/\bto: give a month on or after from/);
    const malformed = await client.callTool('esg_get_building_consumption', { building: 'x', from: '2025-13', to: '2025-12' });
    expect(malformed.isError).toBe(true);
    expect(textOf(malformed)).toMatch(/\bfrom: must be a month as YYYY-MM/);
    const unknown = await client.callTool('esg_get_building_consumption', {
      building: 'Nowhere 17',
      from: '2025-01',
      to: '2025-12',
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No building has the id, external id or name "Nowhere 17"[\s\S]*BLD-/);
  });
});
