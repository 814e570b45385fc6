import { defineOperation } from '../../src/dispatch/define.js';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { out, resourceSchema } from '../output.js';

export const budgetShiftView: ResourceView = {
  type: 'BUDGET_SHIFT',
  singular: 'budget shift',
  plural: 'budget shifts',
  label: ['budget_change_type'],
  columns: ['amount', 'source_contract_unit', 'target_contract_unit', 'reason', 'date_created'],
  schema: resourceSchema({
    amount: out.money,
    budget_change_type: out.text,
    reason: out.text,
    project: out.id,
    source_contract_unit: out.id,
    target_contract_unit: out.id,
    date_created: out.dateTime,
  }),
};

export const listBudgetShifts = defineOperation({
  name: 'list_budget_shifts',
  title: 'List budget shifts',
  description:
    'Lists budget moved between contract units of a project (SHIFT) or added to / taken from it (INCREASE, DECREASE), with amount and reason. Filter by project or contract unit.',
  product: 'fincon',
  toolset: 'budget',
  method: 'GET',
  path: '/budget_shifts/',
  hints: hints.read,
  include: ['project', 'source_contract_unit', 'target_contract_unit'],
  list: {
    filters: {
      id: ['in', 'not_in'],
      project: ['in', 'not_in'],
      source_contract_unit: ['in', 'not_in'],
      target_contract_unit: ['in', 'not_in'],
    },
  },
  result: budgetShiftView,
});
