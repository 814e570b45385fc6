import { coreRoutes } from '../core/routes.js';
import { MEASURE_STATUSES } from '../core/enums.js';
import { filterOn } from '../query.js';
import { getOne, listOf } from '../resource.js';
import type { RouteSpec } from '../router.js';
import { capexProduct } from './product.js';
import { assetResource, measureResource } from './resources.js';

/** Every CAPEX operation the sandbox serves, relative to /capex/v1. */
export const capexRoutes: readonly RouteSpec[] = [
  {
    method: 'GET',
    path: '/assets/',
    handler: listOf(assetResource, {
      filters: { id: filterOn.ids(), name: filterOn.text(), identifier: filterOn.text(), date_created: filterOn.datetime() },
    }),
  },
  { method: 'GET', path: '/assets/{id}/', handler: getOne(assetResource) },
  {
    method: 'GET',
    path: '/measures/',
    handler: listOf(measureResource, {
      filters: {
        id: filterOn.ids(),
        name: filterOn.text(),
        identifier: filterOn.text(),
        description: filterOn.text(),
        date_created: filterOn.datetime(),
        status: filterOn.choice(MEASURE_STATUSES),
        asset: filterOn.ids(),
      },
    }),
  },
  { method: 'GET', path: '/measures/{id}/', handler: getOne(measureResource) },
  ...coreRoutes(capexProduct),
];
