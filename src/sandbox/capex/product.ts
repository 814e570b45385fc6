import type { Product } from '../core/product.js';
import { assetResource, measureResource } from './resources.js';

/** CAPEX on the shared contract side: contracts belong to measures, which belong to assets. */
export const capexProduct: Product = {
  name: 'capex',
  tables: (store) => store.capex,
  contractParent: {
    attribute: 'measure',
    resource: () => measureResource,
    contractsPath: '/measures/{id}/contracts/',
    contractsParam: 'id',
    includes: ['measure', 'measure.asset'],
  },
  scope: {
    resource: () => assetResource,
    path: '/assets',
    contractorFilter: 'asset',
    ofParent: (store, measureId) => store.capex.measures.get(measureId)?.asset,
  },
};
