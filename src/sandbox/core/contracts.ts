import { renderMoney } from '../money.js';
import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../query.js';
import { getOne, listOf, related, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import type { Row } from '../table.js';
import { contractingEntityResource } from './contracting-entities.js';
import { contractorResource } from './contractors.js';
import { customFieldFilters, customFieldList } from './custom-fields.js';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { ContractRecord } from './records.js';

export const contractResource = perProduct((product): Resource<ContractRecord> => ({
  type: 'CONTRACT',
  label: 'Contract',
  table: (store) => product.tables(store).contracts,
  attributes: (contract) => ({
    amount: renderMoney(contract.amount),
    booking_account_number: contract.booking_account_number,
    contract_number: contract.contract_number,
    contract_type: contract.contract_type,
    [product.contractParent.attribute]: contract.parent,
    contracting_entity: contract.contracting_entity,
    contractor: contract.contractor,
    cost_center: contract.cost_center,
    date_contract: contract.date_contract,
    date_created: contract.date_created,
    description: contract.description,
    is_reverse_charge: contract.is_reverse_charge,
    name: contract.name,
    reserve_amount: renderMoney(contract.reserve_amount),
    status: contract.status,
  }),
  relationships: (contract, { base }) => ({
    custom_fields: related(base, `/contracts/${contract.id}/custom_fields/`),
    invoices: related(base, `/contracts/${contract.id}/invoices/`),
  }),
  related: {
    contractor: { resource: () => contractorResource(product), id: (contract) => contract.contractor },
    contracting_entity: { resource: () => contractingEntityResource(product), id: (contract) => contract.contracting_entity },
    [product.contractParent.attribute]: { resource: product.contractParent.resource, id: (contract) => contract.parent },
  },
}));

/** Include paths of the contract endpoints: contractor, contracting entity and the parent chain. */
const contractIncludes = (product: Product) => ['contractor', 'contracting_entity', ...product.contractParent.includes];

const contractFilters = (product: Product): FilterSpecs<ContractRecord> => ({
  id: filterOn.ids(),
  name: filterOn.text(),
  contract_number: filterOn.text(),
  cost_center: filterOn.text(),
  status: filterOn.choice(CONTRACT_STATUSES),
  contracting_entity: filterOn.ids(),
  contractor: filterOn.ids(),
  project: filterOn.ids((contract, _attributes, store) => product.scope.ofParent(store, contract.parent) ?? null),
  date_created: filterOn.datetime(),
  date_contract: filterOn.date(COMPARISONS_OR_NULL),
  contract_type: filterOn.choice(CONTRACT_TYPES),
  is_reverse_charge: filterOn.flag(),
  [product.contractParent.attribute]: filterOn.ids((contract) => contract.parent),
});

/** The contracts of one parent record, listed in contract order. */
function contractsWhere<P extends Row>(
  product: Product,
  param: string,
  parent: Resource<P>,
  field: 'parent' | 'contracting_entity' | 'contractor',
) {
  return listOf(contractResource(product), {
    include: contractIncludes(product),
    within: {
      param,
      parent,
      rows: (owner, store) =>
        product
          .tables(store)
          .contracts.all()
          .filter((contract) => contract[field] === owner.id),
    },
  });
}

export const contractReadRoutes = (product: Product): RouteSpec[] => {
  const resource = contractResource(product);
  const { contractParent } = product;
  return [
    {
      method: 'GET',
      path: '/contracts/',
      handler: listOf(resource, {
        filters: contractFilters(product),
        filterFamilies: [customFieldFilters<ContractRecord>(product, 'CONTRACT')],
        include: contractIncludes(product),
      }),
    },
    { method: 'GET', path: '/contracts/{id}/', handler: getOne(resource, { include: contractIncludes(product) }) },
    {
      method: 'GET',
      path: contractParent.contractsPath,
      handler: contractsWhere(product, contractParent.contractsParam, contractParent.resource(), 'parent'),
    },
    {
      method: 'GET',
      path: '/contracting_entities/{contracting_entity_id}/contracts/',
      handler: contractsWhere(product, 'contracting_entity_id', contractingEntityResource(product), 'contracting_entity'),
    },
    {
      method: 'GET',
      path: '/contractors/{contractor_id}/contracts/',
      handler: contractsWhere(product, 'contractor_id', contractorResource(product), 'contractor'),
    },
    {
      method: 'GET',
      path: '/contracts/{contract_id}/custom_fields/',
      handler: customFieldList(product, resource, 'contract_id', 'CONTRACT'),
    },
  ];
};
