/** What the ESG declarations share: enums, free-string external ids, decimal values, batch references. */
import { z } from 'zod';
import { strictObject } from '../../src/dispatch/strict-object.js';
import { SAME_ARGUMENTS_AS } from '../../src/json-schemas.js';
import { Decimal } from '../../src/shape/money.js';
import { decimalString, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';

export const UTILITIES = ['HEATING', 'ELECTRICITY', 'WATER', 'COOLING'] as const;
export const SUB_CATEGORIES = ['COLD_WATER', 'HOT_WATER'] as const;
export const HEATING_SYSTEMS = [
  'ELECTRICITY',
  'OIL',
  'GAS',
  'DISTRICT_HEATING',
  'WOOD_CHIPS',
  'WOOD_PELLETS',
  'HEAT_PUMP',
  'UNKNOWN',
] as const;
export const COOLING_SYSTEMS = ['DISTRICT', 'LOCAL_DISTRICT'] as const;
export const UNITS = [
  'CUBIC_METERS',
  'KILOWATT_HOURS',
  'MEGAWATT_HOURS',
  'KILOJOULES',
  'MEGAJOULES',
  'GIGAJOULES',
  'BRITISH_THERMAL_UNITS',
] as const;
export const PROCURED_BY = ['LANDLORD', 'TENANT'] as const;
export const DOCUMENT_TYPES = [
  'ENERGY_CERTIFICATE',
  'TAXONOMY_PROOF',
  'BUILDING_CERTIFICATE',
  'UTILITY_BILL',
  'CLIMATE_RISK_ANALYSIS',
  'TENANT_LEASE',
  'WASTE_COLLECTION_INTERVAL',
  'EMISSION_FACTOR_PROOF',
  'WASTE_MANAGEMENT_CONCEPT',
  'WASTE_DOCUMENTATION',
  'WASTE_REPORT',
  'PUBLIC_DISPLAY_ENERGY_CERTIFICATE',
  'RENEWABLE_ELECTRICITY_CERTIFICATE',
  'ESG_ANALYSIS',
  'EU_TAXONOMY_ASSESSMENT',
  'ENERGY_RENOVATION_ROADMAP',
  'ENERGY_AUDIT',
  'INVESTOR_ESG_ANALYSIS',
  'ENERGY_REVIEW',
  'OTHER',
  'UNSET',
] as const;

/** An id the caller chose in its own system (meters, buildings, tenants, files): any non-empty string. */
export function externalId(description: string, maxLength = 255) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required: your external id, a string' : 'must be a string') })
    .min(1, { error: 'must not be empty' })
    .max(maxLength, { error: `must be at most ${maxLength} characters` })
    .meta({ description });
}

export const externalBuildingId = (description = 'external_id from esg_list_buildings') => externalId(description);

export const externalMeterId = () => externalId('external_id from esg_list_utility_meters');

export const buildingUuid = () => uuid(undefined, 'esg_list_buildings');

export const batchInfoUuid = () =>
  uuid('From esg_create_utility_data_batch_info', 'esg_create_utility_data_batch_info').optional();

/** A measured quantity: a decimal string that is zero or more. */
export function quantity(description?: string) {
  return decimalString(description).refine((value) => !new Decimal(value).isNegative(), { error: 'must not be negative' });
}

/** A factor: a decimal string greater than zero. */
export function factor(description?: string) {
  return decimalString(description).refine((value) => new Decimal(value).greaterThan(0), { error: 'must be greater than 0' });
}

/** Flattened ESG resources whose ids are integers (meter imports, user audit events). */
export function integerIdSchema(attributes: Record<string, z.ZodType>): z.ZodObject {
  return resourceSchema(attributes).extend({ id: out.integer });
}

type Args = Readonly<Record<string, unknown>>;

/**
 * The API's rules between meter attributes (stated on the meter and import payloads):
 * HEATING needs a heating system, COOLING a cooling system, WATER a sub-category and
 * CUBIC_METERS; HEATING and ELECTRICITY in CUBIC_METERS need a conversion factor unless
 * the heating system implies one (GAS 10, DISTRICT_HEATING 704).
 */
export function meterRule(args: Args, withConversion: boolean): { field: string; fix: string } | undefined {
  const missing = (name: string) => args[name] === undefined || args[name] === null;
  if (args.category === 'HEATING' && missing('heating_system')) {
    return { field: 'heating_system', fix: `is required when category is HEATING: one of ${HEATING_SYSTEMS.join(', ')}` };
  }
  if (args.category === 'COOLING' && missing('cooling_system')) {
    return { field: 'cooling_system', fix: `is required when category is COOLING: one of ${COOLING_SYSTEMS.join(', ')}` };
  }
  if (args.category === 'WATER' && missing('sub_category')) {
    return { field: 'sub_category', fix: `is required when category is WATER: one of ${SUB_CATEGORIES.join(', ')}` };
  }
  if (args.category === 'WATER' && args.units !== 'CUBIC_METERS') {
    return { field: 'units', fix: 'must be CUBIC_METERS for WATER meters' };
  }
  const implied = args.heating_system === 'GAS' || args.heating_system === 'DISTRICT_HEATING';
  if (
    withConversion &&
    (args.category === 'HEATING' || args.category === 'ELECTRICITY') &&
    args.units === 'CUBIC_METERS' &&
    missing('custom_conversion_factor') &&
    !implied
  ) {
    return {
      field: 'custom_conversion_factor',
      fix: 'is required for HEATING and ELECTRICITY meters measured in CUBIC_METERS (decimal string, e.g. "10.5"); GAS and DISTRICT_HEATING have defaults',
    };
  }
  return undefined;
}

/**
 * The rows of a bulk call, each with the arguments of the single-row tool `single`: validated in
 * full, advertised by naming that tool instead of repeating its schema.
 */
export function rowsLike<T extends z.ZodRawShape>(shape: T, what: string, single: string) {
  return z
    .array(strictObject(shape).meta({ [SAME_ARGUMENTS_AS]: esg.tool(single) }))
    .min(1, { error: `give at least one ${what}` });
}
