import { METER_CODES, type RuleViolation } from './errors.js';
import type { MeterSpecification } from './records.js';

/* The rules a utility meter (or meter import) must satisfy, as coded violations (see errors.ts). */

const SYSTEM_FIELDS = [
  { field: 'heating_system', category: 'HEATING' },
  { field: 'cooling_system', category: 'COOLING' },
  { field: 'sub_category', category: 'WATER' },
] as const;

/** Each category needs its own system (or sub-category) and takes no other. */
export function categoryViolations(meter: MeterSpecification): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const { field, category } of SYSTEM_FIELDS) {
    const value = meter[field];
    if (meter.category === category && value === null) {
      violations.push({ rule: METER_CODES.requiredByCategory, field, msg: `${field} is required for ${category} meters.` });
    }
    if (meter.category !== category && value !== null) {
      violations.push({
        rule: METER_CODES.notForCategory,
        field,
        msg: `${field} applies to ${category} meters only; this meter's category is ${meter.category}.`,
      });
    }
  }
  if (meter.category === 'WATER' && meter.units !== 'CUBIC_METERS') {
    violations.push({
      rule: METER_CODES.unitsNotForCategory,
      field: 'units',
      msg: `WATER meters are measured in CUBIC_METERS, not ${meter.units}.`,
    });
  }
  return violations;
}

/** The factor a volume meter of gas or district heating assumes when none is given. */
export function defaultConversionFactor(meter: Pick<MeterSpecification, 'units' | 'heating_system'>): string | null {
  if (meter.units !== 'CUBIC_METERS') return null;
  if (meter.heating_system === 'GAS') return '10';
  if (meter.heating_system === 'DISTRICT_HEATING') return '704';
  return null;
}

/** Energy metered by volume needs a factor to kWh. */
export function conversionFactorViolations(
  meter: MeterSpecification & { custom_conversion_factor: string | null },
): RuleViolation[] {
  const energy = meter.category === 'HEATING' || meter.category === 'ELECTRICITY';
  if (!energy || meter.units !== 'CUBIC_METERS' || meter.custom_conversion_factor !== null) return [];
  return [
    {
      rule: METER_CODES.requiredByCategory,
      field: 'custom_conversion_factor',
      msg: `custom_conversion_factor is required for ${meter.category} meters in CUBIC_METERS (only GAS and DISTRICT_HEATING have a default).`,
    },
  ];
}

export function activityViolations(meter: { activation_date: string | null; deactivation_date: string | null }): RuleViolation[] {
  if (!meter.activation_date || !meter.deactivation_date || meter.deactivation_date >= meter.activation_date) return [];
  return [
    {
      rule: METER_CODES.deactivatedBeforeActivated,
      field: 'deactivation_date',
      msg: `deactivation_date ${meter.deactivation_date} lies before activation_date ${meter.activation_date}.`,
    },
  ];
}

/** `taken`: whether another meter or meter import already uses the external id. */
export function externalIdViolations(externalId: string, taken: boolean): RuleViolation[] {
  if (!taken) return [];
  return [
    {
      rule: METER_CODES.externalIdTaken,
      field: 'external_id',
      msg: `external_id '${externalId}' is already used by another utility meter or meter import.`,
    },
  ];
}
