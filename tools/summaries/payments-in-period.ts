/**
 * get_payments_in_period: every payment dated in a period, read from the invoices' own payment
 * lists, with totals and totals per month. An invoice's payment_date is only its latest payment
 * and payment_amount_gross the running total, so summing invoices answers another question.
 */
import { z } from 'zod';
import type { Reader } from '../../src/dispatch/operation.js';
import { defineSummary } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { isoDate, uuid } from '../fields.js';
import { fincon } from '../scope.js';
import { amountOut, cents, currencyOf, grossValueOf, netOf, table, taxOf, totalsOf } from './figures.js';
import { idOrName, PROJECT, resolveNamed } from './named.js';
import { allOf, byIds, chunked, distinctIds, projectsOfContracts } from './reads.js';
import { invoiceNumber, paymentsOf } from './settlement.js';

/** Payments the text lists one by one; all of them are in the structured content. */
const TEXT_ROWS = 60;

const named = z.object({ id: z.string(), name: z.string().nullable() });
const sums = { count: z.number().int(), gross: amountOut, net: amountOut, tax: amountOut };

const periodSchema = z.object({
  from: z.string(),
  to: z.string(),
  project: named.nullable().meta({ description: 'null: all projects' }),
  contractor_id: z.string().nullable(),
  currency: z.string().nullable().meta({ description: 'of every amount; null: the account currency' }),
  payments: z.array(
    z.object({
      payment_id: z.string(),
      payment_date: z.string(),
      gross: amountOut,
      net: amountOut,
      tax: amountOut,
      comment: z.string().nullable(),
      invoice: z.object({ id: z.string(), number: z.string().nullable() }),
      contract: named.nullable(),
      contractor: named.nullable(),
      project: named.nullable(),
    }),
  ),
  totals: z.object(sums),
  by_month: z.array(z.object({ month: z.string().meta({ description: 'YYYY-MM' }), ...sums })),
  invoices_read: z.number().int().meta({ description: 'invoices listed in scope' }),
  payment_lists_read: z.number().int().meta({ description: 'invoices with payments, whose payment lists were read' }),
});
type PeriodPayment = z.output<typeof periodSchema>['payments'][number];

/** The contracts in scope, or undefined for all of the account's contracts. */
async function contractsInScope(read: Reader, projectId?: string, contractorId?: string): Promise<FlatResource[] | undefined> {
  if (!projectId && !contractorId) return undefined;
  const filters = {
    ...(projectId ? { 'project.in': [projectId] } : {}),
    ...(contractorId ? { 'contractor.in': [contractorId] } : {}),
  };
  return read.all('list_contracts', { filters });
}

function invoicesOf(read: Reader, contracts: readonly FlatResource[] | undefined): Promise<FlatResource[]> {
  if (!contracts) return read.all('list_invoices', {});
  return allOf(
    read,
    'list_invoices',
    chunked(contracts.map((contract) => contract.id)).map((chunk) => ({ 'contract.in': chunk })),
  );
}

/**
 * Whether an invoice has any payment. Its payment_date cannot narrow the reads further: it is the
 * most recent payment's, and a payment registered later may be dated earlier than others.
 */
const hasPayments = (invoice: FlatResource) => invoice.payment_date !== undefined || invoice.payment_amount_gross !== undefined;

const nameOf = (record: FlatResource | undefined) => (record ? { id: record.id, name: (record.name as string) ?? null } : null);

const countAndSums = (payments: readonly PeriodPayment[]) => ({
  count: payments.length,
  ...totalsOf(payments, ['gross', 'net', 'tax'] as const),
});

function byMonth(payments: readonly PeriodPayment[]) {
  const months = new Map<string, PeriodPayment[]>();
  for (const payment of payments) {
    const month = payment.payment_date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), payment]);
  }
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, rows]) => ({ month, ...countAndSums(rows) }));
}

const byDate = (a: PeriodPayment, b: PeriodPayment) =>
  a.payment_date.localeCompare(b.payment_date) || (a.invoice.number ?? '').localeCompare(b.invoice.number ?? '');

export const getPaymentsInPeriod = defineSummary({
  name: 'get_payments_in_period',
  title: 'Payments in a period',
  description:
    'Every payment dated from..to ("what did we pay in June?"), of all projects or one project or contractor, with invoice, contract, contractor; totals, also per month.',
  product: fincon.product,
  toolset: 'summaries',
  args: {
    from: isoDate('First day of the period'),
    to: isoDate('Last day of the period (included)'),
    ...idOrName(PROJECT),
    contractor_id: uuid('Only payments on contracts with this contractor', 'list_contractors').optional(),
  },
  check: (args) => {
    if (args.project_id !== undefined && args.project_name !== undefined) {
      return { field: 'project_id', fix: 'give at most one of project_id or project_name' };
    }
    if (String(args.from) > String(args.to)) return { field: 'to', fix: `must be on or after from (${String(args.from)})` };
    return undefined;
  },
  output: periodSchema,
  async summarise(args, read) {
    const from = String(args.from);
    const to = String(args.to);
    const project = args.project_id || args.project_name ? await resolveNamed(PROJECT, args, read) : undefined;
    const contractorId = args.contractor_id as string | undefined;
    const scoped = await contractsInScope(read, project?.id, contractorId);
    const invoices = await invoicesOf(read, scoped);
    const paid = invoices.filter(hasPayments);
    // Side by side; the reader lets --parallel-reads of them run at once.
    const lists = await Promise.all(paid.map((invoice) => paymentsOf(read, invoice.id)));
    const dated = paid.flatMap((invoice, index) =>
      lists[index]!.filter((payment) => {
        const date = String(payment.payment_date ?? '');
        return date >= from && date <= to;
      }).map((payment) => ({ invoice, payment })),
    );

    const contracts = scoped ?? (await byIds(read, 'list_contracts', distinctIds(dated.map(({ invoice }) => invoice.contract))));
    const contractById = new Map(contracts.map((contract) => [contract.id, contract]));
    const contractorOf = (invoice: FlatResource) => contractById.get(String(invoice.contract))?.contractor;
    const contractors = await byIds(read, 'list_contractors', distinctIds(dated.map(({ invoice }) => contractorOf(invoice))));
    const contractorById = new Map(contractors.map((contractor) => [contractor.id, contractor]));
    const projectOfContract = await projectsOfContracts(read, contracts);

    const payments = dated
      .map(({ invoice, payment }): PeriodPayment => ({
        payment_id: payment.id,
        payment_date: String(payment.payment_date),
        gross: cents(grossValueOf(payment.paid_amount)),
        net: cents(netOf(payment.paid_amount)),
        tax: cents(taxOf(payment.paid_amount)),
        comment: (payment.payment_comment as string) ?? null,
        invoice: { id: invoice.id, number: invoiceNumber(invoice) },
        contract: nameOf(contractById.get(String(invoice.contract))),
        contractor: nameOf(contractorById.get(String(contractorOf(invoice)))),
        project: nameOf(projectOfContract.get(String(invoice.contract))),
      }))
      .sort(byDate);
    const currency = currencyOf(
      dated.map(({ payment }) => payment.paid_amount),
      `the payments from ${from} to ${to}`,
    );
    const totals = countAndSums(payments);
    const months = byMonth(payments);
    const structured = {
      from,
      to,
      project: nameOf(project),
      contractor_id: contractorId ?? null,
      currency,
      payments,
      totals,
      by_month: months,
      invoices_read: invoices.length,
      payment_lists_read: paid.length,
    };
    return { text: describePeriod(structured, contractorById.get(contractorId ?? '')), structured };
  },
});

type PeriodAnswer = z.output<typeof periodSchema>;

function describePeriod(answer: PeriodAnswer, contractor: FlatResource | undefined): string {
  const inCurrency = answer.currency ? ` ${answer.currency}` : '';
  const scope = [
    answer.project ? `project ${untrustedInline(answer.project.name ?? '')} (${answer.project.id})` : 'all projects',
    answer.contractor_id
      ? `contractor ${contractor ? `${untrustedInline(String(contractor.name ?? ''))} (${answer.contractor_id})` : answer.contractor_id}`
      : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const { totals } = answer;
  const lines = [
    totals.count === 0
      ? `No payments dated from ${answer.from} to ${answer.to} (${scope}).`
      : `Paid from ${answer.from} to ${answer.to} (${scope}): ${formatAmount(totals.gross)}${inCurrency} gross in ${totals.count} payments (net ${formatAmount(totals.net)}, tax ${formatAmount(totals.tax)}).`,
    `Read from the payments themselves: ${answer.invoices_read} invoices listed, the payment lists of the ${answer.payment_lists_read} with payments read.`,
  ];
  if (answer.by_month.length > 1) {
    lines.push(
      `Per month: ${answer.by_month.map((month) => `${month.month} ${formatAmount(month.gross)} (${month.count})`).join('; ')}.`,
    );
  }
  if (answer.payments.length) {
    const shown = answer.payments.slice(0, TEXT_ROWS);
    lines.push(
      table(
        ['date', 'gross', 'invoice', 'contract', 'contractor', 'project'],
        shown.map((payment) => [
          payment.payment_date,
          formatAmount(payment.gross),
          escapeUntrusted(payment.invoice.number ?? payment.invoice.id),
          escapeUntrusted(payment.contract?.name ?? '-'),
          escapeUntrusted(payment.contractor?.name ?? '-'),
          escapeUntrusted(payment.project?.name ?? '-'),
        ]),
      ),
    );
    if (shown.length < answer.payments.length) {
      lines.push(
        `The first ${shown.length} of ${answer.payments.length} payments; all of them are in structuredContent.payments.`,
      );
    }
  }
  return lines.join('\n');
}
