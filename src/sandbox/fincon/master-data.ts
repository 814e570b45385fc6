import { storedAttributes, type Resource } from '../resource.js';
import type { ContractingEntityRecord, ContractorRecord, PropertyRecord } from './records.js';

/* Master data, reachable through `include` (their own routes are not served yet). */

export const propertyResource: Resource<PropertyRecord> = {
  type: 'PROPERTY',
  label: 'Property',
  table: (store) => store.fincon.properties,
  attributes: storedAttributes,
};

export const contractingEntityResource: Resource<ContractingEntityRecord> = {
  type: 'CONTRACTING_ENTITY',
  label: 'Contracting entity',
  table: (store) => store.fincon.contractingEntities,
  attributes: storedAttributes,
};

export const contractorResource: Resource<ContractorRecord> = {
  type: 'CONTRACTOR',
  label: 'Contractor',
  table: (store) => store.fincon.contractors,
  attributes: storedAttributes,
};
