/**
 * What a payment answer says beyond the API's reply: the gross, net and tax of the payment as the
 * API stored it, and where the invoice stands afterwards (approved, paid in all, outstanding).
 */
import { z } from 'zod';
import type { AnswerSupplement } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatAmount, formatCurrency, grossOf, isGrossMoney, isMoney, type Money } from '../../src/shape/money.js';
import { grossMoneySchema } from '../../src/shape/schemas.js';
import { escaped, quoted } from '../../src/writes/quote.js';
import type { Scope } from '../scope.js';

/** Outstanding is the approved gross (after cash discount where there is one) minus everything paid. */
export const settlementSchema = z
  .object({
    invoice_id: z.string(),
    invoice_state: z.string(),
    approved_gross: grossMoneySchema.optional(),
    paid_gross: grossMoneySchema,
    outstanding_gross: grossMoneySchema.optional().meta({
      description:
        'approved_gross minus paid_gross; negative when more was paid than approved; absent without an approved amount',
    }),
  })
  .meta({ description: 'Where the invoice stands after this payment, exact gross amounts' });

export type Settlement = z.output<typeof settlementSchema>;

const gross = (amount: Decimal, currency: string | undefined) => ({
  amount: amount.toFixed(),
  ...(currency ? { currency } : {}),
});

/** What the invoice has been paid in all (gross), as the API reports it. */
export function paidSoFar(invoice: FlatResource): Decimal {
  return new Decimal(isGrossMoney(invoice.payment_amount_gross) ? invoice.payment_amount_gross.amount : 0);
}

/** What the invoice is to be paid against: the approved amount after cash discount where there is one. */
export function approvedBasis(invoice: FlatResource): Money | undefined {
  return [invoice.discounted_approved_amount, invoice.undiscounted_approved_amount].find(isMoney);
}

/**
 * Where the invoice stands: as it is, or, for a preview, with another total paid and state
 * (`after`).
 */
export function settlementOf(invoice: FlatResource, after?: { paid: Decimal; state: string }): Settlement {
  const basis = approvedBasis(invoice);
  const paidTotal = isGrossMoney(invoice.payment_amount_gross) ? invoice.payment_amount_gross : undefined;
  const currency = basis?.currency ?? paidTotal?.currency;
  const paid = after?.paid ?? paidSoFar(invoice);
  const settlement: Settlement = {
    invoice_id: invoice.id,
    invoice_state: after?.state ?? String(invoice.invoice_process_state),
    paid_gross: gross(paid, currency),
  };
  if (basis) {
    const approved = new Decimal(grossOf(basis));
    settlement.approved_gross = gross(approved, currency);
    settlement.outstanding_gross = gross(approved.minus(paid), currency);
  }
  return settlement;
}

/**
 * "Invoice "2026-118"" for sentences of ours, which people read in confirmation dialogs too:
 * the number is quoted (quote.ts) rather than enveloped.
 */
export function invoiceLabel(invoice: FlatResource): string {
  const number = invoice.external_identifier ?? invoice.internal_identifier;
  return number ? `Invoice ${quoted(number)}` : `Invoice ${invoice.id}`;
}

export function describeSettlement(label: string, settlement: Settlement): string {
  const paid = formatCurrency(settlement.paid_gross.amount, settlement.paid_gross.currency);
  const head = `${label} is ${settlement.invoice_state}`;
  const { approved_gross: approved, outstanding_gross: outstanding } = settlement;
  if (!approved || !outstanding)
    return `${head}: ${paid} gross paid in all; it has no approved amount, so what is outstanding cannot be worked out.`;
  const open = new Decimal(outstanding.amount);
  const rest = open.isZero()
    ? 'nothing outstanding'
    : open.isNegative()
      ? `${formatCurrency(open.negated().toFixed(), outstanding.currency)} gross MORE paid than approved`
      : `outstanding ${formatCurrency(outstanding.amount, outstanding.currency)} gross`;
  return `${head}: approved ${formatCurrency(approved.amount, approved.currency)} gross, paid ${paid} gross in all, ${rest}.`;
}

/** "14,756.00 EUR gross (12,400.00 net + 2,356.00 tax)" */
export function describeAmount(money: Money): string {
  return `${formatCurrency(grossOf(money), money.currency)} gross (${formatAmount(money.net, money.currency)} net + ${formatAmount(money.tax, money.currency)} tax)`;
}

const sameText = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** The payment this call registered: the newest with its date, gross amount and comment. */
export function registeredPayment(
  payments: readonly FlatResource[],
  args: Readonly<Record<string, unknown>>,
): FlatResource | undefined {
  const amount = new Decimal(String(args.payment_amount_gross));
  return payments
    .filter(
      (payment) =>
        payment.payment_date === args.payment_date &&
        isMoney(payment.paid_amount) &&
        amount.equals(grossOf(payment.paid_amount)) &&
        sameText(payment.payment_comment, args.payment_comment),
    )
    .sort((a, b) => String(a.date_created ?? '').localeCompare(String(b.date_created ?? '')))
    .at(-1);
}

/**
 * What a registered payment's answer says, whether the API's reply or a read-back found it: the
 * payment with its id and split (when it is among those read), and where the invoice stands.
 */
export function registeredAnswer(
  invoice: FlatResource,
  payment: FlatResource | undefined,
  args: Readonly<Record<string, unknown>>,
  paymentsRead: number,
  scope: Scope,
): { heading: string; fields: Record<string, unknown> } {
  const settlement = settlementOf(invoice);
  const registered =
    payment && isMoney(payment.paid_amount)
      ? `Payment registered: ${describeAmount(payment.paid_amount)}, dated ${escaped(payment.payment_date)}, payment id ${payment.id}.`
      : `Payment registered: ${formatAmount(String(args.payment_amount_gross), settlement.paid_gross.currency)} gross, dated ${escaped(args.payment_date)} (its net and tax split is not among the ${paymentsRead} payments read back; see ${scope.tool('list_invoice_payments')}).`;
  return {
    heading: `${registered}\n${describeSettlement(invoiceLabel(invoice), settlement)}\n`,
    fields: { ...(payment ? { payment } : {}), settlement },
  };
}

/** register_invoice_payment answers with the invoice; the payments list tells how the amount split. */
export function registeredPaymentAnswer(scope: Scope, paymentSchema: z.ZodObject): AnswerSupplement {
  return {
    fields: { payment: paymentSchema, settlement: settlementSchema },
    confirmed: 'The payment was registered (the API confirmed it)',
    async build({ args, answer: invoice, read }) {
      const payments = await read.all(scope.tool('list_invoice_payments'), { invoice_id: invoice.id });
      return registeredAnswer(invoice, registeredPayment(payments, args), args, payments.length, scope);
    },
  };
}

/** update_invoice_payment answers with the payment; the invoice tells what is outstanding now. */
export function correctedPaymentAnswer(scope: Scope): AnswerSupplement {
  return {
    fields: { settlement: settlementSchema },
    confirmed: 'The payment was corrected (the API confirmed it)',
    async build({ args, answer: payment, read }) {
      const invoice = await read.one(scope.tool('get_invoice'), { invoice_id: args.invoice_id });
      const settlement = settlementOf(invoice);
      const amount = isMoney(payment.paid_amount) ? describeAmount(payment.paid_amount) : 'an amount the API did not show';
      return {
        heading: `Payment corrected: now ${amount}, dated ${escaped(payment.payment_date)}; the invoice state does not change.\n${describeSettlement(invoiceLabel(invoice), settlement)}\n`,
        fields: { settlement },
      };
    },
  };
}
