import type { Product } from '../core/product.js';
import { contractUnitResource, projectResource } from './resources.js';

/** FinCon on the shared contract side: contracts belong to contract units, which belong to projects. */
export const finconProduct: Product = {
  name: 'fincon',
  tables: (store) => store.fincon,
  contractParent: {
    attribute: 'contract_unit',
    resource: () => contractUnitResource,
    contractsPath: '/contract_units/{contract_unit_id}/contracts/',
    contractsParam: 'contract_unit_id',
    includes: ['contract_unit', 'contract_unit.project', 'contract_unit.project.property'],
  },
  scope: {
    resource: () => projectResource,
    path: '/projects',
    contractorFilter: 'project',
    ofParent: (store, unitId) => store.fincon.contractUnits.get(unitId)?.project,
  },
};
