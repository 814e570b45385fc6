import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { isoDate, oneOf, str, uuid } from '../fields.js';
import { readUpload } from '../files/uploads.js';
import { findOr404, single } from '../resource.js';
import type { Reply, RouteSpec, SandboxRequest } from '../router.js';
import { parseBody } from '../validation.js';
import { attachDocument } from './attachments.js';
import { netTax, nowTimestamp, relationshipRef, requireSameId, toMoney } from './bodies.js';
import { INVOICE_TYPES } from './enums.js';
import { invoiceCreatedResource, invoiceResource, linkedContract } from './invoices.js';
import type { Product } from './product.js';

/*
 * Invoices entering the workflow: submitted as a PDF to a project (FinCon) or an asset (CAPEX),
 * then completed with update-new, which works only while an invoice is NEW and, in a workflow
 * with two complete-details steps, only in the first (409 otherwise).
 */

const updateNewBody = z.object({
  data: z.object({
    id: uuid(),
    type: str().optional(),
    attributes: z
      .object({
        date_discount: isoDate().nullable().optional(),
        date_due: isoDate().nullable().optional(),
        date_posted: isoDate().nullable().optional(),
        date_received: isoDate().nullable().optional(),
        external_identifier: str().nullable().optional(),
        internal_identifier: str().nullable().optional(),
        invoice_type: oneOf(INVOICE_TYPES).nullable().optional(),
        unaudited_amount: netTax().nullable().optional(),
      })
      .nullable()
      .optional(),
    relationships: z.object({ contract: relationshipRef().nullable().optional() }).nullable().optional(),
  }),
});

const updateNewInvoice = (product: Product) => (request: SandboxRequest) => {
  const { data } = parseBody(updateNewBody, request.json());
  const { store } = request;
  const invoice = findOr404(invoiceResource(product), store, request.params.id as string);
  requireSameId(data.id, invoice.id, 'invoice');
  if (invoice.invoice_process_state !== 'NEW') {
    throw new ApiError(
      409,
      `Invoice ${invoice.id} is ${invoice.invoice_process_state}; update-new works only while an invoice is NEW.`,
    );
  }
  if (invoice.details_step === 2) {
    throw new ApiError(
      409,
      `Invoice ${invoice.id} is in the second complete-details step of its workflow; update-new works only in the first step (Optional Complete Details).`,
    );
  }
  const contract = data.relationships?.contract && linkedContract(product, store, data.relationships.contract);
  const scope = contract && product.scope.ofParent(store, contract.parent);
  if (contract && scope !== invoice.scope) {
    throw new ApiError(
      400,
      `Contract ${contract.id} belongs to ${scope}, but invoice ${invoice.id} was submitted to ${invoice.scope}; link a contract of the same ${product.name === 'fincon' ? 'project' : 'asset'}.`,
      pointer('data', 'relationships', 'contract', 'data', 'id'),
    );
  }
  const { unaudited_amount: unaudited, ...fields } = data.attributes ?? {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (invoice as unknown as Record<string, unknown>)[key] = value;
  }
  if (unaudited !== undefined) invoice.unaudited_amount = unaudited && toMoney(unaudited);
  if (contract) {
    invoice.contract = contract.id;
    invoice.is_reverse_charge = contract.is_reverse_charge;
  }
  return single(invoiceResource(product), invoice, request);
};

/** Uploads an invoice PDF to a project (FinCon) or asset (CAPEX): a NEW invoice without contract starts the workflow. */
const submitInvoice =
  (product: Product) =>
  async (request: SandboxRequest): Promise<Reply> => {
    const { store } = request;
    const scope = findOr404(product.scope.resource(), store, request.params.id as string);
    const { file } = await readUpload(request, { fileField: 'file', pdf: true });
    const tables = product.tables(store);
    const now = nowTimestamp(store);
    const invoice = tables.invoices.insert({
      ...NOTHING_ENTERED,
      id: store.newId(),
      date_created: now,
      date_received: now.slice(0, 10),
      tags: [],
      scope: scope.id,
    });
    attachDocument(tables.invoiceDocuments, store, invoice.id, 'INVOICE', file);
    return single(invoiceCreatedResource(product), invoice, request, 201);
  };

/** A submitted invoice before anyone has entered its details. */
const NOTHING_ENTERED = {
  contract: null,
  invoice_process_state: 'NEW',
  invoice_type: null,
  external_identifier: null,
  internal_identifier: null,
  installment_number: null,
  is_reverse_charge: false,
  date_posted: null,
  date_due: null,
  date_discount: null,
  date_approved: null,
  unaudited_amount: null,
  audited_amount: null,
  undiscounted_approved_amount: null,
  cash_discount: null,
  discounted_approved_amount: null,
  origin: 'WORKFLOW',
  details_step: null,
} as const;

export const newInvoiceRoutes = (product: Product): RouteSpec[] => [
  { method: 'POST', path: '/invoices/{id}/update-new/', handler: updateNewInvoice(product) },
  { method: 'POST', path: `${product.scope.path}/{id}/submit-invoice/`, handler: submitInvoice(product) },
];
