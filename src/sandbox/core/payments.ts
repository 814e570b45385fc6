import { z } from 'zod';
import { ApiError, parameter, pointer } from '../envelope.js';
import { bool, decimal, isoDate, str, uuid } from '../fields.js';
import { renderMoney } from '../money.js';
import { findOr404, listOf, single, type Resource } from '../resource.js';
import { parseBody } from '../validation.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { nowTimestamp, requireSameId } from './bodies.js';
import { invoiceResource } from './invoices.js';
import { paidAmount, paymentsOf } from './ledger.js';
import type { InvoiceProcessState } from './enums.js';
import { perProduct, type Product } from './product.js';
import type { InvoiceRecord, PaymentRecord } from './records.js';

/*
 * Invoice payments (product spec): register with is_final_payment, list, update. FinCon and CAPEX
 * follow the same state machine; rejections because of the invoice's state answer 409.
 */

const paymentResource = perProduct((product): Resource<PaymentRecord> => ({
  type: 'INVOICE_PAYMENT',
  label: 'Payment',
  table: (store) => product.tables(store).payments,
  attributes: (payment) => ({
    payment_date: payment.payment_date,
    paid_amount: renderMoney(payment.paid_amount),
    payment_comment: payment.payment_comment,
    date_created: payment.date_created,
    invoice: payment.invoice,
  }),
  relationships: (payment) => ({ invoice: { data: { id: payment.invoice, type: 'INVOICE' } } }),
  related: { invoice: { resource: () => invoiceResource(product), id: (payment) => payment.invoice } },
}));

const grossAmount = () => decimal({ numbers: true, gt: 0 });

const registerBody = z.object({
  data: z.object({
    type: str().optional(),
    attributes: z.object({
      payment_amount_gross: grossAmount(),
      payment_comment: str(),
      payment_date: isoDate(),
      is_final_payment: bool().optional(),
    }),
  }),
});

const updateBody = z.object({
  data: z.object({
    id: uuid().optional(),
    type: str().optional(),
    attributes: z.object({
      payment_amount_gross: grossAmount().optional(),
      payment_date: isoDate().optional(),
      payment_comment: str().nullable().optional(),
    }),
  }),
});

const AWAITING_APPROVAL: readonly InvoiceProcessState[] = ['NEW', 'DETAILS_ENTERED', 'CHECKED'];

/** The invoice states that accept a payment: APPROVED always, PAID only for a further partial payment. */
function admitPayment(invoice: InvoiceRecord, isFinal: boolean): void {
  const state = invoice.invoice_process_state;
  if (AWAITING_APPROVAL.includes(state)) {
    throw new ApiError(
      409,
      `Invoice ${invoice.id} is in state ${state} and still awaits approval; payments can be registered only on APPROVED or PAID invoices (approval happens in Alasco, not through the API).`,
    );
  }
  if (state === 'PAID' && isFinal) {
    throw new ApiError(
      409,
      `Invoice ${invoice.id} is already PAID. Register a further partial payment with is_final_payment=false, or update an existing payment.`,
      pointer('data', 'attributes', 'is_final_payment'),
    );
  }
}

const registerPayment = (product: Product) => (request: SandboxRequest) => {
  const { attributes } = parseBody(registerBody, request.json()).data;
  const { store } = request;
  const invoice = findOr404(invoiceResource(product), store, request.params.id as string);
  const isFinal = attributes.is_final_payment ?? true;
  admitPayment(invoice, isFinal);
  product.tables(store).payments.insert({
    id: store.newId(),
    invoice: invoice.id,
    payment_date: attributes.payment_date,
    gross: attributes.payment_amount_gross,
    paid_amount: paidAmount(invoice, attributes.payment_amount_gross),
    payment_comment: attributes.payment_comment,
    date_created: nowTimestamp(store),
  });
  if (isFinal) invoice.invoice_process_state = 'PAID';
  return single(invoiceResource(product), invoice, request, 201);
};

/** Changes only what the body sends; never touches the invoice's state. */
const updatePayment = (product: Product) => (request: SandboxRequest) => {
  const { data } = parseBody(updateBody, request.json());
  const { store } = request;
  const invoice = findOr404(invoiceResource(product), store, request.params.invoice_id as string, 'invoice_id');
  const payment = product.tables(store).payments.get(request.params.payment_id as string);
  if (!payment || payment.invoice !== invoice.id) {
    throw new ApiError(
      404,
      `Payment ${request.params.payment_id} does not exist on invoice ${invoice.id}.`,
      parameter('payment_id'),
    );
  }
  if (data.id !== undefined) requireSameId(data.id, payment.id, 'payment');
  const { payment_amount_gross: gross, payment_date: date, payment_comment: comment } = data.attributes;
  if (gross !== undefined) {
    payment.gross = gross;
    payment.paid_amount = paidAmount(invoice, gross);
  }
  if (date !== undefined) payment.payment_date = date;
  if (comment !== undefined) payment.payment_comment = comment;
  return single(paymentResource(product), payment, request);
};

export const paymentRoutes = (product: Product): RouteSpec[] => [
  {
    method: 'GET',
    path: '/invoices/{id}/payments/',
    handler: listOf(paymentResource(product), {
      within: {
        param: 'id',
        parent: invoiceResource(product),
        rows: (invoice, store) => paymentsOf(product.tables(store), invoice.id),
      },
    }),
  },
  { method: 'POST', path: '/invoices/{id}/register-payment/', handler: registerPayment(product) },
  { method: 'PATCH', path: '/invoices/{invoice_id}/payments/{payment_id}/', handler: updatePayment(product) },
];
