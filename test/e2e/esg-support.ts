/** What the ESG end-to-end tests share: every ESG tool offered, and data found through the tools. */
import { Decimal } from 'decimal.js';
import { expect } from 'vitest';
import { dataOf, textOf, type Item, type ServerOptions, type TestClient, type ToolResult } from '../support/harness.js';

export type { Item };
export interface Batch {
  created: Item[];
  updated?: Item[];
  failed?: Array<{ index: number; problems: string[]; attributes?: Record<string, unknown> }>;
}

/** The ESG tools only, all toolsets, against the embedded sandbox. */
export function esgServer(extra: string[] = []): ServerOptions {
  return { args: ['--products', 'esg', '--toolsets', 'all', ...extra] };
}

/** A short ESG list of the regular seed: one page, no cursor. */
export async function listOf<T = Item>(client: TestClient, tool: string, args: Record<string, unknown> = {}): Promise<T[]> {
  const page = await client.page<T>(tool, args);
  expect(page.next_cursor).toBeNull();
  return page.items;
}

/**
 * The refusal the server gives before sending anything, naming the argument: the SDK's input
 * validation and the dispatcher's checks both run before a request exists (errors.test.ts
 * proves that against a stand-in API that counts requests).
 */
export function expectRefusedBeforeSending(result: ToolResult, argument: string | RegExp): void {
  expect(result.isError).toBe(true);
  const text = textOf(result);
  // Schema violations come from the SDK's validation, rules checked while preparing from the dispatcher.
  expect(text).toMatch(/Input validation error|nothing was sent to the API/);
  expect(text).toMatch(typeof argument === 'string' ? new RegExp(`\\b${argument}: `) : argument);
}

/** Buildings with an external id, and the meters of each that have one. */
export async function buildingsWithMeters(client: TestClient): Promise<Array<{ building: Item; meters: Item[] }>> {
  const buildings = (await listOf(client, 'esg_list_buildings')).filter((building) => building.external_id);
  const found = [];
  for (const building of buildings) {
    const meters = (await listOf(client, 'esg_list_utility_meters', { building_uuid: building.id })).filter(
      (meter) => meter.external_id,
    );
    found.push({ building, meters });
  }
  return found;
}

/** A unique suffix so repeated runs against one sandbox never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** A fresh meter in the first building with an external id: intervals written to it overlap nothing. */
export async function freshMeter(
  client: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<Item & { external_id: string }> {
  const building = (await listOf(client, 'esg_list_buildings')).find((candidate) => candidate.external_id)!;
  return dataOf<Item & { external_id: string }>(
    await client.callTool('esg_create_utility_meter', {
      external_building_id: building.external_id,
      external_id: unique('EL'),
      meter_id: unique('SN'),
      category: 'ELECTRICITY',
      units: 'KILOWATT_HOURS',
      activation_date: '2024-01-01',
      ...overrides,
    }),
  );
}

/** An annual consumption row as the ESG REST API sends it (attributes and id). */
export interface AnnualRow {
  id: string;
  external_meter_id: string;
  category: string;
  year: number;
  consumption: string | null;
  units: string;
  source: string | null;
  procured_by: string | null;
}

/** The seed's energy units in kWh: the tests' own table, kept apart from the server's. */
const KWH: Readonly<Record<string, string>> = { KILOWATT_HOURS: '1', MEGAWATT_HOURS: '1000' };

/** A row's value in kWh (m³ for water), worked out here; undefined where it has to stay apart (m³ of gas). */
export function convertedByHand(row: AnnualRow): { value: string; unit: string } | undefined {
  if (row.consumption === null) return undefined;
  if (row.category === 'WATER') {
    return row.units === 'CUBIC_METERS' ? { value: new Decimal(row.consumption).toFixed(), unit: 'CUBIC_METERS' } : undefined;
  }
  const factor = KWH[row.units];
  return factor ? { value: new Decimal(row.consumption).times(factor).toFixed(), unit: 'KILOWATT_HOURS' } : undefined;
}

interface TotalByHand {
  category: string;
  year: number;
  unit: string;
  total: string;
  values: number;
  converted_from: Record<string, number>;
  by_source: Record<string, string>;
  by_procured_by: Record<string, string>;
  not_converted: number;
}

const plus = (sums: Record<string, string>, key: string, value: string) => {
  sums[key] = new Decimal(sums[key] ?? 0).plus(value).toFixed();
};

/** What REST rows add up to per carrier and year, summed here with decimal.js, ordered by year and carrier. */
export function totalsByHand(rows: readonly AnnualRow[]): { totals: TotalByHand[]; not_converted: AnnualRow[] } {
  const totals = new Map<string, TotalByHand>();
  const apart = rows.filter((row) => row.consumption !== null && !convertedByHand(row));
  for (const row of rows) {
    const converted = convertedByHand(row);
    if (!converted) continue;
    const key = `${row.year} ${row.category}`;
    const total = totals.get(key) ?? {
      category: row.category,
      year: row.year,
      unit: converted.unit,
      total: '0',
      values: 0,
      converted_from: {},
      by_source: {},
      by_procured_by: {},
      not_converted: apart.filter((other) => other.year === row.year && other.category === row.category).length,
    };
    totals.set(key, total);
    total.total = new Decimal(total.total).plus(converted.value).toFixed();
    total.values += 1;
    if (row.units !== converted.unit) total.converted_from[row.units] = (total.converted_from[row.units] ?? 0) + 1;
    plus(total.by_source, row.source ?? 'not_stated', converted.value);
    plus(total.by_procured_by, row.procured_by ?? 'not_stated', converted.value);
  }
  const ordered = [...totals.values()].sort((a, b) => a.year - b.year || a.category.localeCompare(b.category));
  return { totals: ordered, not_converted: apart };
}

type AnswerTotal = TotalByHand & { exact: boolean };

/** A tool's totals with every decimal written plainly and in the order of totalsByHand, to compare. */
export function plainTotals(totals: readonly AnswerTotal[]): TotalByHand[] {
  const plain = (sums: Record<string, string>) =>
    Object.fromEntries(Object.entries(sums).map(([key, sum]) => [key, new Decimal(sum).toFixed()]));
  return totals
    .map(({ exact, ...total }) => {
      expect(exact, `${total.year} ${total.category}`).toBe(true);
      return {
        ...total,
        total: new Decimal(total.total).toFixed(),
        by_source: plain(total.by_source),
        by_procured_by: plain(total.by_procured_by),
      };
    })
    .sort((a, b) => a.year - b.year || a.category.localeCompare(b.category));
}
