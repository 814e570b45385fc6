import { attributesWithout, storedAttributes, type Resource } from '../resource.js';
import type { ContractUnitRecord, ProjectRecord, PropertyRecord } from './records.js';

/*
 * How FinCon's own structure records appear in the API. Kept apart from their routes so the
 * product description (product.ts) can name them without import cycles.
 */

export const propertyResource: Resource<PropertyRecord> = {
  type: 'PROPERTY',
  label: 'Property',
  table: (store) => store.fincon.properties,
  attributes: storedAttributes,
};

export const projectResource: Resource<ProjectRecord> = {
  type: 'PROJECT',
  label: 'Project',
  table: (store) => store.fincon.projects,
  attributes: attributesWithout<ProjectRecord>('custom_fields'),
  related: { property: { resource: () => propertyResource, id: (project) => project.property } },
};

export const contractUnitResource: Resource<ContractUnitRecord> = {
  type: 'CONTRACT_UNIT',
  label: 'Contract unit',
  table: (store) => store.fincon.contractUnits,
  attributes: (unit) => ({ name: unit.name, description: unit.description, project: unit.project, state: unit.state }),
  related: { project: { resource: () => projectResource, id: (unit) => unit.project } },
};
