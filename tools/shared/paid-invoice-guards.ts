/**
 * Invoices paid outside the workflow record money paid: adding, changing and deleting one go
 * through preview and confirmation. Adding depends on the invoices of the contract (a second
 * invoice with the same number is warned of); changing and deleting on the invoice itself.
 */
import type { MoneyGuard } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { Decimal, formatGross, formatMoney, grossOf, isGrossMoney, isMoney } from '../../src/shape/money.js';
import { Refusal } from '../../src/writes/judge.js';
import { escaped, quoted } from '../../src/writes/quote.js';
import type { Scope } from '../scope.js';
import { differences, holds } from './guard-kit.js';
import { invoiceLabel } from './payment-answers.js';

type Args = Readonly<Record<string, unknown>>;

/**
 * The fields a paid invoice is added or replaced with that the invoice shows as they were sent.
 * `paid_amount` (net and tax) shows as the gross `payment_amount_gross`: see paidAs.
 */
const SHOWN_AS_SENT = [
  'external_identifier',
  'internal_identifier',
  'invoice_type',
  'unaudited_amount',
  'audited_amount',
  'discounted_approved_amount',
  'cash_discount',
  'date_received',
  'date_posted',
  'date_due',
  'date_approved',
  'date_discount',
  'payment_date',
  'payment_comment',
] as const;

const money = (value: unknown) => (isMoney(value) ? formatMoney(value) : 'no amount');

/** What the invoice says it was paid in all, gross. */
const paidOf = (invoice: FlatResource) =>
  isGrossMoney(invoice.payment_amount_gross) ? formatGross(invoice.payment_amount_gross) : 'nothing';

/** Whether the invoice shows the paid amount `args` sent (net + tax = its gross). */
function paidAs(invoice: FlatResource, args: Args): boolean {
  if (!isMoney(args.paid_amount)) return true;
  return (
    isGrossMoney(invoice.payment_amount_gross) &&
    new Decimal(invoice.payment_amount_gross.amount).equals(grossOf(args.paid_amount))
  );
}

/** What a paid invoice that is not PAID (one from the workflow) cannot take. */
function onlyAddedPaidInvoices(scope: Scope, invoice: FlatResource): void {
  if (invoice.invoice_process_state !== 'PAID') {
    throw new Refusal(
      `${invoiceLabel(invoice)} is ${escaped(invoice.invoice_process_state)}: only invoices added with ${scope.tool('add_paid_invoice')} (which are PAID) can be changed or deleted this way.`,
    );
  }
}

/** Writes on one invoice go one at a time. */
const invoiceResource = (scope: Scope) => (args: Args) => `${scope.product}:invoice:${String(args.invoice_id)}`;

export function addPaidInvoiceGuard(scope: Scope): MoneyGuard {
  const read = async (args: Args, reader: Parameters<MoneyGuard['read']>[1]) =>
    reader.all(scope.tool('list_contract_invoices'), { contract_id: args.contract_id });
  return {
    // Invoices added to one contract go one at a time: the second sees the first.
    resource: (args) => `${scope.product}:contract:${String(args.contract_id)}`,
    read,
    inspect(args, raw) {
      const invoices = raw as FlatResource[];
      const twins = invoices.filter((invoice) => invoice.external_identifier === args.external_identifier);
      return {
        fingerprint: invoices.map((invoice) => [invoice.id, invoice.external_identifier ?? null, invoice.invoice_process_state]),
        preview: {
          summary: [
            `Add invoice ${quoted(args.external_identifier)} as already PAID to contract ${String(args.contract_id)}: paid ${money(args.paid_amount)} on ${escaped(args.payment_date)}, approved after cash discount ${money(args.discounted_approved_amount)}.`,
            `Afterwards the contract has ${invoices.length + 1} invoices.`,
          ],
          changes: Object.fromEntries(
            [...SHOWN_AS_SENT, 'paid_amount'].filter((field) => args[field] !== undefined).map((field) => [field, args[field]]),
          ),
          resulting: { contract_id: args.contract_id, invoices: invoices.length + 1, invoice_process_state: 'PAID' },
          warnings: twins.map((twin) => ({
            code: 'possible_duplicate',
            about: twin.id,
            message: `An invoice numbered ${quoted(args.external_identifier)} is already on this contract (id ${twin.id}, ${escaped(twin.invoice_process_state)}): is this the same invoice again?`,
          })),
        },
      };
    },
    findCommitted(args, before, now, accounted) {
      const known = new Set((before as FlatResource[]).map((invoice) => invoice.id));
      const added = (now as FlatResource[]).find(
        (invoice) =>
          !known.has(invoice.id) &&
          !accounted.has(invoice.id) &&
          holds(invoice, args, ['external_identifier']) &&
          paidAs(invoice, args),
      );
      return (
        added && {
          resource: added,
          text: `${invoiceLabel(added)} (id ${added.id}) was added as PAID, paid ${paidOf(added)}.`,
          made: { id: added.id },
        }
      );
    },
    madeBy: (answer) => (typeof answer.id === 'string' ? { id: answer.id } : undefined),
    howToCheck: (args) => `${scope.tool('list_contract_invoices')} for contract ${String(args.contract_id)}`,
  };
}

export function updatePaidInvoiceGuard(scope: Scope): MoneyGuard {
  return {
    resource: invoiceResource(scope),
    read: (args, reader) => reader.one(scope.tool('get_invoice'), { invoice_id: args.invoice_id }),
    inspect(args, raw) {
      const invoice = raw as FlatResource;
      onlyAddedPaidInvoices(scope, invoice);
      const { changes, lines } = differences(invoice, args, SHOWN_AS_SENT);
      if (!paidAs(invoice, args)) {
        changes.paid_amount = { before: invoice.payment_amount_gross ?? null, after: args.paid_amount };
        lines.push(`paid: ${paidOf(invoice)} -> ${money(args.paid_amount)}`);
      }
      const moves = args.contract_id !== undefined && args.contract_id !== invoice.contract;
      if (moves) changes.contract = { before: invoice.contract ?? null, after: args.contract_id };
      return {
        fingerprint: invoice,
        preview: {
          summary: [
            `Replace the details of ${invoiceLabel(invoice)} (id ${invoice.id}, paid ${paidOf(invoice)}).`,
            ...(moves ? [`Move it to contract ${String(args.contract_id)}.`] : []),
            ...(lines.length ? lines.map((line) => `Change ${line}`) : ['No amount or date changes.']),
          ],
          changes,
          resulting: { invoice_id: invoice.id, invoice_process_state: 'PAID' },
          warnings: [],
        },
      };
    },
    findCommitted(args, before, now) {
      const is = now as FlatResource;
      if (JSON.stringify(before) === JSON.stringify(is) || !holds(is, args, SHOWN_AS_SENT) || !paidAs(is, args)) return undefined;
      return { resource: is, text: `${invoiceLabel(is)} (id ${is.id}) now holds the new details.` };
    },
    howToCheck: (args) => `${scope.tool('get_invoice')} for invoice ${String(args.invoice_id)}`,
  };
}

export function deletePaidInvoiceGuard(scope: Scope): MoneyGuard {
  return {
    resource: invoiceResource(scope),
    read: (args, reader) => reader.find(scope.tool('get_invoice'), { invoice_id: args.invoice_id }),
    inspect(args, raw) {
      const invoice = raw as FlatResource | undefined;
      if (!invoice) throw new Refusal(`There is no invoice ${String(args.invoice_id)} (any more).`);
      onlyAddedPaidInvoices(scope, invoice);
      return {
        fingerprint: invoice,
        preview: {
          summary: [`Delete ${invoiceLabel(invoice)} (id ${invoice.id}, paid ${paidOf(invoice)}) for good.`],
          changes: { deleted: invoice.id },
          resulting: { invoice_id: invoice.id, exists: false },
          warnings: [
            {
              code: 'cannot_be_undone',
              message: 'This cannot be undone: the invoice and its payment record are gone afterwards.',
            },
          ],
        },
      };
    },
    findCommitted(args, before, now) {
      if (!before || now) return undefined;
      return { resource: { done: 'The paid invoice was deleted' }, text: `Invoice ${String(args.invoice_id)} is gone.` };
    },
    howToCheck: (args) => `${scope.tool('get_invoice')} for invoice ${String(args.invoice_id)}`,
  };
}
