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

export function positionOf(invoice: FlatResource, payments: readonly FlatResource[]): InvoicePosition {
  const approved = grossValueOf(approvedBasis(invoice));
  const paid = payments.reduce((total, payment) => total.plus(grossValueOf(payment.paid_amount)), new Decimal(0));
  return { approved_gross: cents(approved), paid_gross: cents(paid), outstanding_gross: cents(approved.minus(paid)) };
}

export function paymentsOf(read: Reader, invoiceId: string): Promise<FlatResource[]> {
  return read.all('list_invoice_payments', { invoice_id: invoiceId });
}
