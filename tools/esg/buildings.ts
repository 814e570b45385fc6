/** Buildings (read-only here): the anchor of ESG data, with custom data, CO2 analysis and meters. */
import { z } from 'zod';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import { buildingUuid } from './common.js';
import { meterView } from './meters.js';

/** Nested values keep their nulls: only top-level attributes are dropped when empty. */
const area = out.decimal.nullable().optional();

const buildingView: ResourceView = {
  type: 'BUILDING',
  singular: 'building',
  plural: 'buildings',
  label: ['name'],
  columns: ['external_id', 'external_asset_id', 'building_specification'],
  schema: resourceSchema({
    name: out.text,
    external_id: out.text,
    external_asset_id: out.text,
    building_specification: z.looseObject({ gross_external_area: area, gross_internal_area: area }),
    energy_certificates: z.array(out.object),
    building_certificates: z.array(out.object),
  }),
};

const analysisResultView: ResourceView = {
  type: 'ANALYSIS_RESULT',
  singular: 'CO2 analysis result',
  plural: 'CO2 analysis results',
  label: ['year'],
  columns: [],
  schema: resourceSchema({
    year: out.integer,
    ...Object.fromEntries(
      [
        'co2_intensity',
        'energy_intensity',
        'final_energy_intensity',
        'primary_energy_intensity',
        'scope_1_emissions',
        'scope_2_emissions',
        'scope_3_emissions',
        'self_supply_rate',
        'total_consumption',
        'total_emissions',
        'total_energy_generated',
      ].map((name) => [name, out.decimal]),
    ),
  }),
};

const customDataView: ResourceView = {
  type: 'CUSTOM_DATA_GROUP_INSTANCE',
  singular: 'custom data group',
  plural: 'custom data groups',
  label: ['name'],
  columns: ['field_instances'],
  schema: resourceSchema({
    name: out.text,
    field_instances: z.array(
      z.looseObject({ field_id: out.id, name: out.text, value: out.any, year: out.integer.nullable().optional() }),
    ),
  }),
};

const declare = declarer(esg, 'buildings');
const common = { method: 'GET', hints: hints.read } as const;
const building = { building_uuid: buildingUuid() };

export const buildingOperations = [
  declare({
    ...common,
    name: 'list_buildings',
    title: 'List buildings',
    description:
      'Lists every building of the ESG register with external ids and areas. Start here: its ids address meters, tenants, consumption and files.',
    path: '/buildings/',
    // The API adds these lists into each building's attributes; no read of its own gives them.
    include: { energy_certificates: null, building_certificates: null },
    list: {},
    result: buildingView,
  }),
  declare({
    ...common,
    name: 'get_building_analysis_result',
    title: 'Get the CO2 analysis of a building',
    description: 'Returns the latest CO2 analysis result of a building: emissions by scope, intensities and consumption totals.',
    path: '/buildings/{building_uuid}/analysis-result/',
    args: building,
    absent: 'No CO2 analysis was done for this building yet',
    result: analysisResultView,
  }),
  declare({
    ...common,
    name: 'get_building_custom_data',
    title: 'Get the custom data of a building',
    description: 'Returns the custom data groups of a building with their field values.',
    path: '/buildings/{building_uuid}/custom-data/',
    args: building,
    list: {},
    result: customDataView,
  }),
  declare({
    ...common,
    name: 'list_utility_meters',
    title: 'List the utility meters of a building',
    description: 'Lists every utility meter of one building with ids, external ids, category, units and serial.',
    path: '/buildings/{building_uuid}/utility-meters/',
    args: building,
    list: {},
    result: meterView,
  }),
];
