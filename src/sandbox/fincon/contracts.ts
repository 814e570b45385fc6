import { renderMoney } from '../money.js';
import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../query.js';
import { getOne, listOf, related, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import { contractUnitResource } from './contract-units.js';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from './enums.js';
import { contractingEntityResource, contractorResource } from './master-data.js';
import type { ContractRecord } from './records.js';

export const contractResource: Resource<ContractRecord> = {
  type: 'CONTRACT',
  label: 'Contract',
  table: (store) => store.fincon.contracts,
  attributes: (contract) => ({
    ...storedAttributes(contract),
    amount: renderMoney(contract.amount),
    reserve_amount: renderMoney(contract.reserve_amount),
  }),
  relationships: (contract, { base }) => ({
    custom_fields: related(base, `/contracts/${contract.id}/custom_fields/`),
    invoices: related(base, `/contracts/${contract.id}/invoices/`),
  }),
  related: {
    contractor: { resource: () => contractorResource, id: (contract) => contract.contractor },
    contracting_entity: { resource: () => contractingEntityResource, id: (contract) => contract.contracting_entity },
    contract_unit: { resource: () => contractUnitResource, id: (contract) => contract.contract_unit },
  },
};

/** Include paths of the contract endpoints. */
const CONTRACT_INCLUDES = [
  'contractor',
  'contracting_entity',
  'contract_unit',
  'contract_unit.project',
  'contract_unit.project.property',
] as const;

const contractFilters: FilterSpecs<ContractRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  contract_number: filterOn.text(),
  cost_center: filterOn.text(),
  status: filterOn.choice(CONTRACT_STATUSES),
  contracting_entity: filterOn.ids(),
  contractor: filterOn.ids(),
  project: filterOn.ids((contract, _attributes, store) => store.fincon.contractUnits.get(contract.contract_unit)?.project ?? null),
  date_created: filterOn.datetime(),
  date_contract: filterOn.date(COMPARISONS_OR_NULL),
  contract_type: filterOn.choice(CONTRACT_TYPES),
  is_reverse_charge: filterOn.flag(),
  contract_unit: filterOn.ids(),
};

export const contractRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/contracts/',
    handler: listOf(contractResource, { filters: contractFilters, include: CONTRACT_INCLUDES }),
  },
  { method: 'GET', path: '/contracts/{id}/', handler: getOne(contractResource, { include: CONTRACT_INCLUDES }) },
];
