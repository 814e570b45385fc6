import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { clearableText, flag, isoDate, positiveAmount, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { declarer } from '../kit.js';
import { invoiceId, invoiceViewOf } from './invoices.js';
import { correctedPaymentAnswer, registeredPaymentAnswer } from './payment-answers.js';
import { correctPaymentGuard, registerPaymentGuard } from './payment-guards.js';

export const paymentView: ResourceView = {
  type: 'INVOICE_PAYMENT',
  singular: 'payment',
  plural: 'payments',
  label: ['payment_date'],
  columns: ['paid_amount', 'paid_amount_gross', 'payment_comment', 'date_created'],
  totals: ['paid_amount'],
  gross: ['paid_amount'],
  schema: resourceSchema({
    payment_date: out.date,
    paid_amount: out.money,
    paid_amount_gross: out.grossMoney,
    payment_comment: out.text,
    date_created: out.dateTime,
    invoice: out.id,
  }),
};

/** Payments work the same on FinCon and CAPEX invoices (product spec). */
export function paymentOperations(scope: Scope): Operation[] {
  const declare = declarer(scope, 'payments');
  return [
    declare({
      name: 'list_invoice_payments',
      title: 'List the payments of an invoice',
      description: `Lists an invoice's payments, oldest first, with net, tax, gross and totals; gives the payment_id ${scope.tool('update_invoice_payment')} takes.`,
      method: 'GET',
      path: '/invoices/{id}/payments/',
      pathArgs: { id: 'invoice_id' },
      hints: hints.read,
      args: { invoice_id: invoiceId(scope) },
      list: {},
      result: paymentView,
    }),

    declare({
      name: 'register_invoice_payment',
      title: 'Register a payment on an invoice',
      description:
        'Records a payment on an APPROVED invoice in full or in part (a PAID one only in part); answers with what it still owes. Two calls record two payments.',
      method: 'POST',
      path: '/invoices/{id}/register-payment/',
      pathArgs: { id: 'invoice_id' },
      hints: hints.append,
      args: {
        invoice_id: invoiceId(scope),
        payment_amount_gross: positiveAmount('e.g. "12400.00"; net and tax follow from the approved amounts'),
        payment_date: isoDate('Date of the payment'),
        payment_comment: text().default(''),
        is_final_payment: flag('true settles the invoice (APPROVED becomes PAID); false records a partial payment'),
      },
      onConflict: `Check the invoice with ${scope.tool('get_invoice')}: invoices awaiting approval take no payment; an APPROVED invoice takes partial payments and one final payment; a PAID invoice takes only partial payments (is_final_payment=false), and a recorded payment can be corrected with ${scope.tool('update_invoice_payment')}.`,
      body: {
        type: 'PAYMENT_DETAILS',
        attributes: ['payment_amount_gross', 'payment_date', 'payment_comment', 'is_final_payment'],
      },
      result: invoiceViewOf(scope),
      supplement: registeredPaymentAnswer(scope, paymentView.schema),
      guard: registerPaymentGuard(scope),
    }),

    declare({
      name: 'update_invoice_payment',
      title: 'Correct a recorded payment',
      description:
        'Corrects amount, date or comment of a recorded payment, never the invoice state; answers with what the invoice still owes.',
      method: 'PATCH',
      path: '/invoices/{invoice_id}/payments/{payment_id}/',
      hints: hints.overwrite,
      args: {
        invoice_id: invoiceId(scope),
        payment_id: uuid(undefined, scope.tool('list_invoice_payments')),
        payment_amount_gross: positiveAmount('Gross').optional(),
        payment_date: isoDate().optional(),
        payment_comment: clearableText('null removes it').optional(),
      },
      partialUpdate: true,
      body: { type: 'INVOICE_PAYMENT', attributes: ['payment_amount_gross', 'payment_date', 'payment_comment'] },
      result: paymentView,
      supplement: correctedPaymentAnswer(scope),
      guard: correctPaymentGuard(scope),
    }),
  ];
}
