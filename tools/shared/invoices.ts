import { z } from 'zod';
import { hints, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, isoDate, netTaxInput, orNull, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';
import { contractId, parentIncludes } from './contracts.js';
import { INVOICE_TYPES } from './enums.js';
import { bounds, declarer, matches, onDay, oneOf } from '../kit.js';
import { addPaidInvoiceGuard, deletePaidInvoiceGuard, updatePaidInvoiceGuard } from './paid-invoice-guards.js';
import { tagId, tagView } from './tags.js';

/** The invoice's columns and schema, the same in every product. */
const invoiceView: ResourceView = {
  type: 'INVOICE',
  singular: 'invoice',
  plural: 'invoices',
  label: ['external_identifier', 'internal_identifier'],
  columns: [
    'invoice_process_state',
    'invoice_type',
    'unaudited_amount',
    'undiscounted_approved_amount',
    'discounted_approved_amount',
    'payment_amount_gross',
    'date_due',
    'contract',
  ],
  unlessEqualTo: { discounted_approved_amount: 'undiscounted_approved_amount' },
  totals: ['unaudited_amount', 'undiscounted_approved_amount'],
  schema: resourceSchema({
    external_identifier: out.text,
    internal_identifier: out.text,
    invoice_process_state: out.text,
    invoice_type: out.text,
    installment_number: out.integer,
    contract: out.id,
    is_reverse_charge: out.boolean,
    unaudited_amount: out.money,
    audited_amount: out.money,
    undiscounted_approved_amount: out.money,
    discounted_approved_amount: out.money,
    cash_discount: out.money,
    payment_amount_gross: out.grossMoney,
    payment_date: out.date,
    payment_comment: out.text,
    payment_created: out.dateTime,
    date_received: out.date,
    date_posted: out.date,
    date_due: out.date,
    date_discount: out.date,
    date_approved: out.dateTime,
    date_created: out.dateTime,
  }),
};

/** Where the payments themselves are read: by date where the product has a summary for it. */
function paymentsPointer(scope: Scope): string {
  return scope.product === 'fincon'
    ? 'For what was paid in a period use get_payments_in_period, which reads the payments themselves.'
    : `For the payments themselves use ${scope.tool('list_invoice_payments')}.`;
}

/** What an invoice looks like in answers, with what its misleading attributes mean. */
export function invoiceViewOf(scope: Scope): ResourceView {
  return {
    ...invoiceView,
    meanings: {
      payment_date: `payment_date is the date of the invoice's latest payment only, payment_amount_gross the total of all its payments so far. ${paymentsPointer(scope)}`,
      discounted_approved_amount:
        'discounted_approved_amount is the approved amount after cash discount, which holds only when paid by date_discount; after that day undiscounted_approved_amount is due.',
    },
  };
}

export function invoiceIncludes(scope: Scope): Record<string, string> {
  const parents = Object.entries(parentIncludes(scope)).map(([path, list]) => [`contract.${path}`, list]);
  return {
    contract: scope.tool('list_contracts'),
    'contract.contractor': scope.tool('list_contractors'),
    ...Object.fromEntries(parents),
  };
}

/** The invoice id argument, pointing the model at this product's invoice list. */
export function invoiceId(scope: Scope) {
  return uuid('The invoice id', scope.tool('list_invoices'));
}

/** Paid invoices support only the invoice type SINGLE (product spec). */
const paidInvoiceType = z
  .enum(['SINGLE'], {
    error: (issue) =>
      INVOICE_TYPES.includes(String(issue.input) as never)
        ? `paid invoices can only be SINGLE invoices; ${String(issue.input)} invoices go through the invoice workflow`
        : 'must be SINGLE',
  })
  .default('SINGLE');

/** Every attribute of an invoice that was paid outside the workflow; the API wants them all, nullable ones as null. */
const paidInvoiceFields = {
  external_identifier: text('Invoice number'),
  internal_identifier: text().optional(),
  invoice_type: paidInvoiceType,
  unaudited_amount: netTaxInput('Claimed'),
  audited_amount: netTaxInput('After audit'),
  discounted_approved_amount: netTaxInput('After cash discount'),
  paid_amount: netTaxInput('Amount paid'),
  cash_discount: orNull(netTaxInput(), 'null for none'),
  date_received: isoDate(),
  date_posted: isoDate(),
  date_due: isoDate('Due date'),
  date_approved: orNull(isoDate(), 'null if unknown'),
  date_discount: orNull(isoDate(), 'Cash discount deadline; null for none'),
  payment_date: isoDate(),
  payment_comment: text().optional(),
};

/** Invoices exist in FinCon and CAPEX with the same shape and rules. */
export function invoiceOperations(scope: Scope): Operation[] {
  const declare = declarer(scope, 'invoices');
  const admin = declarer(scope, 'invoice_admin');
  const view = invoiceViewOf(scope);
  const read = { method: 'GET', hints: hints.read, result: view } as const;
  const byId = { path: '/invoices/{id}/', pathArgs: { id: 'invoice_id' } } as const;
  const paidAttributes = Object.keys(paidInvoiceFields);
  const onlyPaid = `Only invoices created with ${scope.tool('add_paid_invoice')} can be changed or deleted this way.`;

  return [
    declare({
      ...read,
      name: 'list_invoices',
      title: 'List invoices',
      description:
        'Lists invoices: state, amounts, due date, total paid, latest payment_date.' +
        (scope.product === 'fincon' ? ' Paid in a period: get_payments_in_period.' : ''),
      path: '/invoices/',
      include: invoiceIncludes(scope),
      list: {
        filters: {
          id: oneOf,
          external_identifier: matches,
          internal_identifier: matches,
          invoice_process_state: oneOf,
          invoice_type: oneOf,
          contract: oneOf,
          tags: oneOf,
          date_posted: onDay,
          date_due: onDay,
          date_received: onDay,
          payment_date: onDay,
          date_approved: bounds,
          payment_created: bounds,
          date_created: bounds,
          'unaudited_amount.net': bounds,
          'unaudited_amount.tax': bounds,
          'audited_amount.net': bounds,
          'audited_amount.tax': bounds,
          'undiscounted_approved_amount.net': bounds,
          'undiscounted_approved_amount.tax': bounds,
          'discounted_approved_amount.net': bounds,
          'discounted_approved_amount.tax': bounds,
          'cash_discount.net': bounds,
          'cash_discount.tax': bounds,
        },
        datetimes: ['date_approved', 'payment_created', 'date_created'],
      },
    }),
    declare({
      ...read,
      ...byId,
      name: 'get_invoice',
      title: 'Get an invoice',
      description: 'Returns one invoice: state, amounts, dates, total paid (payment_amount_gross) and its latest payment_date.',
      args: { invoice_id: invoiceId(scope) },
      include: invoiceIncludes(scope),
    }),
    declare({
      ...read,
      name: 'list_contract_invoices',
      title: 'List the invoices of a contract',
      description: 'Lists the invoices of one contract with state and amounts, and totals them.',
      path: '/contracts/{contract_id}/invoices/',
      args: { contract_id: contractId(scope) },
      list: {},
    }),
    admin({
      ...byId,
      name: 'update_new_invoice',
      title: 'Complete the details of a new invoice',
      description: 'Sets invoice number, type, claimed amount, dates or contract of an invoice still in state NEW.',
      method: 'POST',
      path: '/invoices/{id}/update-new/',
      hints: hints.overwrite,
      args: {
        invoice_id: invoiceId(scope),
        external_identifier: text('Invoice number').optional(),
        internal_identifier: text().optional(),
        invoice_type: choice(INVOICE_TYPES, 'Invoice type').optional(),
        unaudited_amount: netTaxInput('Claimed').optional(),
        date_received: isoDate('Date received').optional(),
        date_posted: isoDate().optional(),
        date_due: isoDate('Due date').optional(),
        date_discount: isoDate('Cash discount deadline').optional(),
        contract_id: uuid(undefined, scope.tool('list_contracts')).optional(),
      },
      partialUpdate: true,
      onConflict: `Only invoices in state NEW (with two detail steps: the first one) take this update; check the state with ${scope.tool('get_invoice')}.`,
      body: {
        type: 'INVOICE',
        idArg: 'invoice_id',
        attributes: [
          'external_identifier',
          'internal_identifier',
          'invoice_type',
          'unaudited_amount',
          'date_received',
          'date_posted',
          'date_due',
          'date_discount',
        ],
        relationships: { contract: { arg: 'contract_id', type: 'CONTRACT' } },
      },
      result: view,
    }),
    admin({
      name: 'add_paid_invoice',
      title: 'Add an invoice that is already paid',
      description: 'Records a SINGLE invoice paid outside the workflow as PAID on a contract, without approval.',
      method: 'POST',
      path: '/invoices/add-paid-invoice/',
      hints: hints.append,
      args: { contract_id: contractId(scope), ...paidInvoiceFields },
      body: {
        type: 'INVOICE',
        attributes: paidAttributes,
        relationships: { contract: { arg: 'contract_id', type: 'CONTRACT' } },
      },
      result: view,
      guard: addPaidInvoiceGuard(scope),
    }),
    admin({
      ...byId,
      name: 'update_paid_invoice',
      title: 'Replace the details of an added paid invoice',
      description: `Replaces all details of an invoice created with ${scope.tool('add_paid_invoice')}: send every field, changed or not.`,
      method: 'POST',
      path: '/invoices/{id}/update-paid-invoice/',
      hints: hints.overwrite,
      args: {
        invoice_id: invoiceId(scope),
        contract_id: uuid('Move the invoice to this contract', scope.tool('list_contracts')).optional(),
        ...paidInvoiceFields,
      },
      onConflict: onlyPaid,
      body: {
        type: 'INVOICE',
        idArg: 'invoice_id',
        attributes: paidAttributes,
        relationships: { contract: { arg: 'contract_id', type: 'CONTRACT' } },
      },
      result: view,
      guard: updatePaidInvoiceGuard(scope),
    }),
    admin({
      ...byId,
      name: 'delete_paid_invoice',
      title: 'Delete an added paid invoice',
      description: `Deletes for good an invoice created with ${scope.tool('add_paid_invoice')} (not one from the workflow).`,
      method: 'DELETE',
      hints: hints.remove,
      args: { invoice_id: invoiceId(scope) },
      onConflict: onlyPaid,
      result: { kind: 'empty', done: 'The paid invoice was deleted' },
      guard: deletePaidInvoiceGuard(scope),
    }),
    admin({
      name: 'list_invoice_tags',
      title: 'List the tags of an invoice',
      description: 'Lists the tags assigned to one invoice.',
      method: 'GET',
      path: '/invoices/{invoice_id}/tags/',
      hints: hints.read,
      args: { invoice_id: invoiceId(scope) },
      list: {},
      result: tagView,
    }),
    ...(['assign', 'unassign'] as const).map((verb) =>
      admin({
        name: `${verb}_invoice_tag`,
        title: verb === 'assign' ? 'Tag an invoice' : 'Remove a tag from an invoice',
        description:
          verb === 'assign' ? 'Assigns an existing tag to an invoice.' : 'Removes a tag from an invoice; the tag itself stays.',
        method: 'POST',
        path: `/invoices/{invoice_id}/tags/${verb}/`,
        hints: verb === 'assign' ? hints.append : hints.remove,
        args: { invoice_id: invoiceId(scope), tag_id: tagId(scope) },
        body: { type: 'TAG', attributes: ['tag_id'] },
        result: view,
      }),
    ),
  ];
}

/** Uploading an invoice PDF: on a project in FinCon, on an asset in CAPEX (where it starts the workflow). */
export function submitInvoice(scope: Scope, parent: 'project' | 'asset'): Operation {
  return declarer(
    scope,
    'invoice_admin',
  )({
    name: 'submit_invoice',
    title: `Submit an invoice for ${parent === 'asset' ? 'an asset' : 'a project'}`,
    description:
      parent === 'asset'
        ? 'Uploads an invoice PDF for an asset and starts its invoice workflow; the new invoice (state NEW) is linked to the asset until a contract is set.'
        : 'Uploads an invoice PDF for a project; it arrives as a NEW invoice to complete with update_new_invoice.',
    method: 'POST',
    path: `/${parent}s/{id}/submit-invoice/`,
    pathArgs: { id: `${parent}_id` },
    hints: hints.append,
    args: { [`${parent}_id`]: uuid(`The ${parent} the invoice is for`, scope.tool(`list_${parent}s`)) },
    upload: { fileField: 'file', pdfOnly: true },
    result: invoiceViewOf(scope),
  });
}
