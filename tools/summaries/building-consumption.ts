/**
 * esg_get_building_consumption: a building's consumption per meter over a period of months,
 * with the months that have no data. The ESG API reads consumption only as annual totals per
 * meter (GET /consumption/annual/, with the share of the year's days that data covers); it has
 * no read of readings or intervals. So the figures are per calendar year, every month of a
 * year without data is a gap, and a year only partly covered is named as such: which of its
 * months are missing the API does not say, and this tool does not guess. Values and totals in
 * one unit per carrier come from ../esg/consumption-totals.ts, as esg_list_annual_consumption's.
 */
import { z } from 'zod';
import type { Reader } from '../../src/dispatch/operation.js';
import { defineSummary, Unanswerable } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedBlock, untrustedInline } from '../../src/shape/untrusted.js';
import { shortened } from '../../src/shape/words.js';
import {
  consumptionTotals,
  consumptionValueOf,
  convertedFields,
  formatQuantity,
  sourceWord,
  totalsFields,
  totalsText,
  type ConsumptionTotals,
  type ConsumptionValue,
  valueFields,
} from '../esg/consumption-totals.js';
import { unitSymbol } from '../esg/units.js';
import { month, monthOf, text } from '../fields.js';
import { esg } from '../scope.js';
import { table } from './figures.js';
import { folded } from './named.js';

/** One read per calendar year: a longer period is refused rather than read for minutes. */
const MAX_YEARS = 10;

const yearSchema = z.object({
  year: z.number().int(),
  consumption: z.string().nullable().meta({ description: "the calendar year's total in the meter's units; null: no data" }),
  converted_consumption: valueFields.converted_consumption.nullable(),
  converted_units: valueFields.converted_units.nullable(),
  source: valueFields.source.nullable(),
  procured_by: valueFields.procured_by.nullable(),
  completeness: z.string().nullable().meta({ description: "share of the year's days with data, 0 to 1" }),
  annual_consumption_id: z.string().nullable(),
});

const meterSchema = z.object({
  external_meter_id: z.string(),
  name: z.string().nullable(),
  category: z.string().nullable(),
  units: z.string().nullable(),
  years: z.array(yearSchema),
  gap_months: z.array(z.string()).meta({ description: 'months of the period, YYYY-MM, in years without any data' }),
  partly_covered_years: z.array(z.number().int()).meta({ description: 'years with data for only some of their days' }),
});

const consumptionSchema = z.object({
  building: z.object({ id: z.string(), external_id: z.string(), name: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  resolution: z.literal('calendar_year').meta({ description: 'the API gives annual totals only, no monthly figures' }),
  meters: z.array(meterSchema),
  ...totalsFields,
});
type MeterConsumption = z.output<typeof meterSchema>;

const label = (value: unknown) => shortened(escapeUntrusted(String(value ?? '')), 80);

/** The building by id, external id or name (exact, else a unique case-insensitive match). */
async function resolveBuilding(wanted: string, read: Reader): Promise<FlatResource> {
  const buildings = await read.all('esg_list_buildings', {});
  const exact = buildings.filter(
    (building) => building.id === wanted || building.external_id === wanted || building.name === wanted,
  );
  const found = exact.length > 0 ? exact : buildings.filter((building) => folded(String(building.name ?? '')) === folded(wanted));
  if (found.length === 1) return found[0] as FlatResource;
  const lines = untrustedBlock(
    (found.length > 1 ? found : buildings).slice(0, 10).map((building) => {
      return `- ${building.id}${building.external_id ? ` (external id ${label(building.external_id)})` : ''}: ${label(building.name)}`;
    }),
  );
  const quoted = `"${label(wanted)}"`;
  throw new Unanswerable(
    found.length > 1
      ? `${found.length} buildings match ${quoted}; call again with one id:\n${lines}`
      : `No building has the id, external id or name ${quoted}. Buildings (call again with one of them):\n${lines}`,
  );
}

function monthsOf(year: number, from: string, to: string): string[] {
  return Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`).filter(
    (month) => month >= from && month <= to,
  );
}

const yearOf = (month: string) => Number(month.slice(0, 4));

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** Sorted months as runs of consecutive ones: "2023-07 to 2023-12". */
function monthRuns(months: readonly string[]): string[] {
  const runs: Array<[string, string]> = [];
  for (const month of months) {
    const last = runs.at(-1);
    if (last && nextMonth(last[1]) === month) last[1] = month;
    else runs.push([month, month]);
  }
  return runs.map(([first, last]) => (first === last ? first : `${first} to ${last}`));
}

function meterOf(meter: FlatResource | undefined, row: FlatResource | undefined, externalId: string) {
  return {
    external_meter_id: externalId,
    name: (row?.name ?? meter?.description ?? null) as string | null,
    category: (meter?.category ?? row?.category ?? null) as string | null,
    units: (meter?.units ?? row?.units ?? null) as string | null,
  };
}

function quantity(value: string | null, unit: string | null): string {
  return value === null ? '-' : `${formatQuantity(value)} ${unitSymbol(unit ?? '')}`.trim();
}

function consumptionText(
  building: FlatResource,
  from: string,
  to: string,
  meters: readonly MeterConsumption[],
  totals: ConsumptionTotals,
): string {
  const head = `Consumption of ${untrustedInline(String(building.name ?? building.external_id))} (external id ${untrustedInline(String(building.external_id))}), ${from} to ${to}, per meter and calendar year: the ESG API gives annual totals only, not months.`;
  if (meters.length === 0) return `${head}\nThe building has no utility meters.`;
  const rows = meters.flatMap((meter) =>
    meter.years.map((year) => [
      label(meter.external_meter_id),
      label(meter.name),
      String(year.year),
      year.consumption === null ? 'no data' : label(quantity(year.consumption, meter.units)),
      quantity(year.converted_consumption, year.converted_units),
      year.consumption === null ? '-' : sourceWord(year.source),
      year.procured_by === null ? '-' : label(year.procured_by.toLowerCase()),
      year.completeness === null ? '-' : `${new Decimal(year.completeness).times(100).toDecimalPlaces(1).toString()} %`,
    ]),
  );
  const gaps = meters.flatMap((meter) => {
    const notes: string[] = [];
    if (meter.gap_months.length > 0) {
      notes.push(
        `${untrustedInline(meter.external_meter_id)}: no data for ${monthRuns(meter.gap_months).join(', ')} (${meter.gap_months.length} months)`,
      );
    }
    if (meter.partly_covered_years.length > 0) {
      notes.push(
        `${untrustedInline(meter.external_meter_id)}: ${meter.partly_covered_years.join(', ')} only partly covered (which months lack data the API does not say)`,
      );
    }
    return notes;
  });
  return [
    head,
    table(['meter', 'name', 'year', 'consumption', 'in kWh (water m³)', 'source', 'procured by', 'days covered'], rows),
    ...totalsText(totals, 'of the years above'),
    gaps.length > 0
      ? `Gaps:\n${gaps.map((gap) => `- ${gap}`).join('\n')}`
      : 'No gaps: every year of the period is fully covered.',
  ].join('\n');
}

export const getBuildingConsumption = defineSummary({
  name: esg.tool('get_building_consumption'),
  title: 'Building consumption by meter',
  description:
    "A building's consumption per meter and calendar year over a span of months: metered or estimated, who procured it, in kWh (m³ for water) with totals per carrier and year; months without data named as gaps.",
  product: esg.product,
  toolset: esg.toolset('consumption'),
  args: {
    building: text('Its id, external id or name', 200),
    from: month('First month, YYYY-MM (a date stands for its month)'),
    to: month('Last month, YYYY-MM'),
  },
  check: (args) => {
    const [from, to] = [monthOf(String(args.from)), monthOf(String(args.to))];
    if (from > to) return { field: 'to', fix: 'give a month on or after from' };
    if (yearOf(to) - yearOf(from) >= MAX_YEARS) {
      return { field: 'to', fix: `a period spans at most ${MAX_YEARS} calendar years; ask for the years in turns` };
    }
    return undefined;
  },
  output: consumptionSchema,
  async summarise(args, read) {
    const from = monthOf(String(args.from));
    const to = monthOf(String(args.to));
    const building = await resolveBuilding(String(args.building), read);
    const externalId = building.external_id;
    if (typeof externalId !== 'string' || externalId === '') {
      throw new Unanswerable(
        `The building ${untrustedInline(String(building.name ?? building.id))} has no external id, and the API reads consumption only by external building id. Give the building one in the ESG application first.`,
      );
    }
    const meters = await read.all('esg_list_utility_meters', { building_uuid: building.id });
    const years = Array.from({ length: yearOf(to) - yearOf(from) + 1 }, (_, index) => yearOf(from) + index);
    const rowsByYear = new Map<number, FlatResource[]>();
    for (const year of years) {
      rowsByYear.set(year, await read.all('esg_list_annual_consumption', { external_building_id: externalId, year }));
    }
    const meterById = new Map(meters.filter((meter) => meter.external_id).map((meter) => [String(meter.external_id), meter]));
    const externalIds = new Set([
      ...meterById.keys(),
      ...[...rowsByYear.values()].flat().map((row) => String(row.external_meter_id)),
    ]);
    const values: ConsumptionValue[] = [];
    const results: MeterConsumption[] = [...externalIds].sort().map((meterId) => {
      const rowOf = (year: number) => rowsByYear.get(year)!.find((row) => row.external_meter_id === meterId);
      const perYear = years.map((year) => {
        const row = rowOf(year);
        const value = row && consumptionValueOf(row);
        if (value) values.push(value);
        const converted = row ? convertedFields(row) : {};
        return {
          year,
          consumption: value?.consumption ?? null,
          converted_consumption: converted.converted_consumption ?? null,
          converted_units: converted.converted_units ?? null,
          source: value?.source ?? null,
          procured_by: value?.procured_by ?? null,
          completeness: (row?.completeness ?? null) as string | null,
          annual_consumption_id: row?.id ?? null,
        };
      });
      const noData = perYear.filter((year) => year.consumption === null);
      return {
        ...meterOf(meterById.get(meterId), years.map(rowOf).find(Boolean), meterId),
        years: perYear,
        gap_months: noData.flatMap((year) => monthsOf(year.year, from, to)),
        partly_covered_years: perYear
          .filter((year) => year.completeness !== null && new Decimal(year.completeness).lessThan(1))
          .map((year) => year.year),
      };
    });
    const totals = consumptionTotals(values);
    return {
      text: consumptionText(building, from, to, results, totals),
      structured: {
        building: { id: building.id, external_id: externalId, name: (building.name ?? null) as string | null },
        from,
        to,
        resolution: 'calendar_year',
        meters: results,
        ...totals,
      },
    };
  },
});
