/** Where an invoice stands in money: approved against what its payments add up to. */
import type { Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal } from '../../src/shape/money.js';
import { approvedBasis } from '../shared/payment-answers.js';
import { cents, grossValueOf } from './figures.js';

export interface InvoicePosition {
  /** Gross, after cash discount where there is one; "0.00" before approval. */
  approved_gross: string;
  /** Gross, the sum of the invoice's payments. */
  paid_gross: string;
  /** approved_gross minus paid_gross; negative when more was paid than approved. */
  outstanding_gross: string;
}

export function invoiceNumber(invoice: FlatResource): string | null {
  const number = invoice.external_identifier ?? invoice.internal_identifier;
  return typeof number === 'string' ? number : null;
}

function position(invoice: FlatResource, paid: Decimal): InvoicePosition {
  const approved = grossValueOf(approvedBasis(invoice));
  return { approved_gross: cents(approved), paid_gross: cents(paid), outstanding_gross: cents(approved.minus(paid)) };
}

export function positionOf(invoice: FlatResource, payments: readonly FlatResource[]): InvoicePosition {
  return position(
    invoice,
    payments.reduce((total, payment) => total.plus(grossValueOf(payment.paid_amount)), new Decimal(0)),
  );
}

/**
 * The same from the invoice alone, without reading its payments: while several payments settle an
 * invoice, the API keeps its payment_amount_gross as their total (product spec, invoices).
 */
export function positionOfInvoice(invoice: FlatResource): InvoicePosition {
  return position(invoice, grossValueOf(invoice.payment_amount_gross));
}

export function paymentsOf(read: Reader, invoiceId: string): Promise<FlatResource[]> {
  return read.all('list_invoice_payments', { invoice_id: invoiceId });
}
