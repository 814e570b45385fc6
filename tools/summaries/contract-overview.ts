/**
 * get_contract_overview: one contract with its terms, change orders, invoices by state and
 * payments, and what it comes to: contracted, in draft, open change orders (weighted and
 * unweighted), approved, paid, open.
 */
import { z } from 'zod';
import { defineSummary } from '../../src/dispatch/summary.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { contractId } from '../shared/contracts.js';
import { fincon } from '../scope.js';
import {
  amountOut,
  cents,
  currencyOf,
  describeOpenChangeOrders,
  grossValueOf,
  inDraftOut,
  netOf,
  openChangeOrdersShape,
  sumOf,
  table,
} from './figures.js';
import { CONTRACT, findById } from './named.js';
import { paymentsOf } from './settlement.js';

const OPEN_CHANGE_ORDER = new Set(['OPEN', 'DETAILS_ENTERED']);
/** Invoices that count as approved, and the only ones payments are registered on. */
const APPROVED_INVOICE = new Set(['APPROVED', 'PAID']);

const changeOrderSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  state: z.string(),
  amount: amountOut.meta({ description: 'net: approved when acknowledged, else audited, else claimed' }),
});

const openChangeOrderSchema = changeOrderSchema.extend({
  weighting_factor: z.number().nullable().meta({ description: 'probability the API weighs the amount with; null counts as 1' }),
  weighted_amount: amountOut.meta({ description: 'amount times weighting factor, to the cent' }),
});

const overviewSchema = z.object({
  contract: z.object({
    id: z.string(),
    name: z.string().nullable(),
    contract_number: z.string().nullable(),
    status: z.string().nullable(),
    contract_unit: z.string().nullable(),
    contractor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  }),
  currency: z.string().nullable(),
  terms: z.record(z.string(), z.unknown()).nullable().meta({ description: 'general terms as the API gives them' }),
  change_orders: z.object({
    open: z.array(openChangeOrderSchema),
    acknowledged: z.array(changeOrderSchema),
    other: z.number(),
  }),
  invoices_by_state: z.record(z.string(), z.object({ count: z.number(), approved: amountOut })),
  payments: z.array(
    z.object({ id: z.string(), invoice_id: z.string(), payment_date: z.string().nullable(), net: amountOut, gross: amountOut }),
  ),
  totals: z.object({
    contracted: amountOut.meta({ description: 'main contract (unless DRAFT) plus acknowledged change orders' }),
    in_draft: inDraftOut,
    ...openChangeOrdersShape,
    approved: amountOut,
    paid: amountOut,
    open: amountOut.meta({ description: 'contracted minus paid' }),
  }),
});

/** A change order's amount: approved once acknowledged, else the audited or the claimed one. */
function changeOrderAmount(order: FlatResource): Decimal {
  if (order.state === 'ACKNOWLEDGED') return netOf(order.approved_amount);
  return netOf(order.audited_amount ?? order.claimed_amount);
}

const factorOf = (order: FlatResource) => (typeof order.weighting_factor === 'number' ? order.weighting_factor : null);

/** Weighted to the cent one by one, as the reporting API adds them up in open_change_orders_amount. */
function weightedAmount(order: FlatResource): Decimal {
  return changeOrderAmount(order)
    .times(String(factorOf(order) ?? 1))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export const getContractOverview = defineSummary({
  name: 'get_contract_overview',
  title: 'Contract overview',
  description:
    'One contract in one call: terms, change orders, invoices by state, payments, and net totals contracted, approved, paid and open.',
  product: fincon.product,
  toolset: 'reporting',
  args: { contract_id: contractId(fincon) },
  output: overviewSchema,
  async summarise(args, read) {
    const contract = await findById(CONTRACT, String(args.contract_id), read);
    const contractorId = typeof contract.contractor === 'string' ? contract.contractor : undefined;
    const [contractor, terms, orders, invoices] = await Promise.all([
      contractorId ? read.find('get_contractor', { contractor_id: contractorId }) : undefined,
      read.find('get_contract_terms', { contract_id: contract.id }),
      read.all('list_contract_change_orders', { contract_id: contract.id }),
      read.all('list_contract_invoices', { contract_id: contract.id }),
    ]);
    const approvedInvoices = invoices.filter((invoice) => APPROVED_INVOICE.has(String(invoice.invoice_process_state)));
    // Side by side; the reader lets --parallel-reads of them run at once.
    const paymentLists = await Promise.all(approvedInvoices.map((invoice) => paymentsOf(read, invoice.id)));
    const payments = approvedInvoices.flatMap((invoice, index) =>
      (paymentLists[index] ?? []).map((payment) => ({
        id: payment.id,
        invoice_id: invoice.id,
        payment_date: (payment.payment_date as string) ?? null,
        net: cents(netOf(payment.paid_amount)),
        gross: cents(grossValueOf(payment.paid_amount)),
      })),
    );

    const shownOrder = (order: FlatResource) => ({
      id: order.id,
      name: (order.name as string) ?? null,
      state: String(order.state),
      amount: cents(changeOrderAmount(order)),
    });
    const open = orders
      .filter((order) => OPEN_CHANGE_ORDER.has(String(order.state)))
      .map((order) => ({
        ...shownOrder(order),
        weighting_factor: factorOf(order),
        weighted_amount: cents(weightedAmount(order)),
      }));
    const acknowledged = orders.filter((order) => order.state === 'ACKNOWLEDGED').map(shownOrder);
    const byState: Record<string, { count: number; approved: string }> = {};
    for (const invoice of invoices) {
      const state = String(invoice.invoice_process_state);
      const entry = byState[state] ?? { count: 0, approved: '0.00' };
      const approved = APPROVED_INVOICE.has(state) ? netOf(invoice.undiscounted_approved_amount) : new Decimal(0);
      byState[state] = { count: entry.count + 1, approved: cents(approved.plus(entry.approved)) };
    }
    const draft = contract.status === 'DRAFT';
    const main = draft ? new Decimal(0) : netOf(contract.amount);
    const contracted = acknowledged.reduce((total, order) => total.plus(order.amount), main);
    const paid = payments.reduce((total, payment) => total.plus(payment.net), new Decimal(0));
    const totals = {
      contracted: cents(contracted),
      in_draft: cents(draft ? netOf(contract.amount) : new Decimal(0)),
      open_change_orders: sumOf(open.map((order) => order.weighted_amount)),
      open_change_orders_unweighted: sumOf(open.map((order) => order.amount)),
      approved: cents(
        approvedInvoices.reduce((total, invoice) => total.plus(netOf(invoice.undiscounted_approved_amount)), new Decimal(0)),
      ),
      paid: cents(paid),
      open: cents(contracted.minus(paid)),
    };
    const currency = currencyOf(
      [contract.amount, ...approvedInvoices.map((invoice) => invoice.undiscounted_approved_amount)],
      `contract ${contract.id}`,
    );
    const contractorName = contractor ? String(contractor.name ?? '') : null;
    const generalTerms = (terms?.general_terms as Record<string, unknown> | undefined) ?? null;

    const lines = [
      `Contract ${untrustedInline(String(contract.name ?? contract.id))} (${contract.id}), ${String(contract.status ?? 'no status')}, with ${contractorName === null ? 'no contractor' : untrustedInline(contractorName)}; amounts ${currency ?? 'in the account currency'}, net.`,
      `Totals: contracted ${formatAmount(totals.contracted)}${draft ? ` (the contract is a DRAFT: its ${formatAmount(totals.in_draft)} is in draft, not contracted)` : ''}; ${describeOpenChangeOrders(totals)}; approved ${formatAmount(totals.approved)}; paid ${formatAmount(totals.paid)}; open ${formatAmount(totals.open)} (contracted minus paid).`,
      `Invoices: ${
        Object.entries(byState)
          .map(([state, entry]) => `${entry.count} ${state}`)
          .join(', ') || 'none'
      }; ${payments.length} payments. Change orders: ${open.length} open, ${acknowledged.length} acknowledged, ${orders.length - open.length - acknowledged.length} other.`,
    ];
    if (generalTerms) {
      const percent = (key: string) => (typeof generalTerms[key] === 'number' ? `${generalTerms[key]} %` : 'none');
      lines.push(
        `Terms: cash discount ${percent('cash_discount_percentage')}, deduction ${percent('deduction_percentage')}; ${Array.isArray(terms?.rules) ? terms.rules.length : 0} calculation rules (get_contract_terms has them all).`,
      );
    }
    if (open.length + acknowledged.length > 0) {
      lines.push(
        table(
          ['change order', 'state', 'amount', 'weighting factor', 'weighted'],
          [
            ...open.map((order) => [
              escapeUntrusted(order.name ?? order.id),
              order.state,
              formatAmount(order.amount),
              String(order.weighting_factor ?? 'none (1)'),
              formatAmount(order.weighted_amount),
            ]),
            ...acknowledged.map((order) => [
              escapeUntrusted(order.name ?? order.id),
              order.state,
              formatAmount(order.amount),
              '',
              '',
            ]),
          ],
        ),
      );
    }
    return {
      text: lines.join('\n'),
      structured: {
        contract: {
          id: contract.id,
          name: (contract.name as string) ?? null,
          contract_number: (contract.contract_number as string) ?? null,
          status: (contract.status as string) ?? null,
          contract_unit: (contract.contract_unit as string) ?? null,
          contractor: contractorId ? { id: contractorId, name: contractorName } : null,
        },
        currency,
        terms: generalTerms,
        change_orders: { open, acknowledged, other: orders.length - open.length - acknowledged.length },
        invoices_by_state: byState,
        payments,
        totals,
      },
    };
  },
});
