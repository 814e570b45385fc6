import { CURRENCY, Dec, renderGross, splitGross, type Money } from '../money.js';
import type { CoreTables, InvoiceRecord, PaymentRecord } from './records.js';

/** Payments of an invoice, oldest first. */
export function paymentsOf(tables: CoreTables, invoiceId: string): readonly PaymentRecord[] {
  return tables.payments.where('invoice', invoiceId);
}

/**
 * The invoice's payment attributes, derived from its payments: the total paid gross, and
 * date, comment and creation time of the most recent payment.
 */
export function paymentAttributes(payments: readonly PaymentRecord[]) {
  const latest = payments[payments.length - 1];
  if (!latest) return { payment_amount_gross: null, payment_comment: null, payment_created: null, payment_date: null };
  const total = payments.reduce((sum, payment) => sum.plus(payment.gross), new Dec(0));
  return {
    payment_amount_gross: renderGross(total, latest.paid_amount.currency),
    payment_comment: latest.payment_comment,
    payment_created: latest.date_created,
    payment_date: latest.payment_date,
  };
}

/** Net and tax of a payment: its gross split in the ratio of the invoice's approved net to tax. */
export function paidAmount(
  invoice: Pick<InvoiceRecord, 'discounted_approved_amount' | 'undiscounted_approved_amount'>,
  gross: Dec,
): Money {
  const basis = invoice.discounted_approved_amount ?? invoice.undiscounted_approved_amount;
  const currency = basis?.currency ?? CURRENCY;
  const { net, tax } = basis ? splitGross(gross, basis) : { net: gross, tax: new Dec(0) };
  return { currency, net, tax };
}
