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
    // capex.json lists FinCon's `contract_unit…` include paths here, a copy-paste from FinCon
    // (facts.md); CAPEX contracts have measures, so these are the paths it serves, as the MCP
    // tools declare them too (tools/shared/contracts.ts, parentIncludes).
    includes: ['measure', 'measure.asset'],
  },
  scope: {
    resource: () => assetResource,
    path: '/assets',
    contractorFilter: 'asset',
    ofParent: (store, measureId) => store.capex.measures.get(measureId)?.asset,
  },
};
