import { renderMoney } from '../money.js';
import { filterOn, type FilterSpecs } from '../query.js';
import { listOf, related, storedAttributes, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import type { BudgetShiftRecord } from './records.js';
import { contractUnitResource, projectResource } from './resources.js';

const budgetShiftResource: Resource<BudgetShiftRecord> = {
  type: 'BUDGET_SHIFT',
  label: 'Budget shift',
  table: (store) => store.fincon.budgetShifts,
  attributes: (shift) => ({ ...storedAttributes(shift), amount: renderMoney(shift.amount) }),
  relationships: (shift, { base }) => ({
    project: related(base, `/projects/${shift.project}/`),
    ...(shift.source_contract_unit !== null && {
      source_contract_unit: related(base, `/contract_units/${shift.source_contract_unit}/`),
    }),
    target_contract_unit: related(base, `/contract_units/${shift.target_contract_unit}/`),
  }),
  related: {
    project: { resource: () => projectResource, id: (shift) => shift.project },
    source_contract_unit: { resource: () => contractUnitResource, id: (shift) => shift.source_contract_unit },
    target_contract_unit: { resource: () => contractUnitResource, id: (shift) => shift.target_contract_unit },
  },
};

const budgetShiftFilters: FilterSpecs<BudgetShiftRecord> = {
  id: filterOn.ids(),
  source_contract_unit: filterOn.ids(),
  target_contract_unit: filterOn.ids(),
  project: filterOn.ids(),
};

export const budgetShiftRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/budget_shifts/',
    handler: listOf(budgetShiftResource, {
      filters: budgetShiftFilters,
      include: ['project', 'source_contract_unit', 'target_contract_unit'],
    }),
  },
];
