/**
 * Payments move money: registering and correcting one go through preview and confirmation.
 * The state they depend on is the invoice (state, approved amounts, paid total) and its
 * payments; any change to either voids a confirmation. Writes on one invoice go one at a time.
 */
import type { MoneyGuard, Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatCurrency, grossOf, isMoney } from '../../src/shape/money.js';
import { Refusal, type Appeared, type Warning } from '../../src/writes/judge.js';
import { escaped, quoted } from '../../src/writes/quote.js';
import type { Scope } from '../scope.js';
import { cashDiscountOf } from './cash-discount.js';
import {
  describeAmount,
  describeSettlement,
  invoiceLabel,
  paidSoFar,
  registeredAnswer,
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

/** How far back a payment of the same amount makes a preview ask whether it is the same one again. */
const RECENT_DAYS = 30;
/** How many of those a preview names one by one. */
const TWINS_NAMED = 3;

/** Dated, or booked, within the last RECENT_DAYS days. */
function recent(payment: FlatResource): boolean {
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString();
  const dated = typeof payment.payment_date === 'string' && payment.payment_date >= since.slice(0, 10);
  const booked = typeof payment.date_created === 'string' && payment.date_created >= since;
  return dated || booked;
}

/** The warnings every payment preview checks: more paid than approved, and a recent payment of the same amount. */
function warnings(state: InvoiceState, after: Settlement, amount: Decimal, except?: string): Warning[] {
  const found: Warning[] = [];
  const outstanding = after.outstanding_gross && new Decimal(after.outstanding_gross.amount);
  if (outstanding?.isNegative()) {
    found.push({
      code: 'exceeds_approved',
      message: `Exceeds the approved amount by ${formatCurrency(outstanding.negated().toFixed(), after.outstanding_gross?.currency)}: afterwards more is paid than approved.`,
    });
  }
  if (!after.approved_gross) {
    found.push({ code: 'no_approved_amount', message: 'The invoice has no approved amount to compare the payment with.' });
  }
  const currency = after.paid_gross.currency;
  const discount = cashDiscountOf(state.invoice);
  if (discount?.lapsed) {
    found.push({
      code: 'cash_discount_lapsed',
      message: `The cash discount lapsed on ${escaped(discount.until)}: this preview judges the payment against the approved amount after discount, ${formatCurrency(discount.discounted_approved_gross, currency)} gross; without the discount ${formatCurrency(discount.undiscounted_approved_gross, currency)} gross is approved.`,
    });
  }
  const gross = formatCurrency(amount.toFixed(), currency);
  // The latest first; a long run of equal payments is named in part, and counted.
  const twins = state.payments
    .filter((payment) => payment.id !== except && grossOfPayment(payment).equals(amount) && recent(payment))
    .reverse();
  for (const twin of twins.slice(0, TWINS_NAMED)) {
    found.push({
      code: 'possible_duplicate',
      about: twin.id,
      message: `Possible duplicate: the invoice already has a payment of the same amount, ${gross} gross, dated ${escaped(twin.payment_date)} (payment ${twin.id}): is this the same payment again?`,
    });
  }
  if (twins.length > TWINS_NAMED) {
    found.push({
      code: 'possible_duplicate',
      message: `Possible duplicate: ${twins.length - TWINS_NAMED} more payments of ${gross} gross on this invoice in the last ${RECENT_DAYS} days.`,
    });
  }
  return found;
}

/** The payments booked since `before`, each in a line. */
function newPayments(before: unknown, now: unknown): Appeared[] {
  const known = new Set((before as InvoiceState).payments.map((payment) => payment.id));
  return (now as InvoiceState).payments
    .filter((payment) => !known.has(payment.id))
    .map((payment) => ({
      id: payment.id,
      text: `payment ${payment.id} (${isMoney(payment.paid_amount) ? describeAmount(payment.paid_amount) : 'no amount'}, dated ${escaped(payment.payment_date)})`,
    }));
}

/** Writes on one invoice go one at a time. */
const invoiceResource = (scope: Scope) => (args: Readonly<Record<string, unknown>>) =>
  `${scope.product}:invoice:${String(args.invoice_id)}`;

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
    resource: invoiceResource(scope),
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
      const comment = args.payment_comment ? `, comment ${quoted(args.payment_comment)}` : '';
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
          warnings: warnings(state, after, amount),
        },
      };
    },
    findCommitted(args, before, now, accounted) {
      const known = new Set((before as InvoiceState).payments.map((payment) => payment.id));
      const { invoice, payments } = now as InvoiceState;
      const fresh = payments.filter((payment) => !known.has(payment.id) && !accounted.has(payment.id));
      const payment = registeredPayment(fresh, args);
      if (!payment || !isMoney(payment.paid_amount)) return undefined;
      const { heading, fields } = registeredAnswer(invoice, payment, args, payments.length, scope);
      return {
        resource: { ...invoice, ...fields },
        text: heading,
        made: { id: payment.id, amount: new Decimal(grossOf(payment.paid_amount)).toFixed() },
      };
    },
    appeared: newPayments,
    madeBy(answer) {
      const payment = answer.payment as FlatResource | undefined;
      return payment && isMoney(payment.paid_amount)
        ? { id: payment.id, amount: new Decimal(grossOf(payment.paid_amount)).toFixed() }
        : undefined;
    },
    amount: (args) => new Decimal(String(args.payment_amount_gross)).toFixed(),
    howToCheck: (args) => paymentsPreviewHint(scope, args),
  };
}

export function correctPaymentGuard(scope: Scope): MoneyGuard {
  const find = (state: InvoiceState, id: unknown) => state.payments.find((payment) => payment.id === id);
  return {
    resource: invoiceResource(scope),
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
        lines.push(`date ${escaped(payment.payment_date)} -> ${escaped(args.payment_date)}`);
      }
      if (args.payment_comment !== undefined) {
        changes.payment_comment = { before: payment.payment_comment ?? null, after: args.payment_comment };
        lines.push(`comment ${quoted(payment.payment_comment)} -> ${quoted(args.payment_comment)}`);
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
          warnings: args.payment_amount_gross === undefined ? [] : warnings(state, after, newGross, payment.id),
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
        text: `Payment ${is.id} now: ${describeAmount(is.paid_amount)}, dated ${escaped(is.payment_date)}.`,
      };
    },
    howToCheck: (args) => paymentsPreviewHint(scope, args),
  };
}
