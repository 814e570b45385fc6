/**
 * What was paid in a period, what is approved but unpaid across projects, and which approved
 * amount a cash discount leaves due: each figure against sums made here from the sandbox's REST
 * API (invoices and every invoice's payment list), through a real client over stdio.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../tools/shared/cash-discount.js';
import { cents, gross, net, readFinconLedger, sum, tax, type FinconLedger } from '../support/fincon-ledger.js';
import { againstApi, connect, dataOf, shownAsCents, textOf, type Progress, type TestClient } from '../support/harness.js';
import { useSandbox, type Json } from '../sandbox/helpers.js';

const sandbox = useSandbox();
let client: TestClient;
let ledger: FinconLedger;

beforeAll(async () => {
  ledger = await readFinconLedger(sandbox.fincon);
  client = await connect('stdio', 'modern', againstApi(sandbox.fincon, ['--toolsets', 'summaries,invoices,payments']));
}, 60_000);
afterAll(async () => {
  await client?.close();
});

function projectOfContract(contractId: string): Json | undefined {
  const contract = ledger.contracts.find((candidate) => candidate.id === contractId);
  const unit = ledger.units.find((candidate) => candidate.id === contract?.contract_unit);
  return ledger.projects.find((candidate) => candidate.id === unit?.project);
}

/** The payments dated from..to, each with its invoice, from the payment lists. */
function paymentsBetween(from: string, to: string, keep: (invoice: Json) => boolean = () => true) {
  return ledger.invoices
    .filter(keep)
    .flatMap((invoice) => (ledger.paymentsByInvoice.get(invoice.id) ?? []).map((payment) => ({ invoice, payment })))
    .filter(({ payment }) => payment.payment_date >= from && payment.payment_date <= to);
}

interface PeriodAnswer {
  project: { id: string; name: string | null } | null;
  payments: Array<{
    payment_id: string;
    payment_date: string;
    gross: string;
    invoice: { id: string };
    contractor: { id: string } | null;
    project: { id: string } | null;
  }>;
  totals: { count: number; gross: string; net: string; tax: string };
  by_month: Array<{ month: string; count: number; gross: string; net: string; tax: string }>;
  invoices_read: number;
  payment_lists_read: number;
}

function expectTotals(answer: PeriodAnswer, expected: ReturnType<typeof paymentsBetween>, what: string) {
  expect(answer.payments.map((payment) => payment.payment_id).sort(), what).toEqual(
    expected.map(({ payment }) => payment.id).sort(),
  );
  expect(answer.totals, what).toEqual({
    count: expected.length,
    gross: cents(sum(expected.map(({ payment }) => gross(payment.paid_amount)))),
    net: cents(sum(expected.map(({ payment }) => net(payment.paid_amount)))),
    tax: cents(sum(expected.map(({ payment }) => tax(payment.paid_amount)))),
  });
}

describe('get_payments_in_period', () => {
  it('sums the payments dated in each month from July 2023 to June 2024, not the invoices whose latest payment falls there', async () => {
    let monthsWhereInvoicesMislead = 0;
    for (let month = 7; month <= 18; month++) {
      const year = 2023 + Math.floor((month - 1) / 12);
      const from = `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01`;
      const to = new Date(Date.UTC(year, ((month - 1) % 12) + 1, 0)).toISOString().slice(0, 10);
      const answer = await client.callTool('get_payments_in_period', { from, to });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const period = dataOf<PeriodAnswer>(answer);
      const expected = paymentsBetween(from, to);
      expectTotals(period, expected, from);
      expect(period.invoices_read).toBe(ledger.invoices.length);
      expect(textOf(answer).split('\n')[0]).toBe(
        `Paid from ${from} to ${to} (all projects): ${shownAsCents(period.totals.gross)} EUR gross in ${expected.length} payments (net ${shownAsCents(period.totals.net)}, tax ${shownAsCents(period.totals.tax)}).`,
      );
      const byInvoiceDate = sum(
        ledger.invoices
          .filter((invoice) => invoice.payment_date >= from && invoice.payment_date <= to)
          .map((invoice) => new Decimal(invoice.payment_amount_gross.amount)),
      );
      if (!byInvoiceDate.equals(period.totals.gross)) monthsWhereInvoicesMislead += 1;
    }
    expect(monthsWhereInvoicesMislead, 'the seed has months where invoice sums differ from payments').toBeGreaterThan(3);
  });

  it('says so when nothing was paid in the period', async () => {
    const answer = await client.callTool('get_payments_in_period', { from: '2022-01-01', to: '2022-12-31' });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(dataOf<PeriodAnswer>(answer).totals).toEqual({ count: 0, gross: '0.00', net: '0.00', tax: '0.00' });
    expect(textOf(answer).split('\n')[0]).toBe('No payments dated from 2022-01-01 to 2022-12-31 (all projects).');
  });

  it('answers the question of the README: June 2024', async () => {
    const june = dataOf<PeriodAnswer>(await client.callTool('get_payments_in_period', { from: '2024-06-01', to: '2024-06-30' }));
    expect(june.totals.gross).toBe('290829.07');
  });

  it('gives totals per month over a longer period, for every seeded project and for a contractor', async () => {
    for (const project of ledger.projects) {
      const answer = await client.callTool('get_payments_in_period', {
        from: '2023-01-01',
        to: '2026-12-31',
        project_name: project.name,
      });
      expect(answer.isError, textOf(answer)).toBeFalsy();
      const period = dataOf<PeriodAnswer>(answer);
      const expected = paymentsBetween(
        '2023-01-01',
        '2026-12-31',
        (invoice) => projectOfContract(invoice.contract)?.id === project.id,
      );
      expectTotals(period, expected, project.name);
      expect(period.project?.id).toBe(project.id);
      expect(period.payments.every((payment) => payment.project?.id === project.id)).toBe(true);
      const months = new Map<string, typeof expected>();
      for (const row of expected)
        months.set(row.payment.payment_date.slice(0, 7), [...(months.get(row.payment.payment_date.slice(0, 7)) ?? []), row]);
      expect(period.by_month.map((month) => [month.month, month.count, month.gross])).toEqual(
        [...months.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([month, rows]) => [month, rows.length, cents(sum(rows.map(({ payment }) => gross(payment.paid_amount))))]),
      );
    }
    const contractorId = ledger.contracts.find((contract) => contract.status === 'COMPLETED')!.contractor;
    const answer = await client.callTool('get_payments_in_period', {
      from: '2023-01-01',
      to: '2026-12-31',
      contractor_id: contractorId,
    });
    const period = dataOf<PeriodAnswer>(answer);
    const contractIds = new Set(
      ledger.contracts.filter((contract) => contract.contractor === contractorId).map((contract) => contract.id),
    );
    expectTotals(
      period,
      paymentsBetween('2023-01-01', '2026-12-31', (invoice) => contractIds.has(invoice.contract)),
      'contractor',
    );
    expect(period.payments.length).toBeGreaterThan(0);
    expect(period.payments.every((payment) => payment.contractor?.id === contractorId)).toBe(true);
  });

  it('reports progress while it reads, to a client that asks', async () => {
    const heard: Progress[] = [];
    const answer = await client.callTool('get_payments_in_period', { from: '2024-06-01', to: '2024-06-30' }, (progress) =>
      heard.push(progress),
    );
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(heard.length).toBeGreaterThan(10);
    expect(heard.some((progress) => progress.message?.startsWith('list_invoice_payments'))).toBe(true);
  });

  it('refuses a period that ends before it starts, and two ways to name the project, before reading anything', async () => {
    const backwards = await client.callTool('get_payments_in_period', { from: '2024-06-30', to: '2024-06-01' });
    expect(backwards.isError).toBe(true);
    expect(textOf(backwards)).toMatch(/to.*must be on or after from \(2024-06-30\)/s);
    const both = await client.callTool('get_payments_in_period', {
      from: '2024-06-01',
      to: '2024-06-30',
      project_id: ledger.projects[0].id,
      project_name: 'x',
    });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/project_id.*at most one of project_id or project_name/s);
  });
});

interface Payable {
  invoice_id: string;
  project: { id: string; name: string | null } | null;
  approved_gross: string;
  outstanding_gross: string;
  cash_discount: {
    until: string | null;
    lapsed: boolean;
    discounted_approved_gross: string;
    undiscounted_approved_gross: string;
  } | null;
}
interface PayablesAnswer {
  project: { id: string } | null;
  invoices: Payable[];
  totals: { approved_gross: string; paid_gross: string; outstanding_gross: string };
  by_project: Array<{ project: { id: string } | null; count: number; outstanding_gross: string }>;
}

/** The cash discount an invoice's REST record implies, as the summaries should report it. */
function expectedDiscount(invoice: Json) {
  const discounted = gross(invoice.discounted_approved_amount);
  const undiscounted = gross(invoice.undiscounted_approved_amount);
  if (!invoice.discounted_approved_amount || discounted.equals(undiscounted)) return null;
  return {
    until: invoice.date_discount,
    lapsed: invoice.date_discount < today(),
    discounted_approved_gross: cents(discounted),
    undiscounted_approved_gross: cents(undiscounted),
  };
}

describe('get_project_payables without a project', () => {
  it('answers for all projects: every approved invoice not fully paid, with its project and subtotals per project', async () => {
    const answer = await client.callTool('get_project_payables', {});
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const payables = dataOf<PayablesAnswer>(answer);
    expect(payables.project).toBeNull();
    const open = ledger.invoices
      .filter((invoice) => invoice.invoice_process_state === 'APPROVED')
      .map((invoice) => {
        const approved = gross(invoice.discounted_approved_amount ?? invoice.undiscounted_approved_amount);
        const paid = sum((ledger.paymentsByInvoice.get(invoice.id) ?? []).map((payment) => gross(payment.paid_amount)));
        return { invoice, outstanding: approved.minus(paid) };
      })
      .filter(({ outstanding }) => outstanding.greaterThan(0));
    expect(payables.invoices.map((row) => row.invoice_id).sort()).toEqual(open.map(({ invoice }) => invoice.id).sort());
    for (const { invoice, outstanding } of open) {
      const row = payables.invoices.find((candidate) => candidate.invoice_id === invoice.id)!;
      expect(row.outstanding_gross).toBe(cents(outstanding));
      expect(row.project?.id).toBe(projectOfContract(invoice.contract)?.id);
      expect(row.cash_discount).toEqual(expectedDiscount(invoice));
    }
    expect(payables.totals.outstanding_gross).toBe(cents(sum(open.map(({ outstanding }) => outstanding))));

    const projectsWithPayables = new Set(open.map(({ invoice }) => projectOfContract(invoice.contract)!.id));
    expect(projectsWithPayables.size).toBeGreaterThan(1);
    expect(payables.by_project.map((group) => group.project?.id).sort()).toEqual([...projectsWithPayables].sort());
    for (const group of payables.by_project) {
      const own = dataOf<PayablesAnswer>(await client.callTool('get_project_payables', { project_id: group.project!.id }));
      expect(group.outstanding_gross).toBe(own.totals.outstanding_gross);
      expect(group.count).toBe(own.invoices.length);
    }
    expect(textOf(answer).split('\n')[0]).toMatch(
      /^Payables of all projects \(\d+ with invoices to pay\): \d+ approved invoices not fully paid; outstanding [\d,]+\.\d\d EUR gross/,
    );
  });

  it('is what search_tools offers for "approved but unpaid", in English and German', async () => {
    for (const request of [
      'approved but not yet paid across all projects',
      'was ist freigegeben aber noch nicht bezahlt, über alle Projekte',
    ]) {
      const found = dataOf<{ tools: Array<{ name: string }> }>(await client.callTool('search_tools', { query: request }));
      expect(
        found.tools.slice(0, 3).map((tool) => tool.name),
        request,
      ).toContain('get_project_payables');
    }
  });
});

describe('cash discounts', () => {
  const discounted = () =>
    ledger.invoices.filter((invoice) => invoice.invoice_process_state === 'APPROVED' && expectedDiscount(invoice));

  it('are seeded both running and lapsed', () => {
    const discounts = discounted().map(expectedDiscount);
    expect(discounts.filter((discount) => discount!.lapsed).length).toBeGreaterThan(3);
    expect(discounts.filter((discount) => !discount!.lapsed).length).toBeGreaterThan(3);
  });

  it('are said in the payment status: which amount is due today, and since when a lapsed one lapsed', async () => {
    for (const invoice of discounted()) {
      const answer = await client.callTool('get_invoice_payment_status', { invoice_id: invoice.id });
      const discount = expectedDiscount(invoice)!;
      expect(dataOf<{ cash_discount: unknown }>(answer).cash_discount).toEqual(discount);
      const line = textOf(answer).split('\n')[1]!;
      const amount = (value: string) => `${shownAsCents(value)} EUR`;
      if (discount.lapsed) {
        expect(line).toBe(
          `Cash discount lapsed on ${discount.until}: due today is the undiscounted approved amount, ${amount(discount.undiscounted_approved_gross)} gross, not the ${amount(discount.discounted_approved_gross)} after discount.`,
        );
      } else {
        expect(line).toMatch(new RegExp(`^Cash discount running until ${discount.until}: paid by then, `));
      }
    }
    const plain = ledger.invoices.find((invoice) => invoice.invoice_process_state === 'APPROVED' && !expectedDiscount(invoice))!;
    expect(
      dataOf<{ cash_discount: unknown }>(await client.callTool('get_invoice_payment_status', { invoice_id: plain.id }))
        .cash_discount,
    ).toBeNull();
  });

  it('lapsed, make the payment preview warn; running, not', async () => {
    const [lapsed, running] = [true, false].map((wanted) =>
      discounted().find((invoice) => expectedDiscount(invoice)!.lapsed === wanted)!,
    );
    for (const invoice of [lapsed!, running!]) {
      const preview = await client.callTool('register_invoice_payment', {
        invoice_id: invoice.id,
        payment_amount_gross: '100.00',
        payment_date: '2026-11-20',
        is_final_payment: false,
      });
      const { status, warnings } = dataOf<{ status: string; warnings: Array<{ code: string; message: string }> }>(preview);
      expect(status).toBe('preview');
      const warned = warnings.find((warning) => warning.code === 'cash_discount_lapsed');
      if (invoice === lapsed) {
        expect(warned?.message).toContain(`The cash discount lapsed on ${invoice.date_discount}`);
        expect(textOf(preview)).toContain(`The cash discount lapsed on ${invoice.date_discount}`);
      } else {
        expect(warned).toBeUndefined();
      }
    }
  });

  it('show in list_invoices both approved amounts where they differ, and say what payment_date is', async () => {
    const [withDiscount] = discounted();
    const withoutDiscount = ledger.invoices.find(
      (invoice) => invoice.invoice_process_state === 'PAID' && !expectedDiscount(invoice),
    )!;
    for (const invoice of [withDiscount!, withoutDiscount]) {
      const answer = await client.callTool('list_invoices', { filters: { 'id.in': [invoice.id] } });
      const row = textOf(answer)
        .split('\n')
        .find((line) => line.includes(`id: ${invoice.id}`))!;
      expect(row).toContain('undiscounted_approved_amount: ');
      expect(row.includes('| discounted_approved_amount: ')).toBe(invoice === withDiscount);
    }
    const paid = await client.callTool('list_invoices', { filters: { 'id.in': [withoutDiscount.id] } });
    expect(textOf(paid)).toContain(
      "Note: payment_date is the date of the invoice's latest payment only, payment_amount_gross the total of all its payments so far. For what was paid in a period use get_payments_in_period",
    );
  });
});
