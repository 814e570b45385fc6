import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { capex } from '../scope.js';
import { submitInvoice } from '../shared/invoices.js';
import { bounds, declarer, matches, oneOf } from '../kit.js';

export const assetView: ResourceView = {
  type: 'ASSET',
  singular: 'asset',
  plural: 'assets',
  label: ['name'],
  columns: ['identifier', 'date_created'],
  schema: resourceSchema({ name: out.text, identifier: out.text, date_created: out.dateTime }),
};

export const measureView: ResourceView = {
  type: 'MEASURE',
  singular: 'measure',
  plural: 'measures',
  label: ['name'],
  columns: ['identifier', 'status', 'asset'],
  schema: resourceSchema({
    name: out.text,
    identifier: out.text,
    description: out.text,
    status: out.text,
    asset: out.id,
    date_created: out.dateTime,
  }),
};

const declare = declarer(capex, 'assets');
const read = { method: 'GET', hints: hints.read } as const;

/** CAPEX assets (the buildings invested in) and their measures (the investment packages contracts hang from). */
export const assetOperations: readonly Operation[] = [
  declare({
    ...read,
    name: 'list_assets',
    title: 'List assets',
    description:
      'Lists CAPEX assets (the buildings invested in). Start here to find an asset id, e.g. {"name.contains": "Mitte"}.',
    path: '/assets/',
    list: { filters: { id: oneOf, name: matches, identifier: matches, date_created: bounds }, datetimes: ['date_created'] },
    result: assetView,
  }),
  declare({
    ...read,
    name: 'get_asset',
    title: 'Get an asset',
    description: 'Returns one CAPEX asset.',
    path: '/assets/{id}/',
    pathArgs: { id: 'asset_id' },
    args: { asset_id: uuid('The asset id', capex.tool('list_assets')) },
    result: assetView,
  }),
  declare({
    ...read,
    name: 'list_measures',
    title: 'List measures',
    description: 'Lists CAPEX measures, the investment packages of an asset that hold contracts.',
    path: '/measures/',
    list: {
      filters: {
        id: oneOf,
        name: matches,
        identifier: matches,
        description: matches,
        status: oneOf,
        asset: oneOf,
        date_created: bounds,
      },
      datetimes: ['date_created'],
    },
    result: measureView,
  }),
  declare({
    ...read,
    name: 'get_measure',
    title: 'Get a measure',
    description: 'Returns one CAPEX measure with its asset and status.',
    path: '/measures/{id}/',
    pathArgs: { id: 'measure_id' },
    args: { measure_id: uuid('The measure id', capex.tool('list_measures')) },
    result: measureView,
  }),
  submitInvoice(capex, 'asset'),
];
