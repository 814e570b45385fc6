/**
 * get_invoice_payment_status: one invoice's state, approved against paid, what is outstanding,
 * its payments, and whether paying the outstanding amount would be its final payment.
 */
import { z } from 'zod';
import { defineSummary } from '../../src/dispatch/summary.js';
import { Decimal, formatAmount } from '../../src/shape/money.js';
import { escapeUntrusted, untrustedInline } from '../../src/shape/untrusted.js';
import { cashDiscountOf, describeCashDiscount } from '../shared/cash-discount.js';
import { invoiceId } from '../shared/invoices.js';
import { fincon } from '../scope.js';
import { amountOut, cashDiscountOut, cents, currencyOf, grossValueOf, netOf, table, taxOf } from './figures.js';
import { findById, INVOICE } from './named.js';
import { invoiceNumber, paymentsOf, positionOf } from './settlement.js';

const paymentSchema = z.object({
  id: z.string(),
  payment_date: z.string().nullable(),
  gross: amountOut,
  net: amountOut,
  tax: amountOut,
  comment: z.string().nullable(),
});

const statusSchema = z.object({
  invoice_id: z.string(),
  invoice_number: z.string().nullable(),
  contract_id: z.string().nullable(),
  state: z.string(),
  currency: z.string().nullable(),
  approved_gross: amountOut.meta({
    description: 'after cash discount where there is one; cash_discount says whether it still holds',
  }),
  paid_gross: amountOut,
  outstanding_gross: amountOut.meta({ description: 'approved_gross (after cash discount) minus paid_gross' }),
  cash_discount: cashDiscountOut,
  payments: z.array(paymentSchema),
  can_take_payment: z.boolean().meta({ description: 'APPROVED or PAID: register_invoice_payment accepts a payment' }),
  paying_outstanding_is_final: z
    .boolean()
    .meta({ description: 'paying outstanding_gross now settles the invoice: register it with is_final_payment=true' }),
});

/** What paying the outstanding amount would do, in words. */
function nextStep(state: string, outstanding: Decimal, currency: string | null): string {
  const amount = `${formatAmount(cents(outstanding))}${currency ? ` ${currency}` : ''} gross`;
  if (state === 'APPROVED' && outstanding.greaterThan(0)) {
    return `Paying the outstanding ${amount} would be the final payment (register_invoice_payment with is_final_payment=true); the invoice then becomes PAID.`;
  }
  if (state === 'APPROVED')
    return 'Nothing is outstanding; a final payment of 0 is not possible, so the state stays APPROVED until one is registered.';
  if (state === 'PAID') {
    return outstanding.greaterThan(0)
      ? `The invoice is PAID although ${amount} is outstanding: further payments can only be partial (is_final_payment=false).`
      : 'The invoice is settled.';
  }
  return `The invoice is ${state}: it takes payments only once it is APPROVED.`;
}

export const getInvoicePaymentStatus = defineSummary({
  name: 'get_invoice_payment_status',
  title: 'Invoice payment status',
  description:
    "One invoice's state, approved against paid (gross), outstanding, payments, and whether paying the rest is the final payment. Read it before paying.",
  product: fincon.product,
  toolset: 'summaries',
  args: { invoice_id: invoiceId(fincon) },
  output: statusSchema,
  async summarise(args, read) {
    const invoice = await findById(INVOICE, String(args.invoice_id), read);
    const payments = await paymentsOf(read, invoice.id);
    const position = positionOf(invoice, payments);
    const number = invoiceNumber(invoice);
    const state = String(invoice.invoice_process_state);
    const outstanding = new Decimal(position.outstanding_gross);
    const currency = currencyOf(
      [
        invoice.discounted_approved_amount,
        invoice.undiscounted_approved_amount,
        ...payments.map((payment) => payment.paid_amount),
      ],
      `invoice ${invoice.id}`,
    );
    const history = payments
      .map((payment) => ({
        id: payment.id,
        payment_date: (payment.payment_date as string) ?? null,
        gross: cents(grossValueOf(payment.paid_amount)),
        net: cents(netOf(payment.paid_amount)),
        tax: cents(taxOf(payment.paid_amount)),
        comment: (payment.payment_comment as string) ?? null,
      }))
      .sort((a, b) => (a.payment_date ?? '').localeCompare(b.payment_date ?? ''));
    const inCurrency = currency ? ` ${currency}` : '';
    const lines = [
      `Invoice ${number === null ? invoice.id : `${untrustedInline(number)} (${invoice.id})`} is ${state}: approved ${formatAmount(position.approved_gross)}${inCurrency} gross, paid ${formatAmount(position.paid_gross)} in ${payments.length} payments, outstanding ${formatAmount(position.outstanding_gross)}.`,
      nextStep(state, outstanding, currency),
    ];
    const discount = cashDiscountOf(invoice);
    if (discount) lines.splice(1, 0, describeCashDiscount(discount, currency ?? undefined));
    if (history.length) {
      lines.push(
        table(
          ['date', 'gross', 'net', 'tax', 'comment'],
          history.map((payment) => [
            payment.payment_date ?? '-',
            formatAmount(payment.gross),
            formatAmount(payment.net),
            formatAmount(payment.tax),
            escapeUntrusted(payment.comment ?? ''),
          ]),
        ),
      );
    }
    return {
      text: lines.join('\n'),
      structured: {
        invoice_id: invoice.id,
        invoice_number: number,
        contract_id: (invoice.contract as string) ?? null,
        state,
        currency,
        ...position,
        cash_discount: discount,
        payments: history,
        can_take_payment: state === 'APPROVED' || state === 'PAID',
        paying_outstanding_is_final: state === 'APPROVED' && outstanding.greaterThan(0),
      },
    };
  },
});
