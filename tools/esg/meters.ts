/** Utility meters: created against a building's external id, or imported from an address. */
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, clearableText, isoDate, text } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import {
  batchInfoUuid,
  COOLING_SYSTEMS,
  externalBuildingId,
  externalId,
  factor,
  HEATING_SYSTEMS,
  integerIdSchema,
  meterRule,
  PROCURED_BY,
  rowsLike,
  SUB_CATEGORIES,
  UNITS,
  UTILITIES,
} from './common.js';

const meterAttributes = {
  external_id: out.text,
  serial: out.text,
  category: out.text,
  sub_category: out.text,
  heating_system: out.text,
  cooling_system: out.text,
  units: out.text,
  procured_by: out.text,
  multiplication_factor: out.decimal,
  custom_conversion_factor: out.decimal,
  activation_date: out.date,
  deactivation_date: out.date,
  description: out.text,
};

export const meterView: ResourceView = {
  type: 'UTILITY_METER',
  singular: 'utility meter',
  plural: 'utility meters',
  label: ['external_id', 'serial'],
  columns: [
    'category',
    'units',
    'serial',
    'heating_system',
    'cooling_system',
    'sub_category',
    'procured_by',
    'deactivation_date',
  ],
  schema: resourceSchema(meterAttributes),
};

const meterImportView: ResourceView = {
  type: 'UTILITY_METER_IMPORT',
  singular: 'utility meter import',
  plural: 'utility meter imports',
  label: ['external_id'],
  columns: ['status', 'category', 'units', 'serial', 'address'],
  schema: integerIdSchema({ ...meterAttributes, address: out.text, status: out.text }),
};

/** The meter attributes the create and import payloads share. */
const meterFields = {
  external_id: externalId('Your id for the meter'),
  meter_id: text('Serial number'),
  category: choice(UTILITIES),
  units: choice(UNITS, 'WATER meters use CUBIC_METERS'),
  heating_system: choice(HEATING_SYSTEMS, 'Required for HEATING meters').optional(),
  cooling_system: choice(COOLING_SYSTEMS, 'Required for COOLING meters').optional(),
  sub_category: choice(SUB_CATEGORIES, 'Required for WATER meters').optional(),
  multiplication_factor: factor('Default "1"').optional(),
  description: text('Description').optional(),
};
const meterFieldNames = Object.keys(meterFields);

const importFields = {
  ...meterFields,
  address: text('Of the building, to match the meter to it'),
};

const declare = declarer(esg, 'meters');

export const createUtilityMeter = declare({
  name: 'create_utility_meter',
  title: 'Create a utility meter',
  description: 'Creates a utility meter in a building given by its external id.',
  method: 'POST',
  path: '/utility-meters/',
  hints: hints.append,
  args: {
    external_building_id: externalBuildingId(),
    ...meterFields,
    custom_conversion_factor: factor('Required for HEATING and ELECTRICITY meters in CUBIC_METERS').optional(),
    procured_by: choice(PROCURED_BY, 'Who buys the energy; LANDLORD when omitted').optional(),
    activation_date: isoDate('Put into service').optional(),
    deactivation_date: isoDate('Taken out of service').optional(),
    batch_info_uuid: batchInfoUuid(),
  },
  check: (args) => meterRule(args, true),
  body: {
    type: 'UTILITY_METER',
    attributes: [
      'external_building_id',
      ...meterFieldNames,
      'custom_conversion_factor',
      'procured_by',
      'activation_date',
      'deactivation_date',
      'batch_info_uuid',
    ],
  },
  result: meterView,
});

const updatable = [
  'external_id',
  'serial',
  'units',
  'heating_system',
  'cooling_system',
  'sub_category',
  'multiplication_factor',
  'custom_conversion_factor',
  'procured_by',
  'activation_date',
  'deactivation_date',
  'description',
] as const;

export const updateUtilityMeter = declare({
  name: 'update_utility_meter',
  title: 'Update a utility meter',
  description: 'Changes a utility meter addressed by its external id; systems and sub-category only on meters of their category.',
  method: 'PATCH',
  path: '/utility-meters/{meter_external_id}/',
  hints: hints.overwrite,
  args: {
    meter_external_id: externalId('Its current external id'),
    external_id: externalId('New external id for the meter').optional(),
    serial: text('New serial number', 255).optional(),
    units: choice(UNITS, 'New unit of the readings').optional(),
    heating_system: choice(HEATING_SYSTEMS, 'For HEATING meters').optional(),
    cooling_system: choice(COOLING_SYSTEMS, 'For COOLING meters').optional(),
    sub_category: choice(SUB_CATEGORIES, 'New sub-category (WATER meters)').optional(),
    multiplication_factor: factor().optional(),
    custom_conversion_factor: factor('For readings in CUBIC_METERS').optional(),
    procured_by: choice(PROCURED_BY, 'Who buys the energy').optional(),
    activation_date: isoDate('Put into service').optional(),
    deactivation_date: isoDate('Taken out of service').optional(),
    description: clearableText('At most 255 characters; null removes it', 255).optional(),
  },
  partialUpdate: true,
  body: { type: 'UTILITY_METER', attributes: updatable },
  result: meterView,
});

export const createUtilityMeterImport = declare({
  name: 'create_utility_meter_import',
  title: 'Import a utility meter by address',
  description: 'Registers a utility meter for a building known only by its address; the import is matched to a building.',
  method: 'POST',
  path: '/utility-meters/import/',
  hints: hints.append,
  args: importFields,
  check: (args) => meterRule(args, false),
  body: { type: 'UTILITY_METER_IMPORT', attributes: Object.keys(importFields) },
  result: meterImportView,
});

export const bulkCreateUtilityMeterImports = declare({
  name: 'bulk_create_utility_meter_imports',
  title: 'Import several utility meters by address',
  description: 'Imports many utility meters by address; each row succeeds or fails on its own.',
  method: 'POST',
  path: '/utility-meters/bulk-import-partial/',
  hints: hints.append,
  args: {
    meters: rowsLike(importFields, 'meter', 'create_utility_meter_import'),
  },
  check: (row) => meterRule(row, false),
  body: { type: 'UTILITY_METER_IMPORT', rows: 'meters', attributes: Object.keys(importFields) },
  result: { kind: 'batch', view: meterImportView },
});

export const meterOperations = [createUtilityMeter, updateUtilityMeter, createUtilityMeterImport, bulkCreateUtilityMeterImports];
