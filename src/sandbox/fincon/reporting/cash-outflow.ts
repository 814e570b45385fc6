import type { CashOutflowNodeType } from '../../core/enums.js';
import type { ContractRecord } from '../../core/records.js';
import { ApiError, parameter } from '../../envelope.js';
import { checkUuid } from '../../fields.js';
import { Dec, money, renderMoney, subtractMoney, sumMoney, zeroMoney, type Money } from '../../money.js';
import { derivedUuid } from '../../random.js';
import { computedResource, listOf, REPORTING_PAGE_SIZE } from '../../resource.js';
import type { RouteSpec, SandboxRequest } from '../../router.js';
import type { Store } from '../../store.js';
import type { Row } from '../../table.js';
import type { ContractUnitRecord, CostElementRecord, ProjectRecord } from '../records.js';
import { Ledger } from './figures.js';

/*
 * Cash outflow of one project (BETA in the API), as a tree of nodes in depth-first order.
 * Projects using cost elements: cost element groups, the cost elements the project budgets on,
 * their contract units and contracts (elements no unit is booked on show their undistributed
 * budget). Other projects: one parent for all contract units. Financing units and their contracts
 * get the FINANCING_* node types. Monthly amounts: ACTUAL from the payments (by payment month),
 * PLANNED for the rest of each contract's real-case forecast, spread evenly over the months up
 * to the project's estimated end. A parent's amounts are its children's, month by month.
 */

interface MonthlyAmount {
  month: string;
  type: 'ACTUAL' | 'PLANNED';
  amount: Money;
}

interface NodeRow extends Row {
  node_type: CashOutflowNodeType;
  label: string;
  project: string;
  contract: string | null;
  contract_unit: string | null;
  cost_element: string | null;
  cost_element_tree_template: string | null;
  financing_contract: string | null;
  children: string[];
  amounts: MonthlyAmount[];
}

const nodeResource = computedResource<NodeRow>('CASH_OUTFLOW_NODE', 'Cash outflow node', (node) => ({
  node_type: node.node_type,
  label: node.label,
  project: node.project,
  contract: node.contract,
  contract_unit: node.contract_unit,
  cost_element: node.cost_element,
  cost_element_tree_template: node.cost_element_tree_template,
  financing_contract: node.financing_contract,
  children: node.children,
  amounts: node.amounts.map((entry) => ({ month: entry.month, type: entry.type, amount: renderMoney(entry.amount) })),
  start_amount: renderMoney(zeroMoney()),
  total_amount: renderMoney(sumMoney(node.amounts.map((entry) => entry.amount))),
}));

const PROJECT_EXACT = 'filter[project.exact]';

type Draft = Omit<NodeRow, 'seq' | 'children' | 'amounts' | 'project'>;

/** Builds the nodes of one project; each helper returns the node it added, children first attached. */
class TreeBuilder {
  readonly nodes: Omit<NodeRow, 'seq'>[] = [];
  private readonly ledger: Ledger;
  private readonly currentMonth: string;
  private readonly lastMonth: string;

  constructor(
    private readonly store: Store,
    private readonly project: ProjectRecord,
  ) {
    this.ledger = new Ledger(store.fincon);
    this.currentMonth = store.now().toISOString().slice(0, 7);
    this.lastMonth = (project.estimated_end_date ?? '2026-12-31').slice(0, 7);
  }

  build(): void {
    const units = this.store.fincon.contractUnits.where('project', this.project.id);
    if (!this.project.use_cost_elements) {
      this.parent({ ...blank('UNLINKED_CONTRACT_UNITS_PARENT', 'Vergabeeinheiten'), cost_element: null }, () =>
        units.map((unit) => this.unit(unit)),
      );
      return;
    }
    const budgets = this.store.fincon.costElementBudgets.where('project', this.project.id);
    const elements = budgets.map((budget) => this.store.fincon.costElements.get(budget.cost_element) as CostElementRecord);
    const groups = [...new Set(elements.map((element) => element.parent ?? element.id))];
    for (const groupId of groups) {
      const group = this.store.fincon.costElements.get(groupId) as CostElementRecord;
      this.parent(this.elementDraft(group), () =>
        budgets
          .filter((_budget, i) => (elements[i]?.parent ?? elements[i]?.id) === groupId)
          .map((budget) => {
            const element = this.store.fincon.costElements.get(budget.cost_element) as CostElementRecord;
            const booked = units.filter((unit) => unit.cost_element === element.id);
            return this.parent(this.elementDraft(element), () =>
              booked.length > 0
                ? booked.map((unit) => this.unit(unit))
                : [
                    this.leaf(
                      {
                        ...this.elementDraft(element),
                        node_type: 'UNDISTRIBUTED_COST_ELEMENT_BUDGET',
                        label: `${element.name} (nicht verteilt)`,
                      },
                      this.spread(budget.initial_budget),
                    ),
                  ],
            );
          }),
      );
    }
  }

  private elementDraft(element: CostElementRecord): Draft {
    return {
      ...blank('COST_ELEMENT', element.name),
      cost_element: element.id,
      cost_element_tree_template: element.cost_element_tree_template,
    };
  }

  private unit(unit: ContractUnitRecord): string {
    const financing = unit.state === 'FINANCING';
    const draft: Draft = { ...blank(financing ? 'FINANCING_CONTRACT_UNIT' : 'CONTRACT_UNIT', unit.name), contract_unit: unit.id };
    return this.parent(draft, () => this.ledger.contractsOf(unit.id).map((contract) => this.contract(contract, unit, financing)));
  }

  private contract(contract: ContractRecord, unit: ContractUnitRecord, financing: boolean): string {
    const draft: Draft = {
      ...blank(financing ? 'FINANCING_CONTRACT' : 'CONTRACT', contract.name),
      contract_unit: unit.id,
      contract: financing ? null : contract.id,
      financing_contract: financing ? contract.id : null,
    };
    const figures = this.ledger.forContract(contract);
    const actual = new Map<string, Money>();
    for (const invoice of this.ledger.invoicesOf(contract.id)) {
      for (const payment of this.ledger.paymentsOf(invoice.id)) {
        const month = payment.payment_date.slice(0, 7);
        actual.set(month, sumMoney([actual.get(month), payment.paid_amount]));
      }
    }
    const amounts: MonthlyAmount[] = [...actual].map(([month, amount]) => ({ month, type: 'ACTUAL', amount }));
    const rest = subtractMoney(figures.contract_cost_forecast_real_case, figures.paid_amount);
    if (rest.net.greaterThan(0)) amounts.push(...this.spread(rest, maxMonth(actual.keys())));
    return this.leaf(draft, amounts);
  }

  /** An amount planned evenly over the coming months (after `after`, if later) up to the project's end, at least one. */
  private spread(total: Money, after?: string): MonthlyAmount[] {
    const first = nextMonth(after && after > this.currentMonth ? after : this.currentMonth);
    const months = [first];
    while ((months.at(-1) as string) < this.lastMonth) months.push(nextMonth(months.at(-1) as string));
    const share = (value: Dec) => value.dividedBy(months.length).toDecimalPlaces(2, Dec.ROUND_DOWN);
    const each = money(share(total.net), share(total.tax), total.currency);
    const last = subtractMoney(total, money(each.net.times(months.length - 1), each.tax.times(months.length - 1)));
    return months.map((month, i) => ({ month, type: 'PLANNED', amount: i === months.length - 1 ? last : each }));
  }

  private leaf(draft: Draft, amounts: MonthlyAmount[]): string {
    const id = derivedUuid(
      'cash-outflow',
      this.project.id,
      draft.node_type,
      draft.contract ?? draft.financing_contract ?? draft.contract_unit ?? draft.cost_element ?? '',
    );
    this.nodes.push({ ...draft, id, project: this.project.id, children: [], amounts });
    return id;
  }

  /** A node whose amounts are its children's; the node comes before its children in the list. */
  private parent(draft: Draft, children: () => string[]): string {
    const index = this.nodes.length;
    const id = this.leaf(draft, []);
    const childIds = children();
    const node = this.nodes[index] as Omit<NodeRow, 'seq'>;
    node.children = childIds;
    node.amounts = mergeMonths(
      this.nodes.filter((candidate) => childIds.includes(candidate.id)).flatMap((child) => child.amounts),
    );
    return id;
  }
}

function blank(node_type: CashOutflowNodeType, label: string): Draft {
  return {
    id: '',
    node_type,
    label,
    contract: null,
    contract_unit: null,
    cost_element: null,
    cost_element_tree_template: null,
    financing_contract: null,
  };
}

function mergeMonths(amounts: readonly MonthlyAmount[]): MonthlyAmount[] {
  const merged = new Map<string, MonthlyAmount>();
  for (const entry of amounts) {
    const key = `${entry.month}/${entry.type}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, amount: sumMoney([known.amount, entry.amount]) } : entry);
  }
  return [...merged.values()].sort((a, b) => (a.month === b.month ? a.type.localeCompare(b.type) : a.month < b.month ? -1 : 1));
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function maxMonth(months: Iterable<string>): string | undefined {
  let max: string | undefined;
  for (const month of months) if (max === undefined || month > max) max = month;
  return max;
}

/** The project named by filter[project.exact], which this view cannot do without. */
function projectOf(request: SandboxRequest): ProjectRecord {
  const raw = request.url.searchParams.get(PROJECT_EXACT);
  if (raw === null) {
    throw new ApiError(400, `This view shows one project: add ${PROJECT_EXACT}=<project uuid>.`, parameter(PROJECT_EXACT));
  }
  const id = checkUuid(raw);
  const project = id.ok ? request.store.fincon.projects.get(id.value) : undefined;
  if (!project) throw new ApiError(404, `Project ${raw} does not exist.`, parameter(PROJECT_EXACT));
  return project;
}

export const cashOutflowRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/reporting/cash_outflow/cost_elements/',
    handler: (request) => {
      const project = projectOf(request);
      const builder = new TreeBuilder(request.store, project);
      builder.build();
      const rows = builder.nodes.map((node, i) => ({ ...node, seq: i + 1 }));
      return listOf(nodeResource, {
        filters: { project: { kind: 'id', operations: ['exact'] } },
        pageSize: REPORTING_PAGE_SIZE,
        rows: () => rows,
      })(request);
    },
  },
];
