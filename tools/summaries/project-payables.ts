/**
 * get_project_payables: what a project, or every project, still has to pay: approved invoices
 * whose payments do not cover them yet, oldest due first, with the total outstanding and, across
 * projects, a subtotal per project.
 */
import { z } from 'zod';
import type { Reader } from '../../src/dispatch/operation.js';
import { defineSummary } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { cashDiscountOf } from '../shared/cash-discount.js';
import { isoDate } from '../fields.js';
import { fincon } from '../scope.js';
import { amountOut, cashDiscountOut, currencyOf, sumOf, table, totalsOf } from './figures.js';
import { idOrName, PROJECT, resolveNamed } from './named.js';
import { allOf, byIds, chunked, distinctIds, projectsOfContracts } from './reads.js';
import { invoiceNumber, positionOfInvoice } from './settlement.js';

const named = z.object({ id: z.string(), name: z.string().nullable() });

const figures = {
  approved_gross: amountOut.meta({ description: 'after cash discount where there is one; see cash_discount' }),
  paid_gross: amountOut,
  outstanding_gross: amountOut,
};

const payableSchema = z.object({
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  project: named.nullable(),
  contract: named,
  contractor: named.nullable(),
  date_due: z.string().nullable(),
  ...figures,
  cash_discount: cashDiscountOut,
});
type Payable = z.output<typeof payableSchema>;

const payablesSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: 'null: all projects' }),
  currency: z.string().nullable(),
  due_before: z.string().nullable(),
  invoices: z.array(payableSchema),
  totals: z.object(figures),
  by_project: z.array(z.object({ project: named.nullable(), count: z.number().int(), ...figures })),
});

/** Approved invoices of these contracts (all contracts when undefined), due on or before `dueBy` when given. */
function approvedInvoices(read: Reader, contractIds: readonly string[] | undefined, dueBy?: string): Promise<FlatResource[]> {
  const due = { 'invoice_process_state.in': ['APPROVED'], ...(dueBy ? { 'date_due.less_than_equal': dueBy } : {}) };
  const filters = contractIds ? chunked(contractIds).map((chunk) => ({ 'contract.in': chunk, ...due })) : [due];
  return allOf(read, 'list_invoices', filters);
}

const byDueDate = (a: Payable, b: Payable) =>
  (a.date_due ?? '9999').localeCompare(b.date_due ?? '9999') || (a.invoice_number ?? '').localeCompare(b.invoice_number ?? '');

function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The contracts whose invoices count: the project's, or all the invoices' own when undefined. */
async function contractsOf(read: Reader, project: FlatResource | undefined): Promise<FlatResource[] | undefined> {
  return project ? read.all('list_contracts', { filters: { 'project.in': [project.id] } }) : undefined;
}

const FIGURES = ['approved_gross', 'paid_gross', 'outstanding_gross'] as const;

function subtotals(payables: readonly Payable[]): Payables['by_project'] {
  const groups = new Map<string, Payable[]>();
  for (const payable of payables) {
    const key = payable.project?.id ?? '';
    groups.set(key, [...(groups.get(key) ?? []), payable]);
  }
  return [...groups.values()]
    .map((rows) => ({ project: rows[0]!.project, count: rows.length, ...totalsOf(rows, FIGURES) }))
    .sort((a, b) => (a.project?.name ?? '').localeCompare(b.project?.name ?? ''));
}

type Payables = z.output<typeof payablesSchema>;

export const getProjectPayables = defineSummary({
  name: 'get_project_payables',
  title: 'Payables: approved, not yet paid',
  description:
    'Approved invoices not fully paid, of one project or (without one) all: oldest due first, contractor, approved, paid, outstanding gross, cash discount; totals per project.',
  product: fincon.product,
  toolset: 'summaries',
  args: { ...idOrName(PROJECT), due_before: isoDate('Only invoices due before this day').optional() },
  check: (args) =>
    args.project_id !== undefined && args.project_name !== undefined
      ? { field: 'project_id', fix: 'give at most one of project_id or project_name; neither for all projects' }
      : undefined,
  output: payablesSchema,
  async summarise(args, read) {
    const project = args.project_id || args.project_name ? await resolveNamed(PROJECT, args, read) : undefined;
    const dueBefore = args.due_before as string | undefined;
    const scoped = await contractsOf(read, project);
    const contractorsOf = (contracts: readonly FlatResource[]) =>
      byIds(read, 'list_contractors', distinctIds(contracts.map((contract) => contract.contractor)));
    // A project's contracts name their contractors at once: those are read beside the invoices.
    const [invoices, scopedContractors] = await Promise.all([
      approvedInvoices(
        read,
        scoped?.map((contract) => contract.id),
        dueBefore && dayBefore(dueBefore),
      ),
      scoped && contractorsOf(scoped),
    ]);
    const contracts = scoped ?? (await byIds(read, 'list_contracts', distinctIds(invoices.map((invoice) => invoice.contract))));
    const contractById = new Map(contracts.map((contract) => [contract.id, contract]));
    const contractors = scopedContractors ?? (await contractorsOf(contracts));
    const contractorNames = new Map(contractors.map((contractor) => [contractor.id, (contractor.name as string) ?? null]));
    const projectOfContract = project ? undefined : await projectsOfContracts(read, contracts);
    const positions = invoices.map(positionOfInvoice);
    const payables = invoices
      .map((invoice, index): Payable => {
        const contract = contractById.get(String(invoice.contract));
        const contractorId = typeof contract?.contractor === 'string' ? contract.contractor : undefined;
        const owner = project ?? projectOfContract?.get(String(invoice.contract));
        return {
          invoice_id: invoice.id,
          invoice_number: invoiceNumber(invoice),
          project: owner ? { id: owner.id, name: (owner.name as string) ?? null } : null,
          contract: { id: String(invoice.contract), name: (contract?.name as string) ?? null },
          contractor: contractorId ? { id: contractorId, name: contractorNames.get(contractorId) ?? null } : null,
          date_due: (invoice.date_due as string) ?? null,
          ...positions[index]!,
          cash_discount: cashDiscountOf(invoice),
        };
      })
      .filter((payable) => new Decimal(payable.outstanding_gross).greaterThan(0))
      .sort(byDueDate);
    const currency = currencyOf(
      invoices.flatMap((invoice) => [invoice.discounted_approved_amount, invoice.undiscounted_approved_amount]),
      project ? `the invoices of project ${project.id}` : 'the approved invoices',
    );
    const answer: Payables = {
      project: project ? { id: project.id, name: String(project.name ?? '') } : null,
      currency,
      due_before: dueBefore ?? null,
      invoices: payables,
      totals: totalsOf(payables, FIGURES),
      by_project: subtotals(payables),
    };
    return { text: describePayables(answer), structured: answer };
  },
});

function describePayables(answer: Payables): string {
  const { totals, currency } = answer;
  const inCurrency = currency ? ` ${currency}` : '';
  const whose = answer.project
    ? `Payables of project ${untrustedInline(answer.project.name)} (${answer.project.id})`
    : `Payables of all projects (${answer.by_project.length} with invoices to pay)`;
  const scope = answer.due_before ? `, due before ${answer.due_before}` : '';
  const lines = [
    `${whose}${scope}: ${answer.invoices.length} approved invoices not fully paid; outstanding ${formatAmount(totals.outstanding_gross)}${inCurrency} gross in all (approved ${formatAmount(totals.approved_gross)}, paid so far ${formatAmount(totals.paid_gross)}).`,
  ];
  const lapsed = answer.invoices.filter((payable) => payable.cash_discount?.lapsed);
  const running = answer.invoices.filter((payable) => payable.cash_discount && !payable.cash_discount.lapsed);
  if (lapsed.length || running.length) {
    lines.push(
      `Approved amounts are after cash discount. ${running.length} discounts still run (pay by the date in the discount column to keep them); ${lapsed.length} lapsed: for those the undiscounted amount, ${formatAmount(sumOf(lapsed.map((payable) => payable.cash_discount!.undiscounted_approved_gross)))} instead of ${formatAmount(sumOf(lapsed.map((payable) => payable.cash_discount!.discounted_approved_gross)))} approved, is due today.`,
    );
  }
  if (!answer.project && answer.by_project.length) {
    lines.push(
      `Per project (outstanding): ${untrustedInline(answer.by_project.map((group) => `${group.project?.name ?? 'no project'} ${formatAmount(group.outstanding_gross)} (${group.count})`).join('; '))}.`,
    );
  }
  if (!answer.invoices.length) return lines.join('\n');
  const discountCell = (payable: Payable) =>
    payable.cash_discount ? `${payable.cash_discount.lapsed ? 'lapsed' : 'until'} ${payable.cash_discount.until ?? '-'}` : '-';
  const header = [
    'due',
    'invoice',
    ...(answer.project ? [] : ['project']),
    'contract',
    'contractor',
    'approved',
    'paid',
    'outstanding',
    'discount',
  ];
  const rows = answer.invoices.map((payable) => [
    payable.date_due ?? 'no due date',
    escapeUntrusted(payable.invoice_number ?? payable.invoice_id),
    ...(answer.project ? [] : [escapeUntrusted(payable.project?.name ?? '-')]),
    escapeUntrusted(payable.contract.name ?? payable.contract.id),
    escapeUntrusted(payable.contractor?.name ?? '-'),
    formatAmount(payable.approved_gross),
    formatAmount(payable.paid_gross),
    formatAmount(payable.outstanding_gross),
    discountCell(payable),
  ]);
  lines.push(table(header, rows));
  return lines.join('\n');
}
