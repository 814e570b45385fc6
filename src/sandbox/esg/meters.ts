import { z } from 'zod';
import { ApiError, parameter } from '../envelope.js';
import { decimal, isoDate, literal, oneOf, str, uuid } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { batchInfoViolations } from './batch-infos.js';
import { esgOne, type EsgResource } from './documents.js';
import { COOLING_SYSTEMS, HEATING_SYSTEMS, PROCURED_BY, SUB_CATEGORIES, UNITS, UTILITIES } from './enums.js';
import { METER_CODES, refuseItem, type RuleViolation } from './errors.js';
import { buildingByExternalId, meterByExternalId, meterExternalIdTaken } from './lookups.js';
import {
  activityViolations,
  categoryViolations,
  conversionFactorViolations,
  defaultConversionFactor,
  externalIdViolations,
} from './meter-rules.js';
import type { UtilityMeterRecord } from './records.js';
import { definedOnly, Write } from './writes.js';

export const meterResource: EsgResource<UtilityMeterRecord> = {
  type: 'UTILITY_METER',
  label: 'Utility meter',
  table: (store) => store.esg.meters,
  attributes: (meter) => ({
    serial: meter.serial,
    description: meter.description,
    external_id: meter.external_id,
    units: meter.units,
    category: meter.category,
    sub_category: meter.sub_category,
    heating_system: meter.heating_system,
    cooling_system: meter.cooling_system,
    multiplication_factor: meter.multiplication_factor,
    custom_conversion_factor: meter.custom_conversion_factor,
    activation_date: meter.activation_date,
    deactivation_date: meter.deactivation_date,
    procured_by: meter.procured_by,
  }),
};

/** Positive factors, given as a JSON number or a decimal string. */
const factor = () => decimal({ numbers: true, gt: 0 });

/** The attributes that describe a new meter, shared by the create bodies of meters and meter imports. */
export const newMeterAttributes = {
  external_id: str(),
  meter_id: str(),
  category: oneOf(UTILITIES),
  units: oneOf(UNITS),
  sub_category: oneOf(SUB_CATEGORIES).nullable().optional(),
  heating_system: oneOf(HEATING_SYSTEMS).nullable().optional(),
  cooling_system: oneOf(COOLING_SYSTEMS).nullable().optional(),
  multiplication_factor: factor().optional(),
  description: str().nullable().optional(),
};

// A meter's description comes after its dates (the order of the 422 details).
const { description, ...specification } = newMeterAttributes;

const createBody = z.object({
  data: z.object({
    type: literal('UTILITY_METER'),
    attributes: z.object({
      external_building_id: str(),
      ...specification,
      custom_conversion_factor: factor().nullable().optional(),
      activation_date: isoDate().nullable().optional(),
      deactivation_date: isoDate().nullable().optional(),
      description,
      procured_by: oneOf(PROCURED_BY).optional(),
      batch_info_uuid: uuid().nullable().optional(),
    }),
  }),
});

const patchBody = z.object({
  data: z.object({
    type: literal('UTILITY_METER'),
    attributes: z.object({
      external_id: str({ max: 255 }).nullable().optional(),
      serial: str({ max: 255 }).nullable().optional(),
      description: str({ max: 255 }).nullable().optional(),
      units: oneOf(UNITS).nullable().optional(),
      sub_category: oneOf(SUB_CATEGORIES).nullable().optional(),
      heating_system: oneOf(HEATING_SYSTEMS).nullable().optional(),
      cooling_system: oneOf(COOLING_SYSTEMS).nullable().optional(),
      multiplication_factor: factor().nullable().optional(),
      custom_conversion_factor: factor().nullable().optional(),
      activation_date: isoDate().nullable().optional(),
      deactivation_date: isoDate().nullable().optional(),
      procured_by: oneOf(PROCURED_BY).nullable().optional(),
    }),
  }),
});

type MeterState = Omit<UtilityMeterRecord, 'id' | 'seq'>;

/** Everything a meter must satisfy once written; `self` is the meter being updated, if any. */
function meterViolations(store: Store, meter: MeterState, self?: UtilityMeterRecord): RuleViolation[] {
  return [
    ...(meter.external_id === null
      ? []
      : externalIdViolations(meter.external_id, meterExternalIdTaken(store, meter.external_id, self?.id))),
    ...categoryViolations(meter),
    ...conversionFactorViolations(meter),
    ...activityViolations(meter),
  ];
}

function createMeter(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const { store } = request;
  const building = buildingByExternalId(store, attributes.external_building_id);
  const buildingViolations: RuleViolation[] = building
    ? []
    : [
        {
          rule: METER_CODES.unknownBuilding,
          field: 'external_building_id',
          msg: `No building has the external id '${attributes.external_building_id}'.`,
        },
      ];
  const system = {
    sub_category: attributes.sub_category ?? null,
    heating_system: attributes.heating_system ?? null,
    cooling_system: attributes.cooling_system ?? null,
  };
  const meter: MeterState = {
    building: building?.id ?? '',
    external_id: attributes.external_id,
    serial: attributes.meter_id,
    description: attributes.description ?? null,
    category: attributes.category,
    units: attributes.units,
    ...system,
    multiplication_factor: attributes.multiplication_factor?.toFixed() ?? '1',
    custom_conversion_factor:
      attributes.custom_conversion_factor?.toFixed() ?? defaultConversionFactor({ units: attributes.units, ...system }),
    activation_date: attributes.activation_date ?? null,
    deactivation_date: attributes.deactivation_date ?? null,
    procured_by: attributes.procured_by ?? 'LANDLORD',
    batch_info: attributes.batch_info_uuid ?? null,
  };
  refuseItem([
    ...buildingViolations,
    ...batchInfoViolations(store, attributes.batch_info_uuid, METER_CODES.unknownBatchInfo),
    ...meterViolations(store, meter),
  ]);
  return esgOne(meterResource, new Write(store).insert(AUDITED.meters, meter), request, 201);
}

/**
 * Changes what the body sends. Null clears the nullable attributes; for those the API never
 * returns null (external_id, serial, units, multiplication_factor, procured_by) it changes nothing.
 */
function patchMeter(request: SandboxRequest) {
  const { attributes } = parseBody(patchBody, request.json()).data;
  const { store } = request;
  const externalId = request.params.meter_external_id as string;
  const meter = meterByExternalId(store, externalId);
  if (!meter) throw new ApiError(404, `No utility meter has the external id '${externalId}'.`, parameter('meter_external_id'));
  const { multiplication_factor, custom_conversion_factor, ...plain } = attributes;
  const changes: Partial<MeterState> = {
    ...plain,
    external_id: plain.external_id ?? undefined,
    serial: plain.serial ?? undefined,
    units: plain.units ?? undefined,
    procured_by: plain.procured_by ?? undefined,
    multiplication_factor: multiplication_factor?.toFixed(),
    custom_conversion_factor: custom_conversion_factor === undefined ? undefined : (custom_conversion_factor?.toFixed() ?? null),
  };
  const next: MeterState = { ...meter, ...definedOnly(changes) };
  next.custom_conversion_factor ??= defaultConversionFactor(next);
  refuseItem(meterViolations(store, next, meter));
  new Write(store).update(AUDITED.meters, meter, next);
  return esgOne(meterResource, meter, request);
}

export const meterRoutes: RouteSpec[] = [
  { method: 'POST', path: '/utility-meters/', handler: createMeter },
  { method: 'PATCH', path: '/utility-meters/{meter_external_id:str}/', handler: patchMeter },
];
