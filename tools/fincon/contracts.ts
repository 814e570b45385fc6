import { defineOperation, hints, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';

export const contractView: ResourceView = {
  type: 'CONTRACT',
  singular: 'contract',
  plural: 'contracts',
  label: ['name'],
  columns: ['contract_number', 'status', 'contract_type', 'amount', 'contractor', 'contract_unit'],
  totals: ['amount'],
  schema: resourceSchema({
    name: out.text,
    description: out.text,
    contract_number: out.text,
    contract_type: out.text,
    status: out.text,
    amount: out.money,
    reserve_amount: out.money,
    contract_unit: out.id,
    contracting_entity: out.id,
    contractor: out.id,
    cost_center: out.text,
    booking_account_number: out.integer,
    date_contract: out.date,
    date_created: out.dateTime,
    is_reverse_charge: out.boolean,
  }),
};

const contractIncludes = [
  'contractor',
  'contracting_entity',
  'contract_unit',
  'contract_unit.project',
  'contract_unit.project.property',
] as const;

const dates = ['less_than_equal', 'greater_than_equal', 'range'] as const;

export const listContracts = defineOperation({
  name: 'list_contracts',
  title: 'List contracts',
  description:
    'Lists contracts with contractors (100 per page): number, status, type and contract amount. Filter by contract unit, project, contractor or status.',
  product: 'fincon',
  toolset: 'contracts',
  method: 'GET',
  path: '/contracts/',
  hints: hints.read,
  include: contractIncludes,
  list: {
    filters: {
      id: ['in', 'not_in'],
      name: ['exact', 'contains'],
      contract_number: ['exact', 'contains'],
      cost_center: ['exact', 'contains'],
      status: ['in', 'not_in'],
      contract_type: ['in', 'not_in'],
      contract_unit: ['in', 'not_in'],
      project: ['in', 'not_in'],
      contractor: ['in', 'not_in'],
      contracting_entity: ['in', 'not_in'],
      is_reverse_charge: ['is'],
      date_created: dates,
      date_contract: [...dates, 'is'],
    },
  },
  result: contractView,
});

export const getContract = defineOperation({
  name: 'get_contract',
  title: 'Get a contract',
  description: 'Returns one contract; include its contractor, contracting entity or contract unit (and project) in the same call.',
  product: 'fincon',
  toolset: 'contracts',
  method: 'GET',
  path: '/contracts/{id}/',
  pathArgs: { id: 'contract_id' },
  hints: hints.read,
  args: { contract_id: uuid('The contract id', 'list_contracts') },
  include: contractIncludes,
  result: contractView,
});
