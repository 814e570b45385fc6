/**
 * The FinCon reporting API: read-only financial roll-ups, up to 1000 rows per page.
 * The cost-element views need a project filter, so it is a required typed argument.
 */
import { z } from 'zod';
import { hints, type ListSpec, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid, uuidList } from '../fields.js';
import { moneyAttributes, out, resourceSchema } from '../output.js';
import { fincon } from '../scope.js';
import { boundsOrUnset, declarer, matches, oneOf } from '../kit.js';

/** Money attributes of every cost roll-up (contracts and above). */
const CONTRACT_MONEY = [
  'main_contract_amount',
  'change_orders_amount',
  'open_change_orders_amount',
  'open_change_orders_amount_unweighted',
  'contract_amount_in_draft',
  'approved_amount',
  'paid_amount',
  'progress_reported',
  'contractual_discounts',
  'contractual_cost_allocations',
  'contractual_retentions',
  'manual_retentions',
  'realised_cash_discount',
  'reserves_amount',
  'risk_amount',
  'contract_cost_forecast_real_case',
  'contract_cost_forecast_worst_case',
  'contract_planned_receivables_amount',
  'contract_realised_receivables_amount',
] as const;

/** Money attributes of roll-ups that carry a budget (projects, contract units, cost elements). */
const BUDGET_MONEY = [
  ...CONTRACT_MONEY,
  'initial_budget',
  'current_budget',
  'contract_budget_deviation_real_case',
  'contract_budget_deviation_worst_case',
  'project_cost_forecast_real_case',
  'project_cost_forecast_worst_case',
  'project_budget_deviation_real_case',
  'project_budget_deviation_worst_case',
] as const;

const BUDGET_COLUMNS = [
  'current_budget',
  'main_contract_amount',
  'approved_amount',
  'paid_amount',
  'project_cost_forecast_real_case',
];

function financialsView(
  type: string,
  singular: string,
  label: string[],
  columns: string[],
  attributes: Record<string, z.ZodType>,
  totals?: string[],
): ResourceView {
  const plural = singular.endsWith('financials') ? singular : `${singular}s`;
  return { type, singular, plural, label, columns, totals, schema: resourceSchema(attributes) };
}

const projectIds = uuidList(undefined, 'list_projects');
const declare = declarer(fincon, 'reporting');

interface Report {
  name: string;
  title: string;
  description: string;
  path: string;
  view: ResourceView;
  list: ListSpec;
  args?: z.ZodRawShape;
}

function report({ view, ...rest }: Report): Operation {
  return declare({ ...rest, method: 'GET', hints: hints.read, result: view });
}

function detail(name: string, title: string, description: string, path: string, view: ResourceView, source: string): Operation {
  const argument = `${name.replace(/^get_/, '')}_id`;
  return declare({
    name,
    title,
    description,
    method: 'GET',
    path,
    pathArgs: { id: argument },
    hints: hints.read,
    args: { [argument]: uuid(`The ${name.replace(/^get_/, '').replace('_', ' ')} id`, source) },
    result: view,
  });
}

const costElementIds = { cost_element: out.id, cost_element_tree_template: out.id, project: out.id };
const costElementReport = (what: string) =>
  `Cost roll-up by cost element${what}: budgets, contracted, approved, paid, forecasts. Rows form a tree: do not add them up.`;

const outrightSaleView = financialsView(
  'OUTRIGHT_SALE_FINANCIALS',
  'outright sale',
  ['name'],
  ['project', 'total_planned_revenues', 'total_recorded_payments'],
  {
    name: out.text,
    project: out.id,
    ...moneyAttributes(['total_planned_revenues', 'total_recorded_payments']),
  },
  ['total_planned_revenues', 'total_recorded_payments'],
);
const rentUnitView = financialsView(
  'RENT_UNIT_FINANCIALS',
  'rent unit',
  ['name'],
  ['status', 'project', 'real_case_total', 'recorded_payments_total', 'overdue_payments_total', 'payment_start_date'],
  {
    name: out.text,
    project: out.id,
    status: out.text,
    payment_start_date: out.date,
    payment_end_date: out.date,
    real_case_total: out.money,
    recorded_payments_total: out.grossMoney,
    overdue_payments_total: out.grossMoney,
  },
  ['real_case_total'],
);
const salesUnitView = financialsView(
  'SALES_UNIT_FINANCIALS',
  'sales unit',
  ['name'],
  ['status', 'project', 'listed_price', 'sold_price', 'selling_date'],
  {
    name: out.text,
    project: out.id,
    status: out.text,
    selling_date: out.date,
    ...moneyAttributes(['listed_price', 'sold_price']),
  },
  ['listed_price', 'sold_price'],
);

const revenueFilters = (money: string[], extra: ListSpec['filters']) => ({
  id: oneOf,
  name: matches,
  project: oneOf,
  ...extra,
  ...Object.fromEntries(money.flatMap((name) => [`${name}.net`, `${name}.tax`]).map((key) => [key, boundsOrUnset])),
});

export const reportingOperations: readonly Operation[] = [
  report({
    name: 'list_project_financials',
    title: 'Project financials',
    description: 'Cost roll-up per project: budgets, contracted, change orders, approved, paid, forecasts, deviations.',
    path: '/reporting/projects/',
    view: financialsView(
      'PROJECT_FINANCIALS',
      'project financials',
      ['name'],
      [...BUDGET_COLUMNS, 'project_budget_deviation_real_case'],
      { name: out.text, ...moneyAttributes([...BUDGET_MONEY, 'undistributed_budget']) },
      ['current_budget', 'approved_amount', 'paid_amount'],
    ),
    list: { filters: { id: oneOf } },
  }),
  report({
    name: 'list_contract_unit_financials',
    title: 'Contract unit financials',
    description: 'Cost roll-up per contract unit: budget, awarded, approved, paid, forecasts.',
    path: '/reporting/contract_units/',
    view: financialsView(
      'CONTRACT_UNIT_FINANCIALS',
      'contract unit financials',
      ['name'],
      ['project', ...BUDGET_COLUMNS],
      { name: out.text, project: out.id, ...moneyAttributes([...BUDGET_MONEY, 'realised_cash_discount_paid']) },
      BUDGET_COLUMNS,
    ),
    list: { filters: { project: oneOf } },
  }),
  report({
    name: 'list_contract_financials',
    title: 'Contract financials',
    description: 'Cost roll-up per contract: contracted, change orders, approved, paid, retentions, forecasts.',
    path: '/reporting/contracts/',
    view: financialsView(
      'CONTRACT_FINANCIALS',
      'contract financials',
      ['name'],
      [
        'contract_unit',
        'main_contract_amount',
        'change_orders_amount',
        'approved_amount',
        'paid_amount',
        'contract_cost_forecast_real_case',
      ],
      {
        name: out.text,
        project: out.id,
        contract_unit: out.id,
        ...moneyAttributes([...CONTRACT_MONEY, 'realised_cash_discount_paid']),
      },
      ['main_contract_amount', 'approved_amount', 'paid_amount', 'contract_cost_forecast_real_case'],
    ),
    list: { filters: { project: oneOf } },
  }),
  report({
    name: 'list_cost_element_financials',
    title: 'Cost element financials',
    description: costElementReport(''),
    path: '/reporting/cost_elements/',
    args: { project_ids: projectIds },
    view: financialsView('COST_ELEMENT_FINANCIALS', 'cost element financials', ['cost_element'], ['project', ...BUDGET_COLUMNS], {
      ...costElementIds,
      ...moneyAttributes([...BUDGET_MONEY, 'undistributed_budget']),
    }),
    list: { filterArgs: { project_ids: 'project.in' } },
  }),
  report({
    name: 'list_cost_element_contract_unit_financials',
    title: 'Cost element financials per contract unit',
    description: costElementReport(' and contract unit'),
    path: '/reporting/cost_elements/contract_units/',
    args: { project_ids: projectIds },
    view: financialsView(
      'COST_ELEMENT_CONTRACT_UNIT_FINANCIALS',
      'cost element contract unit financials',
      ['cost_element'],
      ['contract_unit', ...BUDGET_COLUMNS],
      { ...costElementIds, contract_unit: out.id, ...moneyAttributes(BUDGET_MONEY) },
    ),
    list: { filterArgs: { project_ids: 'project.in' } },
  }),
  report({
    name: 'list_cost_element_contract_financials',
    title: 'Cost element financials per contract',
    description: costElementReport(' and contract'),
    path: '/reporting/cost_elements/contracts/',
    args: { project_ids: projectIds },
    view: financialsView(
      'COST_ELEMENT_CONTRACT_FINANCIALS',
      'cost element contract financials',
      ['cost_element'],
      ['contract', 'contract_unit', 'main_contract_amount', 'approved_amount', 'paid_amount'],
      { ...costElementIds, contract: out.id, contract_unit: out.id, ...moneyAttributes(BUDGET_MONEY) },
    ),
    list: { filterArgs: { project_ids: 'project.in' } },
  }),
  report({
    name: 'list_cash_outflow',
    title: 'Cash outflow by cost element',
    description:
      'Planned and actual cash outflow of one project per month, as a tree of cost elements, contract units and contracts (beta).',
    path: '/reporting/cash_outflow/cost_elements/',
    args: { project_id: uuid(undefined, 'list_projects') },
    view: financialsView(
      'CASH_OUTFLOW_NODE',
      'cash outflow node',
      ['label'],
      ['node_type', 'total_amount', 'start_amount', 'cost_element', 'contract_unit', 'contract'],
      {
        label: out.text,
        node_type: out.text,
        project: out.id,
        cost_element: out.id,
        cost_element_tree_template: out.id,
        contract_unit: out.id,
        contract: out.id,
        financing_contract: out.id,
        children: out.ids,
        start_amount: out.money,
        total_amount: out.money,
        amounts: z.array(out.object),
      },
    ),
    list: { filterArgs: { project_id: 'project.exact' } },
  }),
  report({
    name: 'list_outright_sales',
    title: 'Outright sales',
    description: 'Revenue roll-up of outright sales: planned revenues and recorded payments.',
    path: '/reporting/outright_sales/',
    view: outrightSaleView,
    list: { filters: revenueFilters(['total_planned_revenues', 'total_recorded_payments'], { identifier: matches }) },
  }),
  detail(
    'get_outright_sale',
    'Get an outright sale',
    'Returns the revenue roll-up of one outright sale.',
    '/reporting/outright_sales/{id}/',
    outrightSaleView,
    'list_outright_sales',
  ),
  report({
    name: 'list_rent_units',
    title: 'Rent units',
    description: 'Rental revenue per rent unit: expected, recorded and overdue payments.',
    path: '/reporting/rent_units/',
    view: rentUnitView,
    list: {
      filters: revenueFilters(['real_case_total'], {
        status: oneOf,
        payment_start_date: boundsOrUnset,
        payment_end_date: boundsOrUnset,
        recorded_payments_total: boundsOrUnset,
        overdue_payments_total: boundsOrUnset,
      }),
    },
  }),
  detail(
    'get_rent_unit',
    'Get a rent unit',
    'Returns the rental revenue roll-up of one rent unit.',
    '/reporting/rent_units/{id}/',
    rentUnitView,
    'list_rent_units',
  ),
  report({
    name: 'list_sales_units',
    title: 'Sales units',
    description: 'Sales revenue per sales unit: status, listed and sold price, selling date.',
    path: '/reporting/sales_units/',
    view: salesUnitView,
    list: { filters: revenueFilters(['sold_price', 'listed_price'], { status: oneOf, selling_date: boundsOrUnset }) },
  }),
  detail(
    'get_sales_unit',
    'Get a sales unit',
    'Returns the sales revenue roll-up of one sales unit.',
    '/reporting/sales_units/{id}/',
    salesUnitView,
    'list_sales_units',
  ),
];
