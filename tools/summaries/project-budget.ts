/**
 * get_project_budget: a project's budget per budget holder (contract unit, or cost element where
 * the project plans its budget on cost elements), from the reporting API, with exact totals.
 */
import { z } from 'zod';
import type { Reader } from '../../src/dispatch/operation.js';
import { defineSummary, type SummaryAnswer } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { fincon } from '../scope.js';
import {
  amountOut,
  cents,
  currencyOf,
  describeOpenChangeOrders,
  inDraftOut,
  netOf,
  openChangeOrdersShape,
  table,
  totalsOf,
} from './figures.js';
import { exactlyOne, idOrName, PROJECT, resolveNamed } from './named.js';
import { byIds, distinctIds } from './reads.js';
import { PROJECT_BUDGET_TOOL } from './names.js';

export const BUDGET_FIGURES = [
  'initial_budget',
  'current_budget',
  'contracted',
  'in_draft',
  'open_change_orders',
  'open_change_orders_unweighted',
  'approved',
  'paid',
  'forecast',
  'deviation',
  'uncommitted',
  'over_budget',
] as const;
type BudgetFigure = (typeof BUDGET_FIGURES)[number];
type Figures = Record<BudgetFigure, string>;

/** The figures the project's own reporting row must show too (over_budget is per row by nature). */
const REPORTED = BUDGET_FIGURES.filter((figure) => figure !== 'over_budget');

const figuresShape = {
  ...(Object.fromEntries(BUDGET_FIGURES.map((figure) => [figure, amountOut])) as Record<BudgetFigure, typeof amountOut>),
  ...openChangeOrdersShape,
  in_draft: inDraftOut,
  uncommitted: amountOut.meta({ description: 'current budget minus contracted; draft contracts are not deducted' }),
};

export const projectBudgetSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  currency: z.string().nullable().meta({ description: 'of every amount; null: the account currency' }),
  budget_level: z.enum(['contract_unit', 'cost_element']),
  rows: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      holder: z.enum(['contract_unit', 'cost_element']),
      ...figuresShape,
    }),
  ),
  totals: z.object({
    ...figuresShape,
    undistributed_budget: amountOut.nullable().meta({
      description:
        "budget not yet on any contract unit, from the project's reporting row (null: the API has none); cost element rows hold it (so it is part of their uncommitted), contract unit rows never do",
    }),
  }),
  totals_match_project_report: z.boolean().meta({ description: "totals equal the project's own reporting row" }),
});
export type ProjectBudget = z.output<typeof projectBudgetSchema>;
type BudgetRow = ProjectBudget['rows'][number];

/** The summary figures of one reporting row (all net). */
function figuresOf(report: FlatResource): Figures {
  const current = netOf(report.current_budget);
  const contracted = netOf(report.main_contract_amount).plus(netOf(report.change_orders_amount));
  const deviation = netOf(report.project_budget_deviation_real_case);
  return {
    initial_budget: cents(netOf(report.initial_budget)),
    current_budget: cents(current),
    contracted: cents(contracted),
    in_draft: cents(netOf(report.contract_amount_in_draft)),
    open_change_orders: cents(netOf(report.open_change_orders_amount)),
    open_change_orders_unweighted: cents(netOf(report.open_change_orders_amount_unweighted)),
    approved: cents(netOf(report.approved_amount)),
    paid: cents(netOf(report.paid_amount)),
    forecast: cents(netOf(report.project_cost_forecast_real_case)),
    deviation: cents(deviation),
    uncommitted: cents(current.minus(contracted)),
    over_budget: cents(Decimal.max(deviation, 0)),
  };
}

/** Reporting rows of the project's budget holders, with the kind of holder each is. */
async function holderReports(
  read: Reader,
  project: FlatResource,
): Promise<Array<{ report: FlatResource; id: string; name: string; holder: BudgetRow['holder'] }>> {
  const unitReports = read.all('list_contract_unit_financials', { filters: { 'project.in': [project.id] } });
  const asUnit = (report: FlatResource) => ({
    report,
    id: report.id,
    name: String(report.name ?? report.id),
    holder: 'contract_unit' as const,
  });
  if (project.use_cost_elements !== true) return (await unitReports).map(asUnit);

  // Read side by side: the units' reports, the elements' (and then their names), the pairs'.
  const elementReports = read.all('list_cost_element_financials', { project_ids: [project.id] });
  const elementNames = elementReports.then((elements) =>
    byIds(read, 'list_cost_elements', distinctIds(elements.map((report) => report.cost_element))),
  );
  const pairReports = read.all('list_cost_element_contract_unit_financials', { project_ids: [project.id] });
  const [units, elements, named, pairs] = await Promise.all([unitReports, elementReports, elementNames, pairReports]);
  const budgeted = new Set(elements.map((report) => String(report.cost_element)));
  const names = new Map(named.map((element) => [element.id, String(element.name ?? element.id)]));
  // Units booked on no budgeted cost element still count towards the project: they are rows of their own.
  const booked = new Set(
    pairs.filter((pair) => budgeted.has(String(pair.cost_element))).map((pair) => String(pair.contract_unit)),
  );
  return [
    ...elements.map((report) => {
      const id = String(report.cost_element);
      return { report, id, name: names.get(id) ?? id, holder: 'cost_element' as const };
    }),
    ...units.filter((report) => !booked.has(report.id)).map(asUnit),
  ];
}

/** The budget summary of a project, exact; shared by the tool, its resource and its view. */
export async function projectBudget(read: Reader, project: FlatResource): Promise<ProjectBudget> {
  const [holders, [own]] = await Promise.all([
    holderReports(read, project),
    read.all('list_project_financials', { filters: { 'id.in': [project.id] } }),
  ]);
  const rows = holders.map(({ report, id, name, holder }) => ({ id, name, holder, ...figuresOf(report) }));
  const totals = { ...totalsOf(rows, BUDGET_FIGURES), undistributed_budget: own ? cents(netOf(own.undistributed_budget)) : null };
  const reported = own ? figuresOf(own) : undefined;
  const currency = currencyOf(
    holders.flatMap(({ report }) => [report.current_budget, report.main_contract_amount, report.paid_amount]),
    `project ${project.id}`,
  );
  return {
    project: { id: project.id, name: String(project.name ?? '') },
    currency,
    budget_level: project.use_cost_elements === true ? 'cost_element' : 'contract_unit',
    rows,
    totals,
    totals_match_project_report: reported !== undefined && REPORTED.every((figure) => reported[figure] === totals[figure]),
  };
}

const LABELS: Record<BudgetFigure, string> = {
  initial_budget: 'initial budget',
  current_budget: 'current budget',
  contracted: 'contracted',
  in_draft: 'in draft contracts',
  open_change_orders: 'open change orders weighted',
  open_change_orders_unweighted: 'open change orders unweighted',
  approved: 'approved',
  paid: 'paid',
  forecast: 'forecast',
  deviation: 'deviation',
  uncommitted: 'uncommitted',
  over_budget: 'over budget',
};
const COLUMNS = BUDGET_FIGURES.filter((figure) => figure !== 'initial_budget');

const isOver = (row: BudgetRow) => row.over_budget !== '0.00';

/** What uncommitted (current budget minus contracted) leaves as it is: drafts, and undistributed budget. */
function describeUncommitted(budget: ProjectBudget): string {
  const { totals } = budget;
  const drafts = `it does not deduct ${formatAmount(totals.in_draft)} in draft contracts`;
  if (totals.undistributed_budget === null)
    return `uncommitted ${formatAmount(totals.uncommitted)} (current budget minus contracted; ${drafts})`;
  // Budget not yet on a contract unit still sits on its cost element, a row here; no contract unit row holds it.
  const held = budget.budget_level === 'cost_element' ? 'includes' : 'leaves out';
  return `uncommitted ${formatAmount(totals.uncommitted)} (current budget minus contracted; ${drafts}, and ${held} ${formatAmount(totals.undistributed_budget)} undistributed budget, not yet on any contract unit)`;
}

/** The totals line: every figure named for what it is. */
function describeTotals(budget: ProjectBudget): string {
  const amount = (figure: BudgetFigure) => `${LABELS[figure]} ${formatAmount(budget.totals[figure])}`;
  return `Totals: ${[
    ...(['initial_budget', 'current_budget', 'contracted'] as const).map(amount),
    describeOpenChangeOrders(budget.totals),
    ...(['approved', 'paid', 'forecast', 'deviation'] as const).map(amount),
    describeUncommitted(budget),
    amount('over_budget'),
  ].join('; ')}.`;
}

export function describeBudget(budget: ProjectBudget): string {
  const holders = budget.budget_level === 'cost_element' ? 'cost elements' : 'contract units';
  const over = budget.rows.filter(isOver);
  const lines = [
    `Budget of project ${untrustedInline(budget.project.name)} (${budget.project.id}): ${budget.rows.length} ${holders}; amounts ${budget.currency ?? 'in the account currency'}, net.`,
    describeTotals(budget),
    over.length === 0
      ? `Over budget: none of the ${holders}.`
      : `Over budget: ${over.length} of ${budget.rows.length} ${holders}, by ${formatAmount(budget.totals.over_budget)} in all: ${untrustedInline(over.map((row) => `${row.name} (+${formatAmount(row.over_budget)})`).join('; '))}`,
  ];
  if (!budget.totals_match_project_report) {
    lines.push(
      "Note: the project's own reporting row (list_project_financials) shows other totals; its figures may include budget holders outside these rows.",
    );
  }
  lines.push(
    table(
      ['name', ...COLUMNS.map((figure) => LABELS[figure])],
      budget.rows.map((row) => [escapeUntrusted(row.name), ...COLUMNS.map((figure) => formatAmount(row[figure]))]),
    ),
  );
  return lines.join('\n');
}

export const getProjectBudget = defineSummary({
  name: PROJECT_BUDGET_TOOL,
  title: 'Project budget summary',
  description:
    'Budget of one project per contract unit or cost element: budget, contracted, open change orders (weighted), approved, paid, forecast, deviation, uncommitted, over budget; exact net totals.',
  product: fincon.product,
  toolset: 'summaries',
  args: idOrName(PROJECT),
  check: exactlyOne(PROJECT),
  output: projectBudgetSchema,
  async summarise(args, read): Promise<SummaryAnswer> {
    const budget = await projectBudget(read, await resolveNamed(PROJECT, args, read));
    return { text: describeBudget(budget), structured: budget };
  },
});
