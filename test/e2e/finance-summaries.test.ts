/**
 * The summaries against independent sums: for every seeded project, each figure of
 * get_project_budget and get_project_payables is recomputed here from the sandbox's REST API
 * (reporting rows and the core records: contracts, change orders, invoices, payments, budget
 * shifts), read straight over HTTP, and must be equal to the cent.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  againstApi,
  COMBINATIONS,
  connect,
  dataOf,
  shownAsCents,
  textOf,
  type Progress,
  type TestClient,
} from '../support/harness.js';
import { cents, gross, net, readAll, readFinconLedger, sum, type FinconLedger } from '../support/fincon-ledger.js';
import { get, query, useSandbox, type Json } from '../sandbox/helpers.js';

const sandbox = useSandbox();
let client: TestClient;

let ledger: FinconLedger;

const url = (path: string, params: Record<string, string> = {}) =>
  `${sandbox.fincon}${path}${Object.keys(params).length ? query(params) : ''}`;
const all = (path: string, params: Record<string, string> = {}) => readAll(sandbox.fincon, path, params);

const OPEN_CHANGE_ORDER = ['OPEN', 'DETAILS_ENTERED'];
/** An open change order at full amount: audited, else claimed. */
const unweighted = (order: Json) => net(order.audited_amount ?? order.claimed_amount);
/** Times its weighting factor (none: 1), to the cent, as the reporting API documents it. */
const weighted = (order: Json) =>
  unweighted(order)
    .times(String(order.weighting_factor ?? 1))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Contracted, drafts, open change orders, approved and paid of a set of contracts, from the core records alone. */
function fromCoreRecords(contracts: readonly Json[]) {
  const ids = new Set(contracts.map((contract) => contract.id));
  const invoices = ledger.invoices.filter((invoice) => ids.has(invoice.contract));
  const open = ledger.changeOrders.filter((order) => ids.has(order.contract) && OPEN_CHANGE_ORDER.includes(order.state));
  return {
    in_draft: cents(sum(contracts.filter((contract) => contract.status === 'DRAFT').map((contract) => net(contract.amount)))),
    open_change_orders: cents(sum(open.map(weighted))),
    open_change_orders_unweighted: cents(sum(open.map(unweighted))),
    contracted: cents(
      sum([
        ...contracts.filter((contract) => contract.status !== 'DRAFT').map((contract) => net(contract.amount)),
        ...ledger.changeOrders
          .filter((order) => ids.has(order.contract) && order.state === 'ACKNOWLEDGED')
          .map((order) => net(order.approved_amount)),
      ]),
    ),
    approved: cents(
      sum(
        invoices
          .filter((invoice) => ['APPROVED', 'PAID'].includes(invoice.invoice_process_state))
          .map((invoice) => net(invoice.undiscounted_approved_amount)),
      ),
    ),
    paid: cents(
      sum(
        invoices.flatMap((invoice) =>
          (ledger.paymentsByInvoice.get(invoice.id) ?? []).map((payment) => net(payment.paid_amount)),
        ),
      ),
    ),
  };
}

/** The figures fromCoreRecords gives, which the budget rows and the contract overview share. */
const CORE_FIGURES = [
  'contracted',
  'in_draft',
  'open_change_orders',
  'open_change_orders_unweighted',
  'approved',
  'paid',
] as const;

beforeAll(async () => {
  ledger = await readFinconLedger(sandbox.fincon);
  client = await connect('stdio', 'modern', againstApi(sandbox.fincon, ['--toolsets', 'summaries,reporting']));
}, 60_000);
afterAll(async () => {
  await client?.close();
});

interface BudgetAnswer {
  project: { id: string; name: string };
  currency: string | null;
  budget_level: 'contract_unit' | 'cost_element';
  rows: Array<Record<string, string>>;
  totals: Record<string, string> & { undistributed_budget: string | null };
  totals_match_project_report: boolean;
}

const FIGURES = ['initial_budget', 'current_budget', ...CORE_FIGURES, 'forecast', 'deviation', 'uncommitted', 'over_budget'];

/** The summary figures a reporting row implies, computed here. */
function expectedFromReport(row: Json): Record<string, string> {
  const current = net(row.current_budget);
  const contracted = net(row.main_contract_amount).plus(net(row.change_orders_amount));
  const deviation = net(row.project_budget_deviation_real_case);
  return {
    initial_budget: cents(net(row.initial_budget)),
    current_budget: cents(current),
    contracted: cents(contracted),
    in_draft: cents(net(row.contract_amount_in_draft)),
    open_change_orders: cents(net(row.open_change_orders_amount)),
    open_change_orders_unweighted: cents(net(row.open_change_orders_amount_unweighted)),
    approved: cents(net(row.approved_amount)),
    paid: cents(net(row.paid_amount)),
    forecast: cents(net(row.project_cost_forecast_real_case)),
    deviation: cents(deviation),
    uncommitted: cents(current.minus(contracted)),
    over_budget: cents(deviation.greaterThan(0) ? deviation : new Decimal(0)),
  };
}

describe('get_project_budget, for every seeded project', () => {
  it('has seeded projects of both budget levels to check', () => {
    expect(ledger.projects.length).toBeGreaterThanOrEqual(4);
    expect(ledger.projects.some((project) => project.use_cost_elements)).toBe(true);
    expect(ledger.projects.some((project) => !project.use_cost_elements)).toBe(true);
  });

  it('equals the reporting rows of its budget holders, and its totals the project reporting row', async () => {
    for (const project of ledger.projects) {
      const answer = await client.callTool('get_project_budget', { project_id: project.id });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const budget = dataOf<BudgetAnswer>(answer);
      expect(budget.project).toEqual({ id: project.id, name: project.name });
      expect(budget.budget_level).toBe(project.use_cost_elements ? 'cost_element' : 'contract_unit');
      expect(budget.currency).toBe('EUR');

      const units = await all('/reporting/contract_units/', { 'filter[project.in]': project.id });
      let reports: Json[] = units;
      if (project.use_cost_elements) {
        const elements = await all('/reporting/cost_elements/', { 'filter[project.in]': project.id });
        const pairs = await all('/reporting/cost_elements/contract_units/', { 'filter[project.in]': project.id });
        const budgeted = new Set(elements.map((row) => row.cost_element));
        const booked = new Set(pairs.filter((pair) => budgeted.has(pair.cost_element)).map((pair) => pair.contract_unit));
        reports = [...elements.map((row) => ({ ...row, id: row.cost_element })), ...units.filter((row) => !booked.has(row.id))];
      }
      expect(budget.rows.map((row) => row.id).sort()).toEqual(reports.map((row) => row.id).sort());
      for (const report of reports) {
        const row = budget.rows.find((candidate) => candidate.id === report.id)!;
        for (const figure of FIGURES)
          expect(row[figure], `${project.name} ${row.name} ${figure}`).toBe(expectedFromReport(report)[figure]);
      }

      for (const figure of FIGURES) {
        const total = cents(sum(budget.rows.map((row) => new Decimal(row[figure]!))));
        expect(budget.totals[figure], `${project.name} total ${figure}`).toBe(total);
      }
      const [own] = await all('/reporting/projects/', { 'filter[id.in]': project.id });
      const reported = expectedFromReport(own);
      for (const figure of FIGURES.filter((name) => name !== 'over_budget')) {
        expect(budget.totals[figure], `${project.name} total ${figure} against the project row`).toBe(reported[figure]);
      }
      expect(budget.totals.undistributed_budget, `${project.name} undistributed budget`).toBe(
        cents(net(own.undistributed_budget)),
      );
      expect(budget.totals_match_project_report).toBe(true);
    }
  });

  it('has its undistributed budget on the cost elements no contract unit is booked on, part of their rows', async () => {
    let seen = 0;
    for (const project of ledger.projects) {
      const budget = dataOf<BudgetAnswer>(await client.callTool('get_project_budget', { project_id: project.id }));
      if (!project.use_cost_elements) {
        expect(budget.totals.undistributed_budget, project.name).toBe('0.00');
        continue;
      }
      const pairs = await all('/reporting/cost_elements/contract_units/', { 'filter[project.in]': project.id });
      const booked = new Set(pairs.map((pair) => pair.cost_element));
      const elements = await all('/reporting/cost_elements/', { 'filter[project.in]': project.id });
      const unbooked = elements.filter((row) => !booked.has(row.cost_element));
      const undistributed = cents(sum(unbooked.map((row) => net(row.current_budget))));
      expect(budget.totals.undistributed_budget, project.name).toBe(undistributed);
      for (const row of unbooked) {
        const shown = budget.rows.find((candidate) => candidate.id === row.cost_element)!;
        expect(shown.uncommitted, `${project.name} ${shown.name}: all of its budget is uncommitted`).toBe(shown.current_budget);
      }
      if (new Decimal(undistributed).greaterThan(0)) seen += 1;
    }
    expect(seen, 'the seed has projects with undistributed budget').toBeGreaterThan(0);
  });

  it('has drafts and open change orders of less than full weight to tell apart', () => {
    const unitProject = new Map(ledger.units.map((unit) => [unit.id, unit.project]));
    const withDrafts = new Set(
      ledger.contracts
        .filter((contract) => contract.status === 'DRAFT')
        .map((contract) => unitProject.get(contract.contract_unit)),
    );
    expect(withDrafts.size, 'projects with draft contracts').toBeGreaterThan(1);
    const discounted = ledger.changeOrders.filter(
      (order) => OPEN_CHANGE_ORDER.includes(order.state) && order.weighting_factor !== null && order.weighting_factor < 1,
    );
    expect(discounted.length, 'open change orders weighted below 1').toBeGreaterThan(0);
  });

  it('equals the core records: contracts, change orders, approved invoices, payments, budget shifts', async () => {
    for (const project of ledger.projects) {
      const budget = dataOf<BudgetAnswer>(await client.callTool('get_project_budget', { project_id: project.id }));
      const units = ledger.units.filter((unit) => unit.project === project.id);
      const contractsOf = (unitIds: Set<string>) => ledger.contracts.filter((contract) => unitIds.has(contract.contract_unit));
      const whole = fromCoreRecords(contractsOf(new Set(units.map((unit) => unit.id))));
      for (const figure of CORE_FIGURES) {
        expect(budget.totals[figure], `${project.name} ${figure} from the core records`).toBe(whole[figure]);
      }
      if (project.use_cost_elements) continue;
      for (const unit of units) {
        const row = budget.rows.find((candidate) => candidate.id === unit.id)!;
        const own = fromCoreRecords(contractsOf(new Set([unit.id])));
        for (const figure of CORE_FIGURES) expect(row[figure], `${unit.name} ${figure}`).toBe(own[figure]);
        const shifted = sum(
          ledger.shifts.flatMap((shift) => {
            const amount = net(shift.amount);
            if (shift.target_contract_unit === unit.id)
              return [shift.budget_change_type === 'DECREASE' ? amount.negated() : amount];
            if (shift.source_contract_unit === unit.id && shift.budget_change_type === 'SHIFT') return [amount.negated()];
            return [];
          }),
        );
        // The API shows no unit's initial budget (it is write-only); what shifts moved is on record.
        const moved = new Decimal(row.current_budget!).minus(row.initial_budget!);
        expect(cents(moved), `${unit.name} current budget = initial budget + budget shifts`).toBe(cents(shifted));
      }
    }
  });

  it('names open change orders weighted and unweighted, and what uncommitted leaves as it is, in its totals line', async () => {
    for (const project of ledger.projects) {
      const answer = await client.callTool('get_project_budget', { project_id: project.id });
      const { totals, budget_level } = dataOf<BudgetAnswer>(answer);
      const line = textOf(answer).split('\n')[1]!;
      expect(line).toContain(
        `open change orders ${shownAsCents(totals.open_change_orders!)} weighted by probability (${shownAsCents(totals.open_change_orders_unweighted!)} unweighted)`,
      );
      expect(line).toContain(
        `uncommitted ${shownAsCents(totals.uncommitted!)} (current budget minus contracted; it does not deduct ${shownAsCents(totals.in_draft!)} in draft contracts, ` +
          `and ${budget_level === 'cost_element' ? 'includes' : 'leaves out'} ${shownAsCents(totals.undistributed_budget!)} undistributed budget`,
      );
    }
  });

  it('names the over-budget rows first thing in its text, inside the untrusted-data envelope', async () => {
    const over = [];
    for (const project of ledger.projects) {
      const answer = await client.callTool('get_project_budget', { project_id: project.id });
      const budget = dataOf<BudgetAnswer>(answer);
      const text = textOf(answer);
      expect(text).toMatch(/^Budget of project <untrusted-data-[0-9a-f]+>/);
      expect(text.split('\n')[1]).toMatch(/^Totals: initial budget [\d,]+\.\d\d; current budget/);
      for (const row of budget.rows.filter((candidate) => candidate.over_budget !== '0.00')) {
        over.push(row.name);
        expect(text.split('\n')[2]).toContain(row.name);
      }
    }
    expect(over.length, 'the seed has over-budget rows to name').toBeGreaterThan(0);
  });

  it('finds the project by its exact name, or by a unique case-insensitive match', async () => {
    const [project] = ledger.projects;
    const exact = dataOf<BudgetAnswer>(await client.callTool('get_project_budget', { project_name: project.name }));
    expect(exact.project.id).toBe(project.id);
    const loose = dataOf<BudgetAnswer>(await client.callTool('get_project_budget', { project_name: project.name.toUpperCase() }));
    expect(loose.project.id).toBe(project.id);
  });

  it('lists up to 10 candidates with ids when no project has the name', async () => {
    const answer = await client.callTool('get_project_budget', { project_name: 'Mitte' });
    expect(answer.isError).toBe(true);
    const hunsrueck = ledger.projects.find((project) => project.name === 'Hunsrück Mitte');
    expect(textOf(answer)).toContain('No project is named "Mitte"');
    expect(textOf(answer)).toContain(`${hunsrueck.id}: Hunsrück Mitte`);
  });

  it('takes exactly one of project_id and project_name, before reading anything', async () => {
    const both = await client.callTool('get_project_budget', { project_id: ledger.projects[0].id, project_name: 'x' });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/project_id.*exactly one of project_id or project_name/s);
    const neither = await client.callTool('get_project_budget', {});
    expect(neither.isError).toBe(true);
  });
});

interface PayablesAnswer {
  invoices: Array<{
    invoice_id: string;
    date_due: string | null;
    contract: { id: string; name: string | null };
    contractor: { id: string; name: string | null } | null;
    approved_gross: string;
    paid_gross: string;
    outstanding_gross: string;
  }>;
  totals: { approved_gross: string; paid_gross: string; outstanding_gross: string };
}

/** Approved invoices of a project whose payments do not cover them, from the core records. */
function openInvoicesOf(projectId: string, dueBefore?: string) {
  const unitIds = new Set(ledger.units.filter((unit) => unit.project === projectId).map((unit) => unit.id));
  const contractIds = new Set(ledger.contracts.filter((contract) => unitIds.has(contract.contract_unit)).map((c) => c.id));
  return ledger.invoices
    .filter((invoice) => contractIds.has(invoice.contract) && invoice.invoice_process_state === 'APPROVED')
    .filter((invoice) => !dueBefore || (invoice.date_due && invoice.date_due < dueBefore))
    .map((invoice) => {
      const approved = gross(invoice.discounted_approved_amount ?? invoice.undiscounted_approved_amount);
      const paid = sum((ledger.paymentsByInvoice.get(invoice.id) ?? []).map((payment) => gross(payment.paid_amount)));
      return { id: invoice.id, outstanding: approved.minus(paid), approved, paid };
    })
    .filter((invoice) => invoice.outstanding.greaterThan(0));
}

describe('get_project_payables, for every seeded project', () => {
  it('lists exactly the approved invoices not fully paid, oldest due first, with exact totals', async () => {
    let listed = 0;
    for (const project of ledger.projects) {
      const answer = await client.callTool('get_project_payables', { project_id: project.id });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const payables = dataOf<PayablesAnswer>(answer);
      const expected = openInvoicesOf(project.id);
      expect(payables.invoices.map((invoice) => invoice.invoice_id).sort()).toEqual(expected.map((invoice) => invoice.id).sort());
      for (const invoice of expected) {
        const row = payables.invoices.find((candidate) => candidate.invoice_id === invoice.id)!;
        expect(row.outstanding_gross).toBe(cents(invoice.outstanding));
        expect(row.paid_gross).toBe(cents(invoice.paid));
        expect(row.approved_gross).toBe(cents(invoice.approved));
        const contract = ledger.contracts.find((candidate) => candidate.id === row.contract.id);
        expect(row.contract.name).toBe(contract.name);
        expect(row.contractor?.id).toBe(contract.contractor);
      }
      expect(payables.totals.outstanding_gross).toBe(cents(sum(expected.map((invoice) => invoice.outstanding))));
      const dues = payables.invoices.map((invoice) => invoice.date_due ?? '9999-12-31');
      expect(dues).toEqual([...dues].sort());
      listed += expected.length;
    }
    expect(listed, 'the seed has open approved invoices').toBeGreaterThan(0);
  });

  it('keeps to the invoices due before a day', async () => {
    const project = ledger.projects.find((candidate) => openInvoicesOf(candidate.id).length > 1)!;
    const dues = openInvoicesOf(project.id)
      .map((invoice) => ledger.invoices.find((candidate) => candidate.id === invoice.id).date_due as string)
      .sort();
    const cut = dues[Math.floor(dues.length / 2)]!;
    const payables = dataOf<PayablesAnswer>(
      await client.callTool('get_project_payables', { project_id: project.id, due_before: cut }),
    );
    const expected = openInvoicesOf(project.id, cut);
    expect(payables.invoices.map((invoice) => invoice.invoice_id).sort()).toEqual(expected.map((invoice) => invoice.id).sort());
    expect(payables.invoices.every((invoice) => invoice.date_due! < cut)).toBe(true);
  });
});

interface StatusAnswer {
  state: string;
  approved_gross: string;
  paid_gross: string;
  outstanding_gross: string;
  payments: Array<{ id: string; gross: string; net: string; tax: string }>;
  can_take_payment: boolean;
  paying_outstanding_is_final: boolean;
}

describe('get_invoice_payment_status', () => {
  it('gives every invoice state, approved against paid, outstanding and the payments, as REST has them', async () => {
    const sample = ['NEW', 'CHECKED', 'APPROVED', 'PAID'].flatMap((state) =>
      ledger.invoices.filter((invoice) => invoice.invoice_process_state === state).slice(0, 3),
    );
    expect(sample.length).toBeGreaterThanOrEqual(8);
    for (const invoice of sample) {
      const answer = await client.callTool('get_invoice_payment_status', { invoice_id: invoice.id });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const status = dataOf<StatusAnswer>(answer);
      const payments = ledger.paymentsByInvoice.get(invoice.id) ?? [];
      const approved = gross(invoice.discounted_approved_amount ?? invoice.undiscounted_approved_amount);
      const paid = sum(payments.map((payment) => gross(payment.paid_amount)));
      expect(status.state).toBe(invoice.invoice_process_state);
      expect(status.approved_gross).toBe(cents(approved));
      expect(status.paid_gross).toBe(cents(paid));
      expect(status.outstanding_gross).toBe(cents(approved.minus(paid)));
      expect(status.payments.map((payment) => payment.id).sort()).toEqual(payments.map((payment) => payment.id).sort());
      expect(status.can_take_payment).toBe(['APPROVED', 'PAID'].includes(invoice.invoice_process_state));
      expect(status.paying_outstanding_is_final).toBe(invoice.invoice_process_state === 'APPROVED' && approved.greaterThan(paid));
    }
  });

  it('says a missing invoice is missing', async () => {
    const answer = await client.callTool('get_invoice_payment_status', { invoice_id: '00000000-0000-4000-8000-000000000000' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toContain('No invoice with id 00000000-0000-4000-8000-000000000000');
  });
});

describe('progress while a summary pages through the API', () => {
  it.each(COMBINATIONS)('reports each page read to a %s client of the %s era that asked for progress', async (transport, era) => {
    const asking = await connect(transport, era, againstApi(sandbox.fincon, ['--toolsets', 'summaries']));
    try {
      const heard: Progress[] = [];
      const project = ledger.projects.find((candidate) => openInvoicesOf(candidate.id).length > 0)!;
      const answer = await asking.callTool('get_project_payables', { project_id: project.id }, (progress) =>
        heard.push(progress),
      );
      expect(answer.isError, textOf(answer)).toBeFalsy();
      expect(heard.length).toBeGreaterThan(2);
      expect(heard.map((progress) => progress.progress)).toEqual(heard.map((_, index) => index + 1));
      expect(heard.slice(0, 2).map((progress) => progress.message)).toEqual(['get_project read', 'list_contracts page 1 read']);
    } finally {
      await asking.close();
    }
  });
});

interface OverviewAnswer {
  contract: { id: string; contractor: { id: string } | null };
  change_orders: {
    open: Array<{ id: string; amount: string; weighting_factor: number | null; weighted_amount: string }>;
    acknowledged: Array<{ id: string }>;
    other: number;
  };
  invoices_by_state: Record<string, { count: number; approved: string }>;
  payments: Array<{ id: string; invoice_id: string }>;
  totals: Record<(typeof CORE_FIGURES)[number] | 'open', string>;
}

describe('get_contract_overview, for every contract of every seeded project', () => {
  it('equals the core records and the contract reporting row', async () => {
    const reports = new Map((await all('/reporting/contracts/')).map((row) => [row.id, row]));
    expect(ledger.contracts.length).toBeGreaterThan(10);
    for (const contract of ledger.contracts) {
      const answer = await client.callTool('get_contract_overview', { contract_id: contract.id });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const overview = dataOf<OverviewAnswer>(answer);
      const own = fromCoreRecords([contract]);
      for (const figure of CORE_FIGURES) expect(overview.totals[figure], `${contract.name} ${figure}`).toBe(own[figure]);
      expect(overview.totals.open).toBe(cents(new Decimal(own.contracted).minus(own.paid)));
      const report = reports.get(contract.id);
      expect(overview.totals.open_change_orders, `${contract.name} open change orders, weighted`).toBe(
        cents(net(report.open_change_orders_amount)),
      );
      expect(overview.totals.open_change_orders_unweighted, `${contract.name} open change orders, unweighted`).toBe(
        cents(net(report.open_change_orders_amount_unweighted)),
      );
      expect(overview.totals.in_draft, `${contract.name} in draft`).toBe(cents(net(report.contract_amount_in_draft)));
      const orders = ledger.changeOrders.filter((order) => order.contract === contract.id);
      for (const order of overview.change_orders.open) {
        const record = orders.find((candidate) => candidate.id === order.id);
        expect(order.weighting_factor).toBe(record.weighting_factor);
        expect(order.amount).toBe(cents(unweighted(record)));
        expect(order.weighted_amount).toBe(cents(weighted(record)));
      }
      expect(overview.change_orders.open.length).toBe(
        orders.filter((order) => ['OPEN', 'DETAILS_ENTERED'].includes(order.state)).length,
      );
      expect(overview.change_orders.acknowledged.length).toBe(orders.filter((order) => order.state === 'ACKNOWLEDGED').length);
      const invoices = ledger.invoices.filter((invoice) => invoice.contract === contract.id);
      const counted = Object.values(overview.invoices_by_state).reduce((sum, entry) => sum + entry.count, 0);
      expect(counted).toBe(invoices.length);
      const payments = invoices.flatMap((invoice) => ledger.paymentsByInvoice.get(invoice.id) ?? []);
      expect(overview.payments.map((payment) => payment.id).sort()).toEqual(payments.map((payment) => payment.id).sort());
      expect(overview.contract.contractor?.id ?? null).toBe(contract.contractor ?? null);
    }
  });

  it("names its open change orders weighted and unweighted, and a draft contract's amount as in draft", async () => {
    const draft = ledger.contracts.find((contract) => contract.status === 'DRAFT')!;
    const drafted = await client.callTool('get_contract_overview', { contract_id: draft.id });
    expect(dataOf<OverviewAnswer>(drafted).totals.contracted).toBe('0.00');
    expect(textOf(drafted)).toContain(
      `contracted 0.00 (the contract is a DRAFT: its ${shownAsCents(net(draft.amount))} is in draft, not contracted)`,
    );

    const order = ledger.changeOrders.find(
      (candidate) =>
        OPEN_CHANGE_ORDER.includes(candidate.state) && candidate.weighting_factor !== null && candidate.weighting_factor < 1,
    );
    const answer = await client.callTool('get_contract_overview', { contract_id: order.contract });
    const { totals } = dataOf<OverviewAnswer>(answer);
    expect(totals.open_change_orders).not.toBe(totals.open_change_orders_unweighted);
    expect(textOf(answer)).toContain(
      `open change orders ${shownAsCents(totals.open_change_orders)} weighted by probability (${shownAsCents(totals.open_change_orders_unweighted)} unweighted)`,
    );
    expect(textOf(answer)).toContain(
      `| ${order.state} | ${shownAsCents(unweighted(order))} | ${order.weighting_factor} | ${shownAsCents(weighted(order))}`,
    );
    expect(textOf(answer)).not.toContain('is in draft');
  });
});

interface ExposureAnswer {
  contractor: { id: string; name: string };
  projects: Array<{ id: string; contracts: Array<Record<string, string>>; totals: Record<string, string> }>;
  totals: Record<string, string>;
  unreported_contracts: string[];
}

describe('get_contractor_exposure, for every contractor with contracts', () => {
  it('equals the core records per project and contract, with exact totals', async () => {
    const contractors = [...new Set(ledger.contracts.map((contract) => contract.contractor).filter(Boolean))];
    expect(contractors.length).toBeGreaterThan(3);
    for (const contractorId of contractors) {
      const answer = await client.callTool('get_contractor_exposure', { contractor_id: contractorId });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const exposure = dataOf<ExposureAnswer>(answer);
      expect(exposure.unreported_contracts).toEqual([]);
      const theirs = ledger.contracts.filter((contract) => contract.contractor === contractorId);
      const listed = exposure.projects.flatMap((project) => project.contracts.map((contract) => contract.id));
      expect(listed.sort()).toEqual(theirs.map((contract) => contract.id).sort());
      for (const project of exposure.projects) {
        for (const row of project.contracts) {
          const contract = theirs.find((candidate) => candidate.id === row.id);
          const unit = ledger.units.find((candidate) => candidate.id === contract.contract_unit);
          expect(unit.project).toBe(project.id);
          const own = fromCoreRecords([contract]);
          for (const figure of ['contracted', 'approved', 'paid'] as const)
            expect(row[figure], `${contract.name} ${figure}`).toBe(own[figure]);
        }
      }
      const whole = fromCoreRecords(theirs);
      for (const figure of ['contracted', 'approved', 'paid'] as const) expect(exposure.totals[figure]).toBe(whole[figure]);
    }
  });

  it('finds the contractor by name', async () => {
    const contract = ledger.contracts.find((candidate) => candidate.contractor);
    const { body } = await get(url(`/contractors/${contract.contractor}/`));
    const byName = dataOf<ExposureAnswer>(
      await client.callTool('get_contractor_exposure', { contractor_name: body.data.attributes.name.toLowerCase() }),
    );
    expect(byName.contractor.id).toBe(contract.contractor);
  });
});
