import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { contractId } from './contracts.js';
import { bounds, boundsOrUnset, declarer, matches, oneOf } from '../kit.js';

export const changeOrderView: ResourceView = {
  type: 'CHANGE_ORDER',
  singular: 'change order',
  plural: 'change orders',
  label: ['name', 'identifier'],
  columns: [
    'identifier',
    'state',
    'claimed_amount',
    'audited_amount',
    'approved_amount',
    'weighting_factor',
    'change_order_date',
    'contract',
  ],
  totals: ['claimed_amount', 'audited_amount', 'approved_amount'],
  schema: resourceSchema({
    name: out.text,
    identifier: out.text,
    state: out.text,
    contract: out.id,
    change_order_date: out.date,
    claimed_amount: out.money,
    audited_amount: out.money,
    approved_amount: out.money,
    basis_of_claim: out.text,
    other_basis_of_claim: out.text,
    trigger: out.text,
    other_trigger: out.text,
    weighting_factor: out.number,
    acknowledged_at: out.dateTime,
    declined_at: out.dateTime,
  }),
};

/** Change orders (Nachträge) are read-only through the API, in both products. */
export function changeOrderOperations(scope: Scope): Operation[] {
  const declare = declarer(scope, 'change_orders');
  const common = { method: 'GET', hints: hints.read, result: changeOrderView } as const;
  return [
    declare({
      ...common,
      name: 'list_change_orders',
      title: 'List change orders',
      description:
        'Lists change orders (Nachträge, contract amendments): state, claimed, audited and approved amounts, weighting factor.',
      path: '/change_orders/',
      list: {
        filters: {
          id: oneOf,
          name: matches,
          identifier: matches,
          contract: oneOf,
          project: oneOf,
          state: oneOf,
          basis_of_claim: oneOf,
          other_basis_of_claim: matches,
          trigger: oneOf,
          other_trigger: matches,
          change_order_date: boundsOrUnset,
          acknowledged_at: bounds,
          declined_at: bounds,
          'claimed_amount.net': boundsOrUnset,
          'claimed_amount.tax': boundsOrUnset,
          'audited_amount.net': boundsOrUnset,
          'audited_amount.tax': boundsOrUnset,
          'approved_amount.net': boundsOrUnset,
          'approved_amount.tax': boundsOrUnset,
        },
        datetimes: ['acknowledged_at', 'declined_at'],
      },
    }),
    declare({
      ...common,
      name: 'get_change_order',
      title: 'Get a change order',
      description: 'Returns one change order with amounts, basis of claim and trigger.',
      path: '/change_orders/{id}/',
      pathArgs: { id: 'change_order_id' },
      args: { change_order_id: uuid('The change order id', scope.tool('list_change_orders')) },
    }),
    declare({
      ...common,
      name: 'list_contract_change_orders',
      title: 'List the change orders of a contract',
      description: 'Lists the change orders of one contract, and totals them.',
      path: '/contracts/{contract_id}/change_orders/',
      args: { contract_id: contractId(scope) },
      list: {},
    }),
  ];
}
