import { defineOperation } from '../../src/dispatch/define.js';
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';

/** What a contract hangs from: a contract unit in FinCon, a measure in CAPEX. */
export function contractParent(scope: Scope): 'contract_unit' | 'measure' {
  return scope.product === 'capex' ? 'measure' : 'contract_unit';
}

export function contractView(scope: Scope): ResourceView {
  const parent = contractParent(scope);
  return {
    type: 'CONTRACT',
    singular: 'contract',
    plural: 'contracts',
    label: ['name'],
    columns: ['contract_number', 'status', 'contract_type', 'amount', 'contractor', parent],
    totals: ['amount'],
    schema: resourceSchema({
      name: out.text,
      description: out.text,
      contract_number: out.text,
      contract_type: out.text,
      status: out.text,
      amount: out.money,
      reserve_amount: out.money,
      [parent]: out.id,
      contracting_entity: out.id,
      contractor: out.id,
      cost_center: out.text,
      booking_account_number: out.integer,
      date_contract: out.date,
      date_created: out.dateTime,
      is_reverse_charge: out.boolean,
    }),
  };
}

/** The API documents the same include paths for both products. */
export const contractIncludes = [
  'contractor',
  'contracting_entity',
  'contract_unit',
  'contract_unit.project',
  'contract_unit.project.property',
] as const;

const dates = ['less_than_equal', 'greater_than_equal', 'range'] as const;

export function contractId(scope: Scope) {
  return uuid('The contract id', scope.tool('list_contracts'));
}

export function contractOperations(scope: Scope): Operation[] {
  const view = contractView(scope);
  const common = { product: scope.product, toolset: scope.toolset('contracts'), hints: hints.read, result: view } as const;
  return [
    defineOperation({
      ...common,
      name: scope.tool('list_contracts'),
      title: 'List contracts',
      description: `Lists contracts with contractors (100 per page): number, status, type and contract amount. Filter by ${contractParent(scope)}, project, contractor or status.`,
      method: 'GET',
      path: '/contracts/',
      include: contractIncludes,
      list: {
        filters: {
          id: ['in', 'not_in'],
          name: ['exact', 'contains'],
          contract_number: ['exact', 'contains'],
          cost_center: ['exact', 'contains'],
          status: ['in', 'not_in'],
          contract_type: ['in', 'not_in'],
          [contractParent(scope)]: ['in', 'not_in'],
          project: ['in', 'not_in'],
          contractor: ['in', 'not_in'],
          contracting_entity: ['in', 'not_in'],
          is_reverse_charge: ['is'],
          date_created: dates,
          date_contract: [...dates, 'is'],
        },
      },
    }),
    defineOperation({
      ...common,
      name: scope.tool('get_contract'),
      title: 'Get a contract',
      description:
        'Returns one contract; include its contractor, contracting entity or contract unit (and project) in the same call.',
      method: 'GET',
      path: '/contracts/{id}/',
      pathArgs: { id: 'contract_id' },
      args: { contract_id: contractId(scope) },
      include: contractIncludes,
    }),
  ];
}
