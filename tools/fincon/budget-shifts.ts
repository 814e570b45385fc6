import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { out, resourceSchema } from '../output.js';
import { declarer, oneOf } from '../kit.js';
import { fincon } from '../scope.js';

const declare = declarer(fincon, 'budget');

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

export const listBudgetShifts = declare({
  name: 'list_budget_shifts',
  title: 'List budget shifts',
  description:
    "Lists budget moved between a project's contract units (SHIFT), added (INCREASE) or taken (DECREASE), with amount and reason.",
  method: 'GET',
  path: '/budget_shifts/',
  hints: hints.read,
  include: { project: 'list_projects', source_contract_unit: 'list_contract_units', target_contract_unit: 'list_contract_units' },
  list: {
    filters: {
      id: oneOf,
      project: oneOf,
      source_contract_unit: oneOf,
      target_contract_unit: oneOf,
    },
  },
  result: budgetShiftView,
});
