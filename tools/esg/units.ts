/**
 * Consumption values in one unit per energy carrier: kWh for heating, electricity and cooling,
 * m³ for water. The table below is the ESG API's `Units` enum; a unit missing from it, or one
 * that measures something else than the carrier (gas counted in m³), is not converted.
 */
import { Decimal } from '../../src/shape/money.js';

type Measures = 'energy' | 'volume';

interface UnitEntry {
  measures: Measures;
  symbol: string;
  /** One of this unit is `times / per` of the reporting unit (kWh or m³). */
  times: string;
  per?: string;
}

/** 1 kWh = 3,600 kJ; the BTU is the international table BTU, 1,055.05585262 J. */
export const UNIT_TABLE: Readonly<Record<string, UnitEntry>> = {
  KILOWATT_HOURS: { measures: 'energy', symbol: 'kWh', times: '1' },
  MEGAWATT_HOURS: { measures: 'energy', symbol: 'MWh', times: '1000' },
  KILOJOULES: { measures: 'energy', symbol: 'kJ', times: '1', per: '3600' },
  MEGAJOULES: { measures: 'energy', symbol: 'MJ', times: '1', per: '3.6' },
  GIGAJOULES: { measures: 'energy', symbol: 'GJ', times: '1000', per: '3.6' },
  BRITISH_THERMAL_UNITS: { measures: 'energy', symbol: 'BTU', times: '1.05505585262', per: '3600' },
  CUBIC_METERS: { measures: 'volume', symbol: 'm³', times: '1' },
};

export const REPORTING_UNITS = { energy: 'KILOWATT_HOURS', volume: 'CUBIC_METERS' } as const;
export type ReportingUnit = (typeof REPORTING_UNITS)[Measures];

/** What each carrier (the API's `Utility`) is reported in. */
const CARRIERS: Readonly<Record<string, Measures>> = {
  ELECTRICITY: 'energy',
  HEATING: 'energy',
  COOLING: 'energy',
  WATER: 'volume',
};

/** A division that does not end (joules, BTU) is rounded half up to this many decimals. */
export const ROUNDED_DECIMALS = 6;

/** A decimal string as the API's schemas allow it (no exponent, no grouping). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export type Conversion =
  { converted: true; value: string; unit: ReportingUnit; exact: boolean } | { converted: false; reason: string };

/** "kWh" for KILOWATT_HOURS; an unknown unit keeps the API's name. */
export function unitSymbol(unit: string): string {
  return UNIT_TABLE[unit]?.symbol ?? unit;
}

/** The carrier's reporting unit, or undefined for a category this server does not know. */
export function reportingUnitOf(category: string): ReportingUnit | undefined {
  const measures = CARRIERS[category];
  return measures && REPORTING_UNITS[measures];
}

/** A consumption value (a decimal string in `unit`) in its carrier's reporting unit, exactly where that ends. */
export function toReportingUnit(value: string, unit: string, category: string): Conversion {
  const entry = UNIT_TABLE[unit];
  const measures = CARRIERS[category];
  if (!NUMBER.test(value)) return { converted: false, reason: `the value ${value} is not a number` };
  if (!measures) return { converted: false, reason: `the category ${category} is not one this server knows` };
  if (!entry) return { converted: false, reason: `the unit ${unit} is not one this server knows` };
  if (entry.measures !== measures) {
    return {
      converted: false,
      reason:
        measures === 'energy'
          ? `${entry.symbol} is a volume: kWh of ${category} would need the meter's custom_conversion_factor, whose unit the API does not state`
          : `${category} is counted in m³, and ${entry.symbol} is no volume`,
    };
  }
  const target = REPORTING_UNITS[measures];
  // Already in the reporting unit: the API's string as it is.
  if (unit === target) return { converted: true, value, unit: target, exact: true };
  const times = new Decimal(value).times(entry.times);
  const exact = entry.per === undefined;
  const result = exact ? times : times.dividedBy(entry.per as string).toDecimalPlaces(ROUNDED_DECIMALS, Decimal.ROUND_HALF_UP);
  return { converted: true, value: result.toFixed(), unit: target, exact };
}
