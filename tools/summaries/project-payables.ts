/**
 * get_project_payables: what a project still has to pay: approved invoices whose payments do
 * not cover them yet, oldest due first, with the total outstanding.
 */
import { z } from 'zod';
import type { Reader } from '../../src/dispatch/operation.js';
import { defineSummary } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { isoDate } from '../fields.js';
import { fincon } from '../scope.js';
import { amountOut, currencyOf, sumOf, table } from './figures.js';
import { exactlyOne, idOrName, PROJECT, resolveNamed } from './named.js';
import { byIds, chunked } from './reads.js';
import { invoiceNumber, positionOfInvoice } from './settlement.js';

const named = z.object({ id: z.string(), name: z.string().nullable() });

const payableSchema = z.object({
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  contract: named,
  contractor: named.nullable(),
  date_due: z.string().nullable(),
  approved_gross: amountOut,
  paid_gross: amountOut,
  outstanding_gross: amountOut,
});
type Payable = z.output<typeof payableSchema>;

const payablesSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  currency: z.string().nullable(),
  due_before: z.string().nullable(),
  invoices: z.array(payableSchema),
  totals: z.object({ approved_gross: amountOut, paid_gross: amountOut, outstanding_gross: amountOut }),
});

/** Approved invoices of these contracts, due on or before `dueBy` when given. */
async function approvedInvoices(read: Reader, contractIds: readonly string[], dueBy?: string): Promise<FlatResource[]> {
  const invoices: FlatResource[] = [];
  for (const chunk of chunked(contractIds)) {
    const filters = {
      'contract.in': chunk,
      'invoice_process_state.in': ['APPROVED'],
      ...(dueBy ? { 'date_due.less_than_equal': dueBy } : {}),
    };
    for await (const page of read.pages('list_invoices', { filters })) invoices.push(...page);
  }
  return invoices;
}

const byDueDate = (a: Payable, b: Payable) =>
  (a.date_due ?? '9999').localeCompare(b.date_due ?? '9999') || (a.invoice_number ?? '').localeCompare(b.invoice_number ?? '');

function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export const getProjectPayables = defineSummary({
  name: 'get_project_payables',
  title: 'Project payables',
  description:
    'What a project still owes: approved invoices not fully paid, oldest due first, with contractor, approved, paid and outstanding (gross), and the total.',
  product: fincon.product,
  toolset: 'summaries',
  args: { ...idOrName(PROJECT), due_before: isoDate('Only invoices due before this day').optional() },
  check: exactlyOne(PROJECT),
  output: payablesSchema,
  async summarise(args, read) {
    const project = await resolveNamed(PROJECT, args, read);
    const dueBefore = args.due_before as string | undefined;
    const contracts = await read.all('list_contracts', { filters: { 'project.in': [project.id] } });
    const contractById = new Map(contracts.map((contract) => [contract.id, contract]));
    const contractorIds = contracts.map((contract) => contract.contractor).filter((id): id is string => typeof id === 'string');
    const contractors = await byIds(read, 'list_contractors', [...new Set(contractorIds)]);
    const contractorNames = new Map(contractors.map((contractor) => [contractor.id, (contractor.name as string) ?? null]));
    const invoices = await approvedInvoices(read, [...contractById.keys()], dueBefore && dayBefore(dueBefore));
    const positions = invoices.map(positionOfInvoice);
    const payables = invoices
      .map((invoice, index): Payable => {
        const contract = contractById.get(String(invoice.contract));
        const contractorId = typeof contract?.contractor === 'string' ? contract.contractor : undefined;
        return {
          invoice_id: invoice.id,
          invoice_number: invoiceNumber(invoice),
          contract: { id: String(invoice.contract), name: (contract?.name as string) ?? null },
          contractor: contractorId ? { id: contractorId, name: contractorNames.get(contractorId) ?? null } : null,
          date_due: (invoice.date_due as string) ?? null,
          ...positions[index]!,
        };
      })
      .filter((payable) => new Decimal(payable.outstanding_gross).greaterThan(0))
      .sort(byDueDate);
    const currency = currencyOf(
      invoices.flatMap((invoice) => [invoice.discounted_approved_amount, invoice.undiscounted_approved_amount]),
      `the invoices of project ${project.id}`,
    );
    const totals = {
      approved_gross: sumOf(payables.map((payable) => payable.approved_gross)),
      paid_gross: sumOf(payables.map((payable) => payable.paid_gross)),
      outstanding_gross: sumOf(payables.map((payable) => payable.outstanding_gross)),
    };
    const scope = dueBefore ? `, due before ${dueBefore}` : '';
    const heading = `Payables of project ${untrustedInline(String(project.name ?? ''))} (${project.id})${scope}: ${payables.length} approved invoices not fully paid; outstanding ${formatAmount(totals.outstanding_gross)}${currency ? ` ${currency}` : ''} gross in all (approved ${formatAmount(totals.approved_gross)}, paid so far ${formatAmount(totals.paid_gross)}).`;
    const rows = payables.map((payable) => [
      payable.date_due ?? 'no due date',
      escapeUntrusted(payable.invoice_number ?? payable.invoice_id),
      escapeUntrusted(payable.contract.name ?? payable.contract.id),
      escapeUntrusted(payable.contractor?.name ?? '-'),
      formatAmount(payable.approved_gross),
      formatAmount(payable.paid_gross),
      formatAmount(payable.outstanding_gross),
    ]);
    const text = payables.length
      ? `${heading}\n${table(['due', 'invoice', 'contract', 'contractor', 'approved', 'paid', 'outstanding'], rows)}`
      : heading;
    return {
      text,
      structured: {
        project: { id: project.id, name: String(project.name ?? '') },
        currency,
        due_before: dueBefore ?? null,
        invoices: payables,
        totals,
      },
    };
  },
});
