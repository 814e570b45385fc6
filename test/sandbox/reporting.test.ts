import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, query, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

interface Amount {
  net: Decimal;
  tax: Decimal;
}

const zero = (): Amount => ({ net: new Decimal(0), tax: new Decimal(0) });
const amountOf = (money: Json | null): Amount => (money ? { net: new Decimal(money.net), tax: new Decimal(money.tax) } : zero());
const add = (a: Amount, b: Amount): Amount => ({ net: a.net.plus(b.net), tax: a.tax.plus(b.tax) });
const sum = (amounts: Amount[]): Amount => amounts.reduce(add, zero());
const percent = (a: Amount, rate: string): Amount => ({
  net: a.net.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  tax: a.tax.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
});

function expectAmount(actual: Json, expected: Amount, label: string): void {
  expect(actual, label).not.toBeNull();
  expect(new Decimal(actual.net).equals(expected.net), `${label} net ${actual.net} vs ${expected.net}`).toBe(true);
  expect(new Decimal(actual.tax).equals(expected.tax), `${label} tax ${actual.tax} vs ${expected.tax}`).toBe(true);
}

const CONTRACT_FIELDS = [
  'approved_amount',
  'change_orders_amount',
  'contract_amount_in_draft',
  'main_contract_amount',
  'paid_amount',
  'progress_reported',
  'reserves_amount',
  'realised_cash_discount',
  'contractual_discounts',
  'contractual_retentions',
  'contractual_cost_allocations',
  'open_change_orders_amount_unweighted',
] as const;

describe('reporting derives from the core data', () => {
  let expected: Map<string, Record<(typeof CONTRACT_FIELDS)[number], Amount>>;
  let contracts: Json[];
  let units: Json[];

  beforeAll(async () => {
    const base = sandbox.fincon;
    contracts = (await walk(`${base}/contracts/`)).items;
    units = (await walk(`${base}/contract_units/`)).items;
    const invoices = (await walk(`${base}/invoices/`)).items;
    const changeOrders = (await walk(`${base}/change_orders/`)).items;
    const payments = new Map<string, Json[]>();
    await Promise.all(
      invoices.map(async (invoice: Json) =>
        payments.set(invoice.id, (await walk(`${base}/invoices/${invoice.id}/payments/`)).items),
      ),
    );
    expected = new Map();
    await Promise.all(
      contracts.map(async (contract: Json) => {
        const rules: Json[] = (await get(`${base}/contracts/${contract.id}/contract_terms/`)).body.data.attributes.rules;
        const rate = (type: string, key?: string) =>
          rules.find((rule) => rule.rule_type === type && (!key || rule.rule_template_key === key))?.param_values.percentage ??
          '0';
        const own = invoices.filter((invoice: Json) => invoice.attributes.contract === contract.id);
        const approvedInvoices = own.filter((invoice: Json) =>
          ['APPROVED', 'PAID'].includes(invoice.attributes.invoice_process_state),
        );
        const orders = changeOrders.filter((order: Json) => order.attributes.contract === contract.id);
        const draft = contract.attributes.status === 'DRAFT';
        const approved = sum(approvedInvoices.map((invoice: Json) => amountOf(invoice.attributes.undiscounted_approved_amount)));
        expected.set(contract.id, {
          approved_amount: approved,
          change_orders_amount: sum(
            orders
              .filter((order: Json) => order.attributes.state === 'ACKNOWLEDGED')
              .map((order: Json) => amountOf(order.attributes.approved_amount)),
          ),
          contract_amount_in_draft: draft ? amountOf(contract.attributes.amount) : zero(),
          main_contract_amount: draft ? zero() : amountOf(contract.attributes.amount),
          paid_amount: sum(
            own.flatMap((invoice: Json) =>
              (payments.get(invoice.id) ?? []).map((payment: Json) => amountOf(payment.attributes.paid_amount)),
            ),
          ),
          progress_reported: sum(
            own
              .filter((invoice: Json) => invoice.attributes.invoice_process_state !== 'NEW')
              .map((invoice: Json) => amountOf(invoice.attributes.unaudited_amount)),
          ),
          reserves_amount: amountOf(contract.attributes.reserve_amount),
          realised_cash_discount: sum(approvedInvoices.map((invoice: Json) => amountOf(invoice.attributes.cash_discount))),
          contractual_discounts: percent(approved, rate('deduction', 'discount')),
          contractual_retentions: percent(approved, rate('retainage')),
          contractual_cost_allocations: percent(approved, rate('cost_allocation')),
          open_change_orders_amount_unweighted: sum(
            orders
              .filter((order: Json) => ['OPEN', 'DETAILS_ENTERED'].includes(order.attributes.state))
              .map((order: Json) => amountOf(order.attributes.audited_amount ?? order.attributes.claimed_amount)),
          ),
        });
      }),
    );
  });

  it('gives every contract its amounts, invoices, payments, change orders and contractual rules', async () => {
    const rows = (await walk(`${sandbox.fincon}/reporting/contracts/`)).items;
    expect(rows.map((row: Json) => row.id).sort()).toEqual(contracts.map((contract: Json) => contract.id).sort());
    for (const row of rows) {
      const contract = contracts.find((item: Json) => item.id === row.id);
      const unit = units.find((item: Json) => item.id === contract.attributes.contract_unit);
      expect(row.attributes).toMatchObject({
        name: contract.attributes.name,
        contract_unit: unit.id,
        project: unit.attributes.project,
      });
      for (const field of CONTRACT_FIELDS)
        expectAmount(row.attributes[field], expected.get(row.id)?.[field] as Amount, `${contract.attributes.name} ${field}`);
      expect(row.attributes).not.toHaveProperty('current_budget');
    }
    const discounted = rows.filter((row: Json) => !new Decimal(row.attributes.contractual_discounts.net).isZero());
    expect(discounted.length).toBeGreaterThan(0);
  });

  it('rolls contracts up to contract units, and budget shifts into their budget', async () => {
    const rows = (await walk(`${sandbox.fincon}/reporting/contract_units/`)).items;
    const shifts = (await walk(`${sandbox.fincon}/budget_shifts/`)).items;
    for (const row of rows) {
      const own = contracts.filter((contract: Json) => contract.attributes.contract_unit === row.id);
      for (const field of CONTRACT_FIELDS)
        expectAmount(
          row.attributes[field],
          sum(own.map((contract: Json) => expected.get(contract.id)?.[field] as Amount)),
          `${row.attributes.name} ${field}`,
        );
      if (row.attributes.initial_budget === null) {
        expect(row.attributes.current_budget).toBeNull();
        continue;
      }
      const delta = sum(
        shifts.map((shift: Json) => {
          const amount = amountOf(shift.attributes.amount);
          const negative = { net: amount.net.negated(), tax: amount.tax.negated() };
          if (shift.attributes.target_contract_unit === row.id)
            return shift.attributes.budget_change_type === 'DECREASE' ? negative : amount;
          if (shift.attributes.source_contract_unit === row.id && shift.attributes.budget_change_type === 'SHIFT')
            return negative;
          return zero();
        }),
      );
      expectAmount(
        row.attributes.current_budget,
        add(amountOf(row.attributes.initial_budget), delta),
        `${row.attributes.name} current_budget`,
      );
      const forecast = amountOf(row.attributes.contract_cost_forecast_real_case);
      expectAmount(
        row.attributes.contract_budget_deviation_real_case,
        {
          net: forecast.net.minus(row.attributes.current_budget.net),
          tax: forecast.tax.minus(row.attributes.current_budget.tax),
        },
        'deviation',
      );
    }
  });

  it('rolls everything up to the projects', async () => {
    const projects = (await walk(`${sandbox.fincon}/projects/`)).items;
    const rows = (await walk(`${sandbox.fincon}/reporting/projects/`)).items;
    const unitRows = (await walk(`${sandbox.fincon}/reporting/contract_units/`)).items;
    expect(rows).toHaveLength(projects.length);
    for (const row of rows) {
      const project = projects.find((item: Json) => item.id === row.id);
      expect(row.attributes.name).toBe(project.attributes.name);
      const ownUnits = units.filter((unit: Json) => unit.attributes.project === row.id).map((unit: Json) => unit.id);
      const own = contracts.filter((contract: Json) => ownUnits.includes(contract.attributes.contract_unit));
      for (const field of CONTRACT_FIELDS)
        expectAmount(
          row.attributes[field],
          sum(own.map((contract: Json) => expected.get(contract.id)?.[field] as Amount)),
          `${project.attributes.name} ${field}`,
        );
      if (project.attributes.use_cost_elements) {
        const elementRows = (await walk(`${sandbox.fincon}/reporting/cost_elements/${query({ 'filter[project.in]': row.id })}`))
          .items;
        expectAmount(
          row.attributes.current_budget,
          sum(elementRows.map((item: Json) => amountOf(item.attributes.current_budget))),
          'ce current',
        );
        expectAmount(
          row.attributes.undistributed_budget,
          sum(elementRows.map((item: Json) => amountOf(item.attributes.undistributed_budget))),
          'ce undistributed',
        );
        expect(new Decimal(row.attributes.undistributed_budget.net).isPositive()).toBe(true);
      } else {
        const ownUnitRows = unitRows.filter((item: Json) => item.attributes.project === row.id);
        expectAmount(
          row.attributes.current_budget,
          sum(ownUnitRows.map((item: Json) => amountOf(item.attributes.current_budget))),
          'current',
        );
        expectAmount(row.attributes.undistributed_budget, zero(), 'undistributed');
      }
    }
  });

  it('follows new payments at once', async () => {
    const invoice = (await get(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'APPROVED' })}`)).body
      .data[0];
    const before = (
      await get(
        `${sandbox.fincon}/reporting/contracts/${query({ 'filter[project.in]': await projectOf(invoice.attributes.contract) })}`,
      )
    ).body.data.find((row: Json) => row.id === invoice.attributes.contract);
    const paid = await post(`${sandbox.fincon}/invoices/${invoice.id}/register-payment/`, {
      data: {
        attributes: {
          payment_amount_gross: '1190.00',
          payment_comment: 'Reporting-Test',
          payment_date: '2026-07-01',
          is_final_payment: false,
        },
      },
    });
    expect(paid.status).toBe(201);
    const payment = (await walk(`${sandbox.fincon}/invoices/${invoice.id}/payments/`)).items.at(-1);
    const after = (await walk(`${sandbox.fincon}/reporting/contracts/`)).items.find(
      (row: Json) => row.id === invoice.attributes.contract,
    );
    expectAmount(
      after.attributes.paid_amount,
      add(amountOf(before.attributes.paid_amount), amountOf(payment.attributes.paid_amount)),
      'paid after',
    );
  });
});

async function projectOf(contractId: string): Promise<string> {
  const contract = (await get(`${sandbox.fincon}/contracts/${contractId}/`)).body.data;
  return (await get(`${sandbox.fincon}/contract_units/${contract.attributes.contract_unit}/`)).body.data.attributes.project;
}

describe('reporting attributes', () => {
  it.each([
    ['/reporting/projects/', 'PROJECT_FINANCIALS'],
    ['/reporting/contracts/', 'CONTRACT_FINANCIALS'],
    ['/reporting/contract_units/', 'CONTRACT_UNIT_FINANCIALS'],
  ])('%s carries progress_reported, contractual_discounts and contractual_cost_allocations as money', async (path, type) => {
    const row = (await get(`${sandbox.fincon}${path}`)).body.data[0];
    expect(row.type).toBe(type);
    for (const field of [
      'progress_reported',
      'contractual_discounts',
      'contractual_cost_allocations',
      'paid_amount',
      'risk_amount',
    ]) {
      expect(row.attributes[field]).toEqual({
        currency: 'EUR',
        net: expect.stringMatching(/^-?\d+\.\d{2,}$/),
        tax: expect.stringMatching(/^-?\d+\.\d{2,}$/),
      });
    }
  });

  it('filters financials by project with in and not_in, and projects by id', async () => {
    const project = (await get(`${sandbox.fincon}/projects/`)).body.data[0].id;
    const inside = (await walk(`${sandbox.fincon}/reporting/contracts/${query({ 'filter[project.in]': project })}`)).items;
    const outside = (await walk(`${sandbox.fincon}/reporting/contracts/${query({ 'filter[project.not_in]': project })}`)).items;
    const all = (await walk(`${sandbox.fincon}/reporting/contracts/`)).items;
    expect(inside.length + outside.length).toBe(all.length);
    expect(inside.every((row: Json) => row.attributes.project === project)).toBe(true);
    const one = await get(`${sandbox.fincon}/reporting/projects/${query({ 'filter[id.in]': project })}`);
    expect(one.body.data.map((row: Json) => row.id)).toEqual([project]);
  });
});

describe('cost element views', () => {
  it.each(['/reporting/cost_elements/', '/reporting/cost_elements/contract_units/', '/reporting/cost_elements/contracts/'])(
    '%s needs a project filter',
    async (path) => {
      const refused = await get(`${sandbox.fincon}${path}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ source: { parameter: 'filter[project.in]' } });
      const project = (await get(`${sandbox.fincon}/projects/${query({ 'filter[use_cost_elements.is]': 'true' })}`)).body.data[0]
        .id;
      const notIn = await get(
        `${sandbox.fincon}${path}${query({ 'filter[project.in]': project, 'filter[project.not_in]': project })}`,
      );
      expect(notIn.status).toBe(400);
      const rows = (await walk(`${sandbox.fincon}${path}${query({ 'filter[project.in]': project })}`)).items;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row: Json) => row.attributes.project === project && row.attributes.cost_element)).toBe(true);
    },
  );

  it('breaks cost elements down to contract units and contracts consistently', async () => {
    const project = (await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': 'Quartier am Rheinauhafen' })}`)).body
      .data[0];
    const filter = query({ 'filter[project.in]': project.id });
    const elements = (await walk(`${sandbox.fincon}/reporting/cost_elements/${filter}`)).items;
    const unitRows = (await walk(`${sandbox.fincon}/reporting/cost_elements/contract_units/${filter}`)).items;
    const contractRows = (await walk(`${sandbox.fincon}/reporting/cost_elements/contracts/${filter}`)).items;
    for (const element of elements) {
      const ownUnits = unitRows.filter((row: Json) => row.attributes.cost_element === element.attributes.cost_element);
      const ownContracts = contractRows.filter((row: Json) => row.attributes.cost_element === element.attributes.cost_element);
      for (const field of ['main_contract_amount', 'paid_amount', 'approved_amount', 'progress_reported']) {
        expectAmount(
          element.attributes[field],
          sum(ownUnits.map((row: Json) => amountOf(row.attributes[field]))),
          `${field} by units`,
        );
        expectAmount(
          element.attributes[field],
          sum(ownContracts.map((row: Json) => amountOf(row.attributes[field]))),
          `${field} by contracts`,
        );
      }
      expect(element.attributes.cost_element_tree_template).toBe(project.attributes.cost_element_tree_template);
    }
    expect(contractRows.every((row: Json) => row.attributes.current_budget === null && row.attributes.contract)).toBe(true);
  });
});

describe('cash outflow', () => {
  it('needs filter[project.exact] and answers 404 for an unknown project', async () => {
    const missing = await get(`${sandbox.fincon}/reporting/cash_outflow/cost_elements/`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].source).toEqual({ parameter: 'filter[project.exact]' });
    const unknown = await get(
      `${sandbox.fincon}/reporting/cash_outflow/cost_elements/${query({ 'filter[project.exact]': '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f' })}`,
    );
    expect(unknown.status).toBe(404);
  });

  it.each(['Quartier am Rheinauhafen', 'Hunsrück Mitte'])(
    'shows %s as a tree whose actual outflow equals its payments',
    async (name) => {
      const project = (await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': name })}`)).body.data[0];
      const nodes = (
        await walk(`${sandbox.fincon}/reporting/cash_outflow/cost_elements/${query({ 'filter[project.exact]': project.id })}`)
      ).items;
      const byId = new Map(nodes.map((node: Json) => [node.id, node]));
      const position = new Map(nodes.map((node: Json, i: number) => [node.id, i]));
      for (const node of nodes) {
        expect(node.attributes.project).toBe(project.id);
        expectAmount(
          node.attributes.total_amount,
          sum(node.attributes.amounts.map((entry: Json) => amountOf(entry.amount))),
          'total',
        );
        if (node.attributes.children.length === 0) continue;
        const children = node.attributes.children.map((id: string) => byId.get(id));
        for (const child of children) expect(position.get(child.id)).toBeGreaterThan(position.get(node.id) as number);
        expectAmount(
          node.attributes.total_amount,
          sum(children.map((child: Json) => amountOf(child.attributes.total_amount))),
          'children',
        );
      }
      const types = new Set(nodes.map((node: Json) => node.attributes.node_type));
      expect(types.has(project.attributes.use_cost_elements ? 'COST_ELEMENT' : 'UNLINKED_CONTRACT_UNITS_PARENT')).toBe(true);
      const contracts = (await walk(`${sandbox.fincon}/reporting/contracts/${query({ 'filter[project.in]': project.id })}`))
        .items;
      const actual = sum(
        nodes
          .filter((node: Json) => ['CONTRACT', 'FINANCING_CONTRACT'].includes(node.attributes.node_type))
          .flatMap((node: Json) =>
            node.attributes.amounts.filter((entry: Json) => entry.type === 'ACTUAL').map((entry: Json) => amountOf(entry.amount)),
          ),
      );
      expectAmount(
        { net: actual.net.toFixed(), tax: actual.tax.toFixed() },
        sum(contracts.map((row: Json) => amountOf(row.attributes.paid_amount))),
        'actual',
      );
    },
  );
});

describe('revenue views', () => {
  it('lists and reads sales units, rent units and outright sales with their filters', async () => {
    const sales = (await walk(`${sandbox.fincon}/reporting/sales_units/`)).items;
    expect(sales.length).toBeGreaterThan(100);
    const sold = (await walk(`${sandbox.fincon}/reporting/sales_units/${query({ 'filter[status.in]': 'SOLD' })}`)).items;
    expect(sold.length).toBe(sales.filter((unit: Json) => unit.attributes.status === 'SOLD').length);
    expect((await get(`${sandbox.fincon}/reporting/sales_units/${sold[0].id}/`)).body.data).toEqual(sold[0]);

    const rents = (await walk(`${sandbox.fincon}/reporting/rent_units/`)).items;
    expect(rents[0].attributes.recorded_payments_total).toEqual({
      amount: expect.stringMatching(/^\d+\.\d{2,}$/),
      currency: 'EUR',
    });
    const paying = (
      await walk(
        `${sandbox.fincon}/reporting/rent_units/${query({ 'filter[recorded_payments_total.greater_than_equal]': '0.01' })}`,
      )
    ).items;
    expect(paying.length).toBe(
      rents.filter((unit: Json) => new Decimal(unit.attributes.recorded_payments_total.amount).gt(0)).length,
    );
    expect((await get(`${sandbox.fincon}/reporting/rent_units/${rents[0].id}/`)).body.data).toEqual(rents[0]);

    const outright = (
      await walk(`${sandbox.fincon}/reporting/outright_sales/${query({ 'filter[identifier.exact]': 'GV-LK-01' })}`)
    ).items;
    expect(outright).toHaveLength(1);
    expect(outright[0].attributes).toMatchObject({
      name: 'Globalverkauf an Spezialfonds',
      total_planned_revenues: { currency: 'EUR' },
    });
    expect((await get(`${sandbox.fincon}/reporting/outright_sales/${outright[0].id}/`)).body.data).toEqual(outright[0]);
  });
});

describe('reporting page size', () => {
  const fresh = useSandbox();

  it('pages the Reporting API at 1000 rows, the Core API at 100', async () => {
    const project = (await get(`${fresh.fincon}/projects/${query({ 'filter[name.exact]': 'Hunsrück Mitte' })}`)).body.data[0];
    const existing = (await walk(`${fresh.fincon}/contract_units/`)).items.length;
    const missing = 1001 - existing;
    for (let batch = 0; batch < missing; batch += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, missing - batch) }, (_, i) =>
          post(`${fresh.fincon}/contract_units/`, {
            data: {
              attributes: { name: `Los ${batch + i + 1}` },
              relationships: { project: { data: { id: project.id, type: 'PROJECT' } } },
            },
          }),
        ),
      );
    }
    const reporting = await walk(`${fresh.fincon}/reporting/contract_units/`);
    expect(reporting.pages.map((page) => page.data.length)).toEqual([1000, 1]);
    expect(new Set(reporting.items.map((row: Json) => row.id)).size).toBe(1001);
    expect(reporting.pages[0].links.next).toMatch(/\/reporting\/contract_units\/\?cursor%5Bposition%5D=/);
    const core = await walk(`${fresh.fincon}/contract_units/`);
    expect(core.pages.map((page) => page.data.length)).toEqual([...Array(10).fill(100), 1]);
  }, 60_000);
});
