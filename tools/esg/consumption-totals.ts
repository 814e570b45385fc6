/**
 * What a set of annual consumption values adds up to: per energy carrier (the API's `category`)
 * and year, in the carrier's reporting unit (units.ts), split by the API's `source` (metered or
 * estimated) and `procured_by`. Values that cannot be converted are listed apart and added to
 * nothing. Sums are exact decimals; the text says what was converted.
 */
import { z } from 'zod';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedBlock, untrustedInline } from '../../src/shape/untrusted.js';
import { UTILITIES } from './common.js';
import {
  REPORTING_UNITS,
  ROUNDED_DECIMALS,
  toReportingUnit,
  unitSymbol,
  UNIT_TABLE,
  type Conversion,
  type ReportingUnit,
} from './units.js';

/** One value as the API gives it on an annual consumption row. */
export interface ConsumptionValue {
  external_meter_id: string;
  category: string | null;
  year: number;
  consumption: string;
  units: string | null;
  source: string | null;
  procured_by: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The value of a flattened annual consumption row; none when the row has no consumption. */
export function consumptionValueOf(row: FlatResource): ConsumptionValue | undefined {
  const consumption = text(row.consumption);
  if (consumption === null) return undefined;
  return {
    external_meter_id: String(row.external_meter_id ?? ''),
    category: text(row.category),
    year: Number(row.year),
    consumption,
    units: text(row.units),
    source: text(row.source),
    procured_by: text(row.procured_by),
  };
}

function convert({ consumption, units, category }: ConsumptionValue): Conversion {
  if (units === null || category === null) {
    return { converted: false, reason: `the API gave no ${units === null ? 'unit' : 'category'}` };
  }
  return toReportingUnit(consumption, units, category);
}

/** A row's value in its carrier's unit, as fields of the row; none when it cannot be converted. */
export function convertedFields(row: FlatResource): { converted_consumption?: string; converted_units?: ReportingUnit } {
  const value = consumptionValueOf(row);
  const conversion = value && convert(value);
  return conversion?.converted ? { converted_consumption: conversion.value, converted_units: conversion.unit } : {};
}

/** The key of a value without `source` or `procured_by`. */
const NOT_STATED = 'not_stated';

/** The fields each value carries beside the API's `consumption` and `units`. */
export const valueFields = {
  converted_consumption: z.string().meta({
    description: 'the value in converted_units, exact; absent (null) without a value or when its unit cannot be converted',
  }),
  converted_units: z.enum([REPORTING_UNITS.energy, REPORTING_UNITS.volume]).meta({
    description: 'KILOWATT_HOURS for energy carriers, CUBIC_METERS for water',
  }),
  source: z.string().meta({
    description: "the API's source: meter (metered), estimate (estimated) or manualEntry (entered by hand)",
  }),
  procured_by: z.string().meta({ description: 'who procured it: LANDLORD or TENANT' }),
};

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  meter: 'metered',
  estimate: 'estimated',
  manualEntry: 'entered by hand',
  [NOT_STATED]: 'source not stated',
};
const PROCURER_WORDS: Readonly<Record<string, string>> = {
  LANDLORD: 'by the landlord',
  TENANT: 'by the tenant',
  [NOT_STATED]: 'by someone not stated',
};

const decimalOut = z.string().meta({ description: 'decimal string, exact' });

export const totalSchema = z.object({
  category: z.string().meta({ description: "the API's category (energy carrier): HEATING, ELECTRICITY, COOLING or WATER" }),
  year: z.number().int(),
  unit: valueFields.converted_units,
  total: decimalOut.meta({ description: 'exact sum of the values in unit' }),
  values: z.number().int().meta({ description: 'how many values the total adds up' }),
  converted_from: z.record(z.string(), z.number().int()).meta({
    description: 'how many of them were converted, per unit the API gave, e.g. {"MEGAWATT_HOURS": 2} (x1000 into kWh)',
  }),
  exact: z.boolean().meta({
    description: `false when a value in joules or BTU was converted: each such value is rounded to ${ROUNDED_DECIMALS} decimals first`,
  }),
  by_source: z.record(z.string(), decimalOut).meta({
    description: `the total split by the API's source: meter (metered), estimate (estimated), manualEntry (entered by hand), ${NOT_STATED}`,
  }),
  by_procured_by: z.record(z.string(), decimalOut).meta({
    description: `the total split by procured_by: LANDLORD, TENANT, ${NOT_STATED}`,
  }),
  not_converted: z.number().int().meta({
    description: 'values of this carrier and year that could not be converted; listed in not_converted, not in total',
  }),
});
export type CarrierTotal = z.output<typeof totalSchema>;

export const notConvertedSchema = z.object({
  external_meter_id: z.string(),
  category: z.string().nullable(),
  year: z.number().int(),
  consumption: decimalOut,
  units: z.string().nullable(),
  source: valueFields.source.nullable(),
  procured_by: valueFields.procured_by.nullable(),
  reason: z.string().meta({ description: 'why it is in no total' }),
});
export type NotConverted = z.output<typeof notConvertedSchema>;

export const totalsFields = {
  totals: z.array(totalSchema).meta({ description: 'per carrier and year, in one unit each: kWh for energy, m³ for water' }),
  not_converted: z.array(notConvertedSchema).meta({ description: 'values kept out of every total, each with the reason' }),
};

export interface ConsumptionTotals {
  totals: CarrierTotal[];
  not_converted: NotConverted[];
}

const decimals = (value: string) => value.split('.')[1]?.length ?? 0;

/** An exact sum written with as many decimals as its addends: 1.250 + 2 is 3.250. */
function plus(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed(Math.max(decimals(a), decimals(b)));
}

const add = (sums: Record<string, string>, key: string, value: string) => {
  sums[key] = plus(sums[key] ?? '0', value);
};

const order = (category: string) => {
  const index = (UTILITIES as readonly string[]).indexOf(category);
  return index < 0 ? UTILITIES.length : index;
};

export function consumptionTotals(values: readonly ConsumptionValue[]): ConsumptionTotals {
  const totals = new Map<string, CarrierTotal>();
  const notConverted: NotConverted[] = [];
  const entry = (category: string, year: number, unit: ReportingUnit) => {
    const key = `${year} ${category}`;
    let total = totals.get(key);
    if (!total) {
      total = {
        category,
        year,
        unit,
        total: '0',
        values: 0,
        converted_from: {},
        exact: true,
        by_source: {},
        by_procured_by: {},
        not_converted: 0,
      };
      totals.set(key, total);
    }
    return total;
  };
  for (const value of values) {
    const conversion = convert(value);
    if (!conversion.converted) {
      notConverted.push({ ...value, reason: conversion.reason });
      continue;
    }
    const { category, year, units } = value as ConsumptionValue & { category: string; units: string };
    const total = entry(category, year, conversion.unit);
    total.total = plus(total.total, conversion.value);
    total.values += 1;
    if (units !== conversion.unit) total.converted_from[units] = (total.converted_from[units] ?? 0) + 1;
    total.exact &&= conversion.exact;
    add(total.by_source, value.source ?? NOT_STATED, conversion.value);
    add(total.by_procured_by, value.procured_by ?? NOT_STATED, conversion.value);
  }
  for (const kept of notConverted) {
    const total = totals.get(`${kept.year} ${kept.category}`);
    if (total) total.not_converted += 1;
  }
  return {
    totals: [...totals.values()].sort((a, b) => a.year - b.year || order(a.category) - order(b.category)),
    not_converted: notConverted,
  };
}

/** "1234567.891" -> "1,234,567.891": grouped, every decimal kept. */
export function formatQuantity(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** An API word as text: known values as they are, anything else escaped and enveloped. */
function known(value: string, words: Readonly<Record<string, string>>): string {
  return words[value] ?? untrustedInline(value);
}

/** "metered" for the API's source meter, and so on. */
export const sourceWord = (source: string | null) => known(source ?? NOT_STATED, SOURCE_WORDS);

const CARRIER_WORDS = Object.fromEntries(UTILITIES.map((name) => [name, name]));

const plural = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;

function split(sums: Readonly<Record<string, string>>, words: Readonly<Record<string, string>>): string {
  return Object.entries(sums)
    .map(([key, sum]) => `${known(key, words)} ${formatQuantity(sum)}`)
    .join(', ');
}

/** "2 MWh values converted x1000": only units of the table are ever converted. */
function convertedFrom(unit: string, count: number): string {
  const { times, per } = UNIT_TABLE[unit] as { times: string; per?: string };
  return `${plural(count, `${unitSymbol(unit)} value`)} converted x${times}${per ? `/${per}` : ''}`;
}

function totalLine(total: CarrierTotal): string {
  const notes = [
    ...Object.entries(total.converted_from).map(([unit, count]) => convertedFrom(unit, count)),
    ...(total.not_converted ? [`${total.not_converted} more not convertible and left out`] : []),
    ...(total.exact ? [] : [`joule and BTU values rounded to ${ROUNDED_DECIMALS} decimals`]),
  ];
  return (
    `- ${total.year} ${known(total.category, CARRIER_WORDS)}: ${formatQuantity(total.total)} ${unitSymbol(total.unit)} ` +
    `from ${plural(total.values, 'value')}${notes.length ? ` (${notes.join('; ')})` : ''}: ` +
    `${split(total.by_source, SOURCE_WORDS)}; procured ${split(total.by_procured_by, PROCURER_WORDS)}`
  );
}

/** Carriers and years whose every value was kept apart: said, so no carrier seems to have none. */
function withoutTotal({ totals, not_converted: kept }: ConsumptionTotals): string[] {
  const counts = new Map<string, number>();
  for (const value of kept) {
    if (totals.some((total) => total.year === value.year && total.category === value.category)) continue;
    const key = `${value.year} ${known(value.category ?? '-', CARRIER_WORDS)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `- ${key}: no total; its ${plural(count, 'value')} cannot be converted (below)`);
}

/** The totals and the values kept apart, as lines for the answer's text; none when there is nothing. */
export function totalsText(figures: ConsumptionTotals, scope: string): string[] {
  const { totals, not_converted: kept } = figures;
  if (totals.length === 0 && kept.length === 0) return [];
  const lines = [
    `Totals ${scope} per carrier and year, in ${unitSymbol(REPORTING_UNITS.energy)} for energy and ${unitSymbol(REPORTING_UNITS.volume)} for water (exact sums), split by source (metered or estimated) and by who procured it:`,
    ...totals.map(totalLine),
    ...withoutTotal(figures),
  ];
  if (kept.length > 0) {
    const rows = kept.map((value) =>
      [
        `- ${escapeUntrusted(value.external_meter_id)}`,
        escapeUntrusted(value.category ?? '-'),
        String(value.year),
        escapeUntrusted(`${formatQuantity(value.consumption)} ${unitSymbol(value.units ?? '')}`.trim()),
        escapeUntrusted(value.reason),
      ].join(' | '),
    );
    lines.push(`Not converted, so in no total (${kept.length}):`, untrustedBlock(rows));
  }
  return lines;
}
