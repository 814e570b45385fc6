import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { isoDate, oneOf, str, uuid } from '../fields.js';
import { grossOf, money } from '../money.js';
import { findOr404, single } from '../resource.js';
import type { Reply, RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { attachDocument } from './attachments.js';
import { netTax, nowTimestamp, relationshipRef, requireSameId, toMoney } from './bodies.js';
import { coversheetFor } from './coversheet.js';
import { INVOICE_TYPES } from './enums.js';
import { invoiceResource, linkedContract } from './invoices.js';
import { paymentsOf } from './ledger.js';
import type { Product } from './product.js';
import type { CoreTables, InvoiceRecord } from './records.js';

/*
 * Invoices that skip the workflow: added as PAID (add-paid-invoice, type SINGLE only, with a
 * generated coversheet). Only those can later be updated as paid or deleted; asking for that on
 * a workflow invoice answers 409, like the other rules about an invoice's state.
 */

const paidInvoiceAttributes = z.object({
  audited_amount: netTax(),
  cash_discount: netTax().nullable(),
  date_approved: isoDate().nullable(),
  date_discount: isoDate().nullable(),
  date_due: isoDate(),
  date_posted: isoDate(),
  date_received: isoDate(),
  discounted_approved_amount: netTax(),
  external_identifier: str(),
  internal_identifier: str().optional(),
  invoice_type: oneOf(INVOICE_TYPES),
  paid_amount: netTax(),
  payment_comment: str().nullable().optional(),
  payment_date: isoDate(),
  unaudited_amount: netTax(),
});
type PaidInvoiceAttributes = z.output<typeof paidInvoiceAttributes>;

const addPaidBody = z.object({
  data: z.object({
    type: str().optional(),
    attributes: paidInvoiceAttributes,
    relationships: z.object({ contract: relationshipRef() }),
  }),
});

const updatePaidBody = z.object({
  data: z.object({
    id: uuid(),
    type: str().optional(),
    attributes: paidInvoiceAttributes.nullable().optional(),
    relationships: z.object({ contract: relationshipRef().nullable().optional() }).nullable().optional(),
  }),
});

function refuseNonSingle(type: string): void {
  if (type !== 'SINGLE') {
    throw new ApiError(
      400,
      `Paid invoices can only be of type SINGLE (got ${type}); invoices of other types go through the invoice workflow.`,
      pointer('data', 'attributes', 'invoice_type'),
    );
  }
}

function refuseUnlessPaidInvoice(invoice: InvoiceRecord, action: string): void {
  if (invoice.origin !== 'PAID_INVOICE') {
    throw new ApiError(
      409,
      `Invoice ${invoice.id} was not created through add-paid-invoice; only such invoices can be ${action}. It went through the invoice workflow (state ${invoice.invoice_process_state}).`,
    );
  }
}

/** The invoice fields a paid-invoice body sets. */
function paidInvoiceFields(attributes: PaidInvoiceAttributes) {
  const discounted = toMoney(attributes.discounted_approved_amount);
  const cashDiscount = attributes.cash_discount && toMoney(attributes.cash_discount);
  return {
    invoice_type: attributes.invoice_type as InvoiceRecord['invoice_type'],
    external_identifier: attributes.external_identifier,
    internal_identifier: attributes.internal_identifier ?? '',
    date_received: attributes.date_received,
    date_posted: attributes.date_posted,
    date_due: attributes.date_due,
    date_discount: attributes.date_discount,
    date_approved: attributes.date_approved && `${attributes.date_approved}T00:00:00Z`,
    unaudited_amount: toMoney(attributes.unaudited_amount),
    audited_amount: toMoney(attributes.audited_amount),
    cash_discount: cashDiscount,
    discounted_approved_amount: discounted,
    undiscounted_approved_amount: cashDiscount
      ? money(discounted.net.plus(cashDiscount.net), discounted.tax.plus(cashDiscount.tax))
      : discounted,
  };
}

function paymentFields(attributes: PaidInvoiceAttributes) {
  const paid = toMoney(attributes.paid_amount);
  return {
    payment_date: attributes.payment_date,
    gross: grossOf(paid),
    paid_amount: paid,
    payment_comment: attributes.payment_comment ?? null,
  };
}

/** Replaces the invoice's coversheet (or adds the first one). */
async function refreshCoversheet(tables: CoreTables, store: Store, invoice: InvoiceRecord): Promise<void> {
  const contract = invoice.contract === null ? undefined : tables.contracts.get(invoice.contract);
  const file = coversheetFor(store.files, invoice, contract);
  const existing = tables.invoiceDocuments
    .where('parent', invoice.id)
    .find((document) => document.document_type === 'COVERSHEET');
  if (existing) {
    await store.files.remove(existing.file);
    Object.assign(existing, { file, filename: file.filename, uploaded_at: nowTimestamp(store) });
    return;
  }
  attachDocument(tables.invoiceDocuments, store, invoice.id, 'COVERSHEET', file);
}

const addPaidInvoice =
  (product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const { attributes, relationships } = parseBody(addPaidBody, request.json()).data;
    const { store } = request;
    refuseNonSingle(attributes.invoice_type);
    const contract = linkedContract(product, store, relationships.contract);
    const tables = product.tables(store);
    const invoice = tables.invoices.insert({
      id: store.newId(),
      contract: contract.id,
      invoice_process_state: 'PAID',
      installment_number: null,
      is_reverse_charge: contract.is_reverse_charge,
      date_created: nowTimestamp(store),
      tags: [],
      scope: product.scope.ofParent(store, contract.parent) as string,
      origin: 'PAID_INVOICE',
      details_step: null,
      ...paidInvoiceFields(attributes),
    });
    tables.payments.insert({
      id: store.newId(),
      invoice: invoice.id,
      date_created: nowTimestamp(store),
      ...paymentFields(attributes),
    });
    await refreshCoversheet(tables, store, invoice);
    return single(invoiceResource(product), invoice, request, 201);
  };

const updatePaidInvoice =
  (product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const { data } = parseBody(updatePaidBody, request.json());
    const { store } = request;
    const tables = product.tables(store);
    const invoice = findOr404(invoiceResource(product), store, request.params.id as string);
    requireSameId(data.id, invoice.id, 'invoice');
    refuseUnlessPaidInvoice(invoice, 'updated as paid');
    if (data.attributes) refuseNonSingle(data.attributes.invoice_type);
    const contract = data.relationships?.contract && linkedContract(product, store, data.relationships.contract);

    if (contract) {
      invoice.contract = contract.id;
      invoice.is_reverse_charge = contract.is_reverse_charge;
      invoice.scope = product.scope.ofParent(store, contract.parent) as string;
    }
    if (data.attributes) {
      Object.assign(invoice, paidInvoiceFields(data.attributes));
      // The payment recorded with the invoice carries the paid amount; later partial payments stay.
      const [recorded] = paymentsOf(tables, invoice.id);
      if (recorded) Object.assign(recorded, paymentFields(data.attributes));
    }
    await refreshCoversheet(tables, store, invoice);
    return single(invoiceResource(product), invoice, request);
  };

const deletePaidInvoice =
  (product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const { store } = request;
    const tables = product.tables(store);
    const invoice = findOr404(invoiceResource(product), store, request.params.id as string);
    refuseUnlessPaidInvoice(invoice, 'deleted');
    for (const payment of [...paymentsOf(tables, invoice.id)]) tables.payments.delete(payment.id);
    for (const document of [...tables.invoiceDocuments.where('parent', invoice.id)]) {
      tables.invoiceDocuments.delete(document.id);
      await store.files.remove(document.file);
    }
    tables.invoices.delete(invoice.id);
    return { status: 204 };
  };

export const paidInvoiceRoutes = (product: Product): RouteSpec[] => [
  { method: 'POST', path: '/invoices/add-paid-invoice/', handler: addPaidInvoice(product) },
  { method: 'POST', path: '/invoices/{id}/update-paid-invoice/', handler: updatePaidInvoice(product) },
  { method: 'DELETE', path: '/invoices/{id}/', handler: deletePaidInvoice(product) },
];
