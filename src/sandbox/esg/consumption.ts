import { Dec } from '../money.js';
import type { Store } from '../store.js';
import type { NewRow } from '../table.js';
import { overlapDays, yearBounds } from './dates.js';
import type { AnnualConsumptionRecord, ConsumptionIntervalRecord, MeterSpecification, UtilityMeterRecord } from './records.js';
import { LOCATION_BASED_FACTORS } from './seed-catalog.js';

/*
 * Annual consumption is derived, never written: the consumption of a meter in a year is the sum
 * of its intervals' values, each prorated by the days it shares with the year, and the
 * completeness is the share of the year's days its intervals cover. So intervals written
 * through the API show up in the annual figures at once.
 */

interface AnnualFigures {
  consumption: string | null;
  completeness: string | null;
}

export function annualFigures(intervals: readonly ConsumptionIntervalRecord[], year: number): AnnualFigures {
  const { from, to, days } = yearBounds(year);
  let consumption = new Dec(0);
  let covered = 0;
  for (const interval of intervals) {
    const shared = overlapDays(interval.start_date, interval.end_date, from, to);
    if (shared === 0) continue;
    const length = overlapDays(interval.start_date, interval.end_date, interval.start_date, interval.end_date);
    consumption = consumption.plus(new Dec(interval.consumption_value).times(shared).dividedBy(length));
    covered += shared;
  }
  if (covered === 0) return { consumption: null, completeness: null };
  return {
    consumption: consumption.toDecimalPlaces(3).toFixed(3),
    completeness: Dec.min(1, new Dec(covered).dividedBy(days)).toDecimalPlaces(4).toFixed(4),
  };
}

/** The grid's or fuel's location-based factor (kg CO2e per kWh); water carries none. */
function locationBasedFactor(meter: MeterSpecification): string | null {
  switch (meter.category) {
    case 'ELECTRICITY':
      return LOCATION_BASED_FACTORS.ELECTRICITY;
    case 'HEATING':
      return LOCATION_BASED_FACTORS.HEATING[meter.heating_system ?? 'UNKNOWN'];
    case 'COOLING':
      return LOCATION_BASED_FACTORS.COOLING[meter.cooling_system ?? 'DISTRICT'];
    case 'WATER':
      return null;
  }
}

export function annualConsumptionOf(store: Store, meterId: string, year: number): AnnualConsumptionRecord | undefined {
  return store.esg.annualConsumptions.where('meter', meterId).find((annual) => annual.year === year);
}

/** A new annual consumption row for a year the meter had none, with the default emission factor. */
export function newAnnualConsumption(meter: UtilityMeterRecord, year: number, id: string): NewRow<AnnualConsumptionRecord> {
  return { id, meter: meter.id, year, source: 'meter', location_based_factor: locationBasedFactor(meter), market_based: null };
}
