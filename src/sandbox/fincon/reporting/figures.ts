import { rulePercentage } from '../../core/contract-terms.js';
import type { ContractRecord, InvoiceRecord, PaymentRecord } from '../../core/records.js';
import { percentOfMoney, scaleMoney, subtractMoney, sumMoney, zeroMoney, type Money } from '../../money.js';
import type { ContractUnitRecord, CostElementBudgetRecord, FinconTables } from '../records.js';

/*
 * The reporting figures, derived from the core data every time they are read:
 *
 * per contract
 *   main_contract_amount / contract_amount_in_draft: the contract amount, by whether it is DRAFT
 *   change_orders_amount: approved amounts of ACKNOWLEDGED change orders
 *   open_change_orders_amount_unweighted: audited (else claimed) amounts of OPEN and DETAILS_ENTERED
 *     change orders; open_change_orders_amount weighs each by its weighting_factor (none = 1)
 *   approved_amount / realised_cash_discount: undiscounted approved amount / cash discount of
 *     APPROVED and PAID invoices; realised_cash_discount_paid: cash discount of PAID invoices
 *   paid_amount: the paid amounts (net, tax) of all payments
 *   progress_reported: unaudited amounts of invoices past NEW
 *   contractual_discounts / contractual_cost_allocations / contractual_retentions: the approved
 *     amount times the discount, cost allocation and retainage percentages of the contract terms
 *   contract_realised_receivables_amount: the realised cost allocations;
 *     contract_planned_receivables_amount: the cost allocation on main amount plus change orders
 *   reserves_amount: the contract's reserve amount; manual_retentions and risk_amount: zero
 *   contract_cost_forecast_real_case: main + draft + change orders + weighted open change orders
 *     + reserves; the worst case takes open change orders unweighted (and risks)
 * budgets (contract units of projects without cost elements; cost elements otherwise)
 *   current_budget: initial budget plus SHIFT and INCREASE received, minus SHIFT given and DECREASE
 *   project_cost_forecast: the contract forecast once a unit is FULLY_AWARDED or FINALIZED,
 *     otherwise the larger of current budget and contract forecast (by net)
 *   *_budget_deviation_*: forecast minus current budget
 *   undistributed_budget: current budget of cost elements no contract unit is booked on
 * Roll-ups (units, cost elements, projects) are plain sums of these.
 */

export const CONTRACT_FIGURES = [
  'approved_amount',
  'change_orders_amount',
  'contract_amount_in_draft',
  'contract_cost_forecast_real_case',
  'contract_cost_forecast_worst_case',
  'contract_planned_receivables_amount',
  'contract_realised_receivables_amount',
  'contractual_cost_allocations',
  'contractual_discounts',
  'contractual_retentions',
  'main_contract_amount',
  'manual_retentions',
  'open_change_orders_amount',
  'open_change_orders_amount_unweighted',
  'paid_amount',
  'progress_reported',
  'realised_cash_discount',
  'realised_cash_discount_paid',
  'reserves_amount',
  'risk_amount',
] as const;

export const BUDGET_FIGURES = [
  'initial_budget',
  'current_budget',
  'contract_budget_deviation_real_case',
  'contract_budget_deviation_worst_case',
  'project_cost_forecast_real_case',
  'project_cost_forecast_worst_case',
  'project_budget_deviation_real_case',
  'project_budget_deviation_worst_case',
] as const;

type ContractFigure = (typeof CONTRACT_FIGURES)[number];
type BudgetFigure = (typeof BUDGET_FIGURES)[number] | 'undistributed_budget';
export type Figures = Record<ContractFigure, Money> & Partial<Record<BudgetFigure, Money | null>>;

const APPROVED_STATES = new Set(['APPROVED', 'PAID']);
const OPEN_CHANGE_ORDER_STATES = new Set(['OPEN', 'DETAILS_ENTERED']);
const AWARDED_STATES = new Set(['FULLY_AWARDED', 'FINALIZED']);

/** One pass over the FinCon tables, indexed for the figures of one request. */
export class Ledger {
  private readonly invoicesByContract = new Map<string, InvoiceRecord[]>();
  private readonly paymentsByInvoice = new Map<string, PaymentRecord[]>();
  private readonly contractsByUnit = new Map<string, ContractRecord[]>();
  private readonly shiftDeltas = new Map<string, Money>();
  private readonly contractFigures = new Map<string, Figures>();

  constructor(readonly tables: FinconTables) {
    for (const invoice of tables.invoices.all()) if (invoice.contract) push(this.invoicesByContract, invoice.contract, invoice);
    for (const payment of tables.payments.all()) push(this.paymentsByInvoice, payment.invoice, payment);
    for (const contract of tables.contracts.all()) push(this.contractsByUnit, contract.parent, contract);
    for (const shift of tables.budgetShifts.all()) {
      const received = shift.budget_change_type === 'DECREASE' ? scaleMoney(shift.amount, -1) : shift.amount;
      this.addDelta(shift.target_contract_unit, received);
      if (shift.budget_change_type === 'SHIFT' && shift.source_contract_unit)
        this.addDelta(shift.source_contract_unit, scaleMoney(shift.amount, -1));
    }
  }

  contractsOf(unitId: string): readonly ContractRecord[] {
    return this.contractsByUnit.get(unitId) ?? [];
  }

  invoicesOf(contractId: string): readonly InvoiceRecord[] {
    return this.invoicesByContract.get(contractId) ?? [];
  }

  paymentsOf(invoiceId: string): readonly PaymentRecord[] {
    return this.paymentsByInvoice.get(invoiceId) ?? [];
  }

  /** Net change of a unit's budget through budget shifts. */
  shiftDelta(unitId: string): Money {
    return this.shiftDeltas.get(unitId) ?? zeroMoney();
  }

  forContract(contract: ContractRecord): Figures {
    let figures = this.contractFigures.get(contract.id);
    if (!figures) {
      figures = this.computeContract(contract);
      this.contractFigures.set(contract.id, figures);
    }
    return figures;
  }

  /** A unit: its contracts' figures plus its own budget (none in projects using cost elements). */
  forUnit(unit: ContractUnitRecord): Figures {
    const figures = sumFigures(this.contractsOf(unit.id).map((contract) => this.forContract(contract)));
    const current = unit.initial_budget && sumMoney([unit.initial_budget, this.shiftDelta(unit.id)]);
    return withBudget(figures, unit.initial_budget, current, AWARDED_STATES.has(unit.state));
  }

  /** A cost element of a project: the units booked on it, against the element's own budget. */
  forCostElement(budget: CostElementBudgetRecord, units: readonly ContractUnitRecord[]): Figures {
    const figures = sumFigures(units.flatMap((unit) => this.contractsOf(unit.id).map((contract) => this.forContract(contract))));
    const current = sumMoney([budget.initial_budget, ...units.map((unit) => this.shiftDelta(unit.id))]);
    const awarded = units.length > 0 && units.every((unit) => AWARDED_STATES.has(unit.state));
    return {
      ...withBudget(figures, budget.initial_budget, current, awarded),
      undistributed_budget: units.length === 0 ? current : zeroMoney(),
    };
  }

  private addDelta(unitId: string, amount: Money): void {
    this.shiftDeltas.set(unitId, sumMoney([this.shiftDeltas.get(unitId), amount]));
  }

  private computeContract(contract: ContractRecord): Figures {
    const invoices = this.invoicesOf(contract.id);
    const approvedInvoices = invoices.filter((invoice) => APPROVED_STATES.has(invoice.invoice_process_state));
    const changeOrders = this.tables.changeOrders.where('contract', contract.id);
    const open = changeOrders.filter((order) => OPEN_CHANGE_ORDER_STATES.has(order.state));
    const draft = contract.status === 'DRAFT';
    const amount = contract.amount ?? zeroMoney();

    const main = draft ? zeroMoney() : amount;
    const inDraft = draft ? amount : zeroMoney();
    const acknowledged = sumMoney(
      changeOrders.filter((order) => order.state === 'ACKNOWLEDGED').map((order) => order.approved_amount),
    );
    const openUnweighted = sumMoney(open.map((order) => order.audited_amount ?? order.claimed_amount));
    const openWeighted = sumMoney(
      open.map((order) => {
        const basis = order.audited_amount ?? order.claimed_amount;
        return basis && roundedToCents(scaleMoney(basis, order.weighting_factor ?? 1));
      }),
    );
    const approved = sumMoney(approvedInvoices.map((invoice) => invoice.undiscounted_approved_amount));
    const allocations = percentOfMoney(approved, rulePercentage(contract, 'cost_allocation'));
    const reserves = contract.reserve_amount ?? zeroMoney();
    const risk = zeroMoney();
    const committed = sumMoney([main, inDraft, acknowledged, reserves]);
    return {
      approved_amount: approved,
      change_orders_amount: acknowledged,
      contract_amount_in_draft: inDraft,
      contract_cost_forecast_real_case: sumMoney([committed, openWeighted]),
      contract_cost_forecast_worst_case: sumMoney([committed, openUnweighted, risk]),
      contract_planned_receivables_amount: percentOfMoney(
        sumMoney([main, acknowledged]),
        rulePercentage(contract, 'cost_allocation'),
      ),
      contract_realised_receivables_amount: allocations,
      contractual_cost_allocations: allocations,
      contractual_discounts: percentOfMoney(approved, rulePercentage(contract, 'deduction', 'discount')),
      contractual_retentions: percentOfMoney(approved, rulePercentage(contract, 'retainage')),
      main_contract_amount: main,
      manual_retentions: zeroMoney(),
      open_change_orders_amount: openWeighted,
      open_change_orders_amount_unweighted: openUnweighted,
      paid_amount: sumMoney(invoices.flatMap((invoice) => this.paymentsOf(invoice.id).map((payment) => payment.paid_amount))),
      progress_reported: sumMoney(
        invoices.filter((invoice) => invoice.invoice_process_state !== 'NEW').map((invoice) => invoice.unaudited_amount),
      ),
      realised_cash_discount: sumMoney(approvedInvoices.map((invoice) => invoice.cash_discount)),
      realised_cash_discount_paid: sumMoney(
        approvedInvoices.filter((invoice) => invoice.invoice_process_state === 'PAID').map((invoice) => invoice.cash_discount),
      ),
      reserves_amount: reserves,
      risk_amount: risk,
    };
  }
}

/** Budget figures on top of contract figures; all null where there is no budget. */
function withBudget(figures: Figures, initial: Money | null, current: Money | null, awarded: boolean): Figures {
  const real = figures.contract_cost_forecast_real_case;
  const worst = figures.contract_cost_forecast_worst_case;
  if (!initial || !current) {
    return {
      ...figures,
      ...Object.fromEntries(BUDGET_FIGURES.map((name) => [name, null])),
      project_cost_forecast_real_case: real,
      project_cost_forecast_worst_case: worst,
    };
  }
  const projectForecast = (contractForecast: Money) =>
    awarded || contractForecast.net.greaterThan(current.net) ? contractForecast : current;
  const projectReal = projectForecast(real);
  const projectWorst = projectForecast(worst);
  return {
    ...figures,
    initial_budget: initial,
    current_budget: current,
    contract_budget_deviation_real_case: subtractMoney(real, current),
    contract_budget_deviation_worst_case: subtractMoney(worst, current),
    project_cost_forecast_real_case: projectReal,
    project_cost_forecast_worst_case: projectWorst,
    project_budget_deviation_real_case: subtractMoney(projectReal, current),
    project_budget_deviation_worst_case: subtractMoney(projectWorst, current),
  };
}

/** Field-wise sums; a budget figure stays null only when it is null everywhere. */
export function sumFigures(all: readonly Figures[]): Figures {
  const names = [...CONTRACT_FIGURES, ...BUDGET_FIGURES, 'undistributed_budget'] as const;
  const total: Partial<Record<(typeof names)[number], Money | null>> = {};
  for (const name of names) {
    const present = all.map((figures) => figures[name]).filter((value) => value !== undefined);
    const amounts = present.filter((value): value is Money => value !== null);
    if ((CONTRACT_FIGURES as readonly string[]).includes(name)) total[name] = sumMoney(amounts);
    else if (amounts.length > 0) total[name] = sumMoney(amounts);
    else if (present.length > 0) total[name] = null;
  }
  return total as Figures;
}

function roundedToCents(amount: Money): Money {
  return { ...amount, net: amount.net.toDecimalPlaces(2), tax: amount.tax.toDecimalPlaces(2) };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
