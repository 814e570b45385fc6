/**
 * Payments move money: registering and correcting one go through preview and confirmation.
 * The state they depend on is the invoice (state, approved amounts, paid total) and its
 * payments; any change to either voids a confirmation.
 */
import { Refusal, type MoneyGuard, type Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatCurrency, grossOf, isMoney } from '../../src/shape/money.js';
import type { Scope } from '../scope.js';
import {
  describeAmount,
  describeSettlement,
  invoiceLabel,
  paidSoFar,
  registeredPayment,
  settlementOf,
  type Settlement,
} from './payment-answers.js';

type Args = Readonly<Record<string, unknown>>;

interface InvoiceState {
  invoice: FlatResource;
  payments: FlatResource[];
}

const AWAITING_APPROVAL = new Set(['NEW', 'DETAILS_ENTERED', 'CHECKED']);

function readInvoice(scope: Scope) {
  return async (args: Args, read: Reader): Promise<InvoiceState> => {
    const [invoice, payments] = await Promise.all([
      read.one(scope.tool('get_invoice'), { invoice_id: args.invoice_id }),
      read.all(scope.tool('list_invoice_payments'), { invoice_id: args.invoice_id }),
    ]);
    return { invoice, payments };
  };
}

/** What a confirmation depends on: the invoice's state and amounts, and every payment as booked. */
function fingerprint({ invoice, payments }: InvoiceState): unknown {
  return {
    state: invoice.invoice_process_state,
    approved: [invoice.undiscounted_approved_amount, invoice.discounted_approved_amount],
    paid: invoice.payment_amount_gross,
    payments: payments.map((payment) => [payment.id, payment.paid_amount, payment.payment_date, payment.payment_comment ?? null]),
  };
}

const grossOfPayment = (payment: FlatResource) => new Decimal(isMoney(payment.paid_amount) ? grossOf(payment.paid_amount) : 0);

/** The warnings every payment preview checks: more paid than approved, and a payment that looks the same. */
function warnings(state: InvoiceState, after: Settlement, amount: Decimal, date: unknown, except?: string): string[] {
  const found: string[] = [];
  const outstanding = after.outstanding_gross && new Decimal(after.outstanding_gross.amount);
  if (outstanding?.isNegative()) {
    found.push(
      `Exceeds the approved amount by ${formatCurrency(outstanding.negated().toFixed(), after.outstanding_gross?.currency)}: afterwards more is paid than approved.`,
    );
  }
  if (!after.approved_gross) found.push('The invoice has no approved amount to compare the payment with.');
  const twins = state.payments.filter(
    (payment) => payment.id !== except && grossOfPayment(payment).equals(amount) && payment.payment_date === date,
  );
  for (const twin of twins) {
    found.push(
      `Equals payment ${twin.id}, booked for the same day (${String(date)}) with the same amount: is this the same payment again?`,
    );
  }
  return found;
}

/** The most the invoice is for: the largest of its claimed, audited and approved amounts, gross. */
function invoiceCeiling(invoice: FlatResource): Decimal | undefined {
  const amounts = ['unaudited_amount', 'audited_amount', 'undiscounted_approved_amount', 'discounted_approved_amount']
    .map((attribute) => invoice[attribute])
    .filter(isMoney)
    .map((money) => new Decimal(grossOf(money)));
  return amounts.length ? Decimal.max(...amounts) : undefined;
}

/**
 * One payment larger than the whole invoice is a typing mistake (10,000,000.00 on a 77,000 EUR
 * invoice), not a payment: refused. Paying past the approved amount in parts only warns.
 */
function refuseLargerThanInvoice(invoice: FlatResource, payment: Decimal, currency: string | undefined): void {
  const ceiling = invoiceCeiling(invoice);
  if (!ceiling || payment.lessThanOrEqualTo(ceiling)) return;
  throw new Refusal(
    `A payment of ${formatCurrency(payment.toFixed(), currency)} gross is larger than ${invoiceLabel(invoice)} as a whole (${formatCurrency(ceiling.toFixed(), currency)} gross at most, claimed or approved). Check the amount; if the invoice is for more, correct its amounts first.`,
  );
}

function paymentsPreviewHint(scope: Scope, args: Args): string {
  return `${scope.tool('list_invoice_payments')} for invoice ${String(args.invoice_id)}`;
}

export function registerPaymentGuard(scope: Scope): MoneyGuard {
  return {
    read: readInvoice(scope),
    inspect(args, raw) {
      const state = raw as InvoiceState;
      const { invoice } = state;
      const current = String(invoice.invoice_process_state);
      const label = invoiceLabel(invoice);
      if (AWAITING_APPROVAL.has(current)) {
        throw new Refusal(
          `${label} is ${current} and awaits approval; payments can be registered only on APPROVED invoices (or, partial ones, on PAID invoices).`,
        );
      }
      if (current === 'PAID' && args.is_final_payment === true) {
        throw new Refusal(
          `${label} is already PAID: register a further partial payment (is_final_payment=false), or correct a booked payment with ${scope.tool('update_invoice_payment')}.`,
        );
      }
      const amount = new Decimal(String(args.payment_amount_gross));
      const resultingState = args.is_final_payment === true ? 'PAID' : current;
      const after = settlementOf(invoice, { paid: paidSoFar(invoice).plus(amount), state: resultingState });
      const currency = after.paid_gross.currency;
      refuseLargerThanInvoice(invoice, amount, currency);
      const comment = args.payment_comment ? `, comment "${String(args.payment_comment)}"` : '';
      return {
        fingerprint: fingerprint(state),
        preview: {
          summary: [
            `Register a ${args.is_final_payment === true ? 'final' : 'partial'} payment of ${formatCurrency(amount.toFixed(), currency)} gross on ${label} (id ${invoice.id}, now ${current}), dated ${String(args.payment_date)}${comment}.`,
            `Afterwards: ${describeSettlement(label, after)}`,
          ],
          changes: {
            payment_amount_gross: { amount: amount.toFixed(), ...(currency ? { currency } : {}) },
            payment_date: args.payment_date,
            payment_comment: args.payment_comment ?? '',
            is_final_payment: args.is_final_payment,
          },
          resulting: after,
          warnings: warnings(state, after, amount, args.payment_date),
        },
      };
    },
    findCommitted(args, before, now) {
      const known = new Set((before as InvoiceState).payments.map((payment) => payment.id));
      const fresh = (now as InvoiceState).payments.filter((payment) => !known.has(payment.id));
      const payment = registeredPayment(fresh, args);
      if (!payment || !isMoney(payment.paid_amount)) return undefined;
      return {
        resource: payment,
        text: `Payment ${payment.id}: ${describeAmount(payment.paid_amount)}, dated ${String(payment.payment_date)}.`,
      };
    },
    howToCheck: (args) => paymentsPreviewHint(scope, args),
  };
}

export function correctPaymentGuard(scope: Scope): MoneyGuard {
  const find = (state: InvoiceState, id: unknown) => state.payments.find((payment) => payment.id === id);
  return {
    read: readInvoice(scope),
    inspect(args, raw) {
      const state = raw as InvoiceState;
      const { invoice } = state;
      const label = invoiceLabel(invoice);
      const payment = find(state, args.payment_id);
      if (!payment) {
        throw new Refusal(
          `Payment ${String(args.payment_id)} is not on ${label}; find its payments with ${scope.tool('list_invoice_payments')}.`,
        );
      }
      const oldGross = grossOfPayment(payment);
      const newGross = args.payment_amount_gross === undefined ? oldGross : new Decimal(String(args.payment_amount_gross));
      const after = settlementOf(invoice, {
        paid: paidSoFar(invoice).minus(oldGross).plus(newGross),
        state: String(invoice.invoice_process_state),
      });
      const currency = after.paid_gross.currency;
      if (newGross.greaterThan(oldGross)) refuseLargerThanInvoice(invoice, newGross, currency);
      const changes: Record<string, unknown> = {};
      const lines: string[] = [];
      if (args.payment_amount_gross !== undefined) {
        changes.payment_amount_gross = {
          before: oldGross.toFixed(),
          after: newGross.toFixed(),
          ...(currency ? { currency } : {}),
        };
        lines.push(
          `amount ${formatCurrency(oldGross.toFixed(), currency)} -> ${formatCurrency(newGross.toFixed(), currency)} gross`,
        );
      }
      if (args.payment_date !== undefined) {
        changes.payment_date = { before: payment.payment_date, after: args.payment_date };
        lines.push(`date ${String(payment.payment_date)} -> ${String(args.payment_date)}`);
      }
      if (args.payment_comment !== undefined) {
        changes.payment_comment = { before: payment.payment_comment ?? null, after: args.payment_comment };
        lines.push(`comment "${String(payment.payment_comment ?? '')}" -> "${String(args.payment_comment ?? '')}"`);
      }
      return {
        fingerprint: fingerprint(state),
        preview: {
          summary: [
            `Correct payment ${payment.id} on ${label} (id ${invoice.id}): ${lines.join(', ')}. The invoice state does not change.`,
            `Afterwards: ${describeSettlement(label, after)}`,
          ],
          changes,
          resulting: after,
          warnings: warnings(state, after, newGross, args.payment_date ?? payment.payment_date, payment.id),
        },
      };
    },
    findCommitted(args, before, now) {
      const was = find(before as InvoiceState, args.payment_id);
      const is = find(now as InvoiceState, args.payment_id);
      if (!is || !isMoney(is.paid_amount)) return undefined;
      const wanted =
        (args.payment_amount_gross === undefined || grossOfPayment(is).equals(String(args.payment_amount_gross))) &&
        (args.payment_date === undefined || is.payment_date === args.payment_date) &&
        (args.payment_comment === undefined || (is.payment_comment ?? null) === args.payment_comment);
      const changed = JSON.stringify(was) !== JSON.stringify(is);
      if (!wanted || !changed) return undefined;
      return {
        resource: is,
        text: `Payment ${is.id} now: ${describeAmount(is.paid_amount)}, dated ${String(is.payment_date)}.`,
      };
    },
    howToCheck: (args) => paymentsPreviewHint(scope, args),
  };
}
