import { renderMoney } from '../money.js';
import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../query.js';
import { getOne, listOf, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import { contractResource } from './contracts.js';
import { BASES_OF_CLAIM, CHANGE_ORDER_STATES, TRIGGERS } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { ChangeOrderRecord } from './records.js';

/** Change orders are read-only through the API; their documents can be uploaded (see documents.ts). */
export const changeOrderResource = perProduct((product): Resource<ChangeOrderRecord> => ({
  type: 'CHANGE_ORDER',
  label: 'Change order',
  table: (store) => product.tables(store).changeOrders,
  attributes: (order) => ({
    ...storedAttributes(order),
    claimed_amount: renderMoney(order.claimed_amount),
    audited_amount: renderMoney(order.audited_amount),
    approved_amount: renderMoney(order.approved_amount),
  }),
  relationships: (order) => ({ contract: { data: { id: order.contract, type: 'CONTRACT' } } }),
}));

const filters = (product: Product): FilterSpecs<ChangeOrderRecord> => ({
  id: filterOn.ids(),
  name: filterOn.text(),
  identifier: filterOn.text(),
  contract: filterOn.ids(),
  project: filterOn.ids((order, _attributes, store) => {
    const contract = product.tables(store).contracts.get(order.contract);
    return contract ? (product.scope.ofParent(store, contract.parent) ?? null) : null;
  }),
  acknowledged_at: filterOn.datetime(),
  declined_at: filterOn.datetime(),
  approved_amount: filterOn.money(COMPARISONS_OR_NULL),
  audited_amount: filterOn.money(COMPARISONS_OR_NULL),
  change_order_date: filterOn.date(COMPARISONS_OR_NULL),
  claimed_amount: filterOn.money(COMPARISONS_OR_NULL),
  state: filterOn.choice(CHANGE_ORDER_STATES),
  basis_of_claim: filterOn.choice(BASES_OF_CLAIM),
  other_basis_of_claim: filterOn.text(),
  trigger: filterOn.choice(TRIGGERS),
  other_trigger: filterOn.text(),
});

export const changeOrderRoutes = (product: Product): RouteSpec[] => {
  const resource = changeOrderResource(product);
  return [
    { method: 'GET', path: '/change_orders/', handler: listOf(resource, { filters: filters(product) }) },
    { method: 'GET', path: '/change_orders/{id}/', handler: getOne(resource) },
    {
      method: 'GET',
      path: '/contracts/{contract_id}/change_orders/',
      handler: listOf(resource, {
        within: {
          param: 'contract_id',
          parent: contractResource(product),
          rows: (contract, store) => product.tables(store).changeOrders.where('contract', contract.id),
        },
      }),
    },
  ];
};
