/** Meter readings, consumption intervals, annual consumption and the batches that group imported data. */
import { z } from 'zod';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { decimalString, flag, integer, isoDate, isoDateTime, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import {
  consumptionTotals,
  consumptionValueOf,
  convertedFields,
  totalsFields,
  totalsText,
  valueFields,
} from './consumption-totals.js';
import { batchInfoUuid, buildingUuid, externalBuildingId, externalId, externalMeterId, quantity, rowsLike } from './common.js';

const readingView: ResourceView = {
  type: 'UTILITY_METER_READING',
  singular: 'meter reading',
  plural: 'meter readings',
  label: ['reading_timestamp'],
  columns: ['reading_value', 'external_meter_id'],
  schema: resourceSchema({ reading_timestamp: out.dateTime, reading_value: out.decimal, external_meter_id: out.text }),
};

const intervalView: ResourceView = {
  type: 'CONSUMPTION_INTERVAL',
  singular: 'consumption interval',
  plural: 'consumption intervals',
  label: ['start_date'],
  columns: ['end_date', 'consumption_value', 'external_meter_id'],
  schema: resourceSchema({
    start_date: out.date,
    end_date: out.date,
    consumption_value: out.decimal,
    external_meter_id: out.text,
  }),
};

const annualView: ResourceView = {
  type: 'ANNUAL_CONSUMPTION',
  singular: 'annual consumption',
  plural: 'annual consumptions',
  label: ['external_meter_id', 'name'],
  columns: [
    'year',
    'category',
    'consumption',
    'units',
    'converted_consumption',
    'converted_units',
    'source',
    'procured_by',
    'completeness',
    'emission_factor',
    'tenants',
  ],
  schema: resourceSchema({
    external_meter_id: out.text,
    name: out.text,
    year: out.integer,
    category: out.text.meta({ description: 'the energy carrier: HEATING, ELECTRICITY, COOLING or WATER' }),
    heating_system: out.text,
    cooling_system: out.text,
    units: out.text,
    consumption: out.decimal.meta({ description: 'the calendar year in units' }),
    ...valueFields,
    completeness: out.decimal,
    emission_factor: out.object,
    tenants: z.array(z.looseObject({ external_id: out.text, name: out.text.optional() })),
  }),
  derived: {
    row: convertedFields,
    list: (items) => {
      const values = items.map(consumptionValueOf).filter((value) => value !== undefined);
      const totals = consumptionTotals(values);
      return { lines: totalsText(totals, 'of these rows'), fields: { ...totals } };
    },
    listFields: {
      ...totalsFields,
      totals: totalsFields.totals.meta({
        description:
          "of the rows in items only, per carrier and year, in kWh for energy and m³ for water; with a next_cursor the list goes on and these are not the list's totals",
      }),
    },
  },
};

const batchInfoView: ResourceView = {
  type: 'UTILITY_DATA_BATCH_INFO',
  singular: 'utility data batch',
  plural: 'utility data batches',
  label: ['data_source_label'],
  columns: ['data_source_value', 'external_id'],
  schema: resourceSchema({ data_source_label: out.text, data_source_value: out.text, external_id: out.text }),
};

const reading = {
  reading_timestamp: isoDateTime(),
  reading_value: decimalString(),
  batch_info_uuid: batchInfoUuid(),
};
const readingByMeter = { external_meter_id: externalMeterId(), ...reading };

const interval = {
  external_meter_id: externalMeterId(),
  start_date: isoDate('First day of the period'),
  end_date: isoDate('Last day of the period'),
  consumption_value: quantity('In the meter units'),
  batch_info_uuid: batchInfoUuid(),
};

const declare = declarer(esg, 'consumption');
const intervalBody = { type: 'CONSUMPTION_INTERVAL', attributes: Object.keys(interval) } as const;

export const consumptionOperations = [
  declare({
    name: 'create_meter_reading',
    title: 'Record a meter reading',
    description: 'Records one reading of a utility meter addressed by its external id.',
    method: 'POST',
    path: '/meter-readings/',
    hints: hints.append,
    args: readingByMeter,
    body: { type: 'UTILITY_METER_READING', attributes: Object.keys(readingByMeter) },
    result: readingView,
  }),
  declare({
    name: 'create_meter_reading_by_uuid',
    title: 'Record a meter reading by building and meter id',
    description: 'Records one reading of a utility meter addressed by building and meter ids.',
    method: 'POST',
    path: '/buildings/{building_uuid}/utility-meters/{meter_uuid}/readings/',
    hints: hints.append,
    args: { building_uuid: buildingUuid(), meter_uuid: uuid('The meter id', 'esg_list_utility_meters'), ...reading },
    body: { type: 'UTILITY_METER_READING', attributes: Object.keys(reading) },
    result: readingView,
  }),
  declare({
    name: 'bulk_create_meter_readings',
    title: 'Record many meter readings',
    description: 'Records many meter readings; existing ones are updated.',
    method: 'POST',
    path: '/meter-readings/bulk/',
    hints: hints.append,
    args: { readings: rowsLike(readingByMeter, 'reading', 'create_meter_reading') },
    body: { type: 'UTILITY_METER_READING', rows: 'readings', attributes: Object.keys(readingByMeter) },
    result: { kind: 'batch', view: readingView },
  }),
  declare({
    name: 'create_consumption_interval',
    title: 'Record a consumption interval',
    description: 'Records the consumption of one meter over a period, e.g. from a utility bill.',
    method: 'POST',
    path: '/consumption-intervals/',
    hints: hints.append,
    args: interval,
    body: intervalBody,
    result: intervalView,
  }),
  declare({
    name: 'bulk_create_consumption_intervals',
    title: 'Record many consumption intervals, all or nothing',
    description: 'Records many consumption intervals, updating existing ones; all or nothing.',
    method: 'POST',
    path: '/consumption-intervals/bulk/',
    hints: hints.append,
    args: { intervals: rowsLike(interval, 'interval', 'create_consumption_interval') },
    body: { ...intervalBody, rows: 'intervals' },
    result: { kind: 'batch', view: intervalView },
  }),
  declare({
    name: 'bulk_create_consumption_intervals_partial',
    title: 'Record many consumption intervals, row by row',
    description: 'Records many consumption intervals; each row succeeds or fails on its own.',
    method: 'POST',
    path: '/consumption-intervals/bulk-partial/',
    hints: hints.append,
    args: { intervals: rowsLike(interval, 'interval', 'create_consumption_interval') },
    body: { ...intervalBody, rows: 'intervals' },
    result: { kind: 'batch', view: intervalView },
  }),
  declare({
    name: 'list_annual_consumption',
    title: 'List annual consumption',
    description:
      "A building's consumption per meter for one year: metered or estimated, who procured it, in kWh (m³ for water) with totals per carrier, emission factors, tenants; ids for esg_update_annual_consumption.",
    method: 'GET',
    path: '/consumption/annual/',
    hints: hints.read,
    args: {
      external_building_id: externalBuildingId(),
      year: integer('e.g. 2025', 1900, 2200),
      external_meter_id: externalId('Only the entry of this meter (its external id)').optional(),
    },
    query: ['external_building_id', 'year', 'external_meter_id'],
    list: {},
    result: annualView,
  }),
  declare({
    name: 'update_annual_consumption',
    title: 'Set the market-based emission factor',
    description: 'Sets the market-based emission factor and renewable flag of an annual consumption entry.',
    method: 'PATCH',
    path: '/consumption/annual/{annual_consumption_id}/',
    hints: hints.overwrite,
    args: {
      annual_consumption_id: uuid(undefined, 'esg_list_annual_consumption'),
      market_based_emission_factor: quantity('e.g. "0.128"').optional(),
      is_renewable: flag().optional(),
    },
    partialUpdate: true,
    body: { type: 'ANNUAL_CONSUMPTION', attributes: ['market_based_emission_factor', 'is_renewable'] },
    result: annualView,
  }),
  declare({
    name: 'create_utility_data_batch_info',
    title: 'Create a utility data batch',
    description:
      'Records where a batch of utility data comes from; pass its id as batch_info_uuid to esg_create_meter_reading and the other writes of the batch.',
    method: 'POST',
    path: '/utility-data-batch-info/',
    hints: hints.append,
    args: {
      data_source_label: text('e.g. "Stadtwerke Koblenz portal"'),
      data_source_value: text('e.g. an export or invoice number'),
      external_id: externalId('Your id for this batch').optional(),
    },
    body: { type: 'UTILITY_DATA_BATCH_INFO', attributes: ['data_source_label', 'data_source_value', 'external_id'] },
    result: batchInfoView,
  }),
];
