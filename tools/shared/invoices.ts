import { defineOperation } from '../../src/dispatch/define.js';
import { hints, type FilterOperation, type Operation, type ResourceView } from '../../src/dispatch/operation.js';
import { uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import type { Scope } from '../scope.js';

export const invoiceView: ResourceView = {
  type: 'INVOICE',
  singular: 'invoice',
  plural: 'invoices',
  label: ['external_identifier', 'internal_identifier'],
  columns: [
    'invoice_process_state',
    'invoice_type',
    'unaudited_amount',
    'undiscounted_approved_amount',
    'payment_amount_gross',
    'date_due',
    'contract',
  ],
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

export const invoiceIncludes = [
  'contract',
  'contract.contractor',
  'contract.contract_unit',
  'contract.contract_unit.project',
  'contract.contract_unit.project.property',
] as const;

const bounds = ['less_than_equal', 'greater_than_equal', 'range'] as const satisfies readonly FilterOperation[];
const onDay = ['exact', ...bounds] as const;

/** The invoice id argument, pointing the model at this product's invoice list. */
export function invoiceId(scope: Scope) {
  return uuid('The invoice id', scope.tool('list_invoices'));
}

/** Invoices exist in FinCon and CAPEX with the same shape and rules. */
export function invoiceOperations(scope: Scope): Operation[] {
  const common = { product: scope.product, toolset: scope.toolset('invoices'), hints: hints.read, result: invoiceView } as const;
  return [
    defineOperation({
      ...common,
      name: scope.tool('list_invoices'),
      title: 'List invoices',
      description:
        'Lists invoices (100 per page) with state, amounts, due date and amount paid. Filter e.g. {"invoice_process_state.in": ["APPROVED"], "contract.in": ["<contract_id>"]} or by invoice number {"external_identifier.exact": "2026-118"}.',
      method: 'GET',
      path: '/invoices/',
      include: invoiceIncludes,
      list: {
        filters: {
          id: ['in', 'not_in'],
          external_identifier: ['exact', 'contains'],
          internal_identifier: ['exact', 'contains'],
          invoice_process_state: ['in', 'not_in'],
          invoice_type: ['in', 'not_in'],
          contract: ['in', 'not_in'],
          tags: ['in', 'not_in'],
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
      },
    }),
    defineOperation({
      ...common,
      name: scope.tool('get_invoice'),
      title: 'Get an invoice',
      description:
        'Returns one invoice: state, amounts (claimed, audited, approved, cash discount), dates and the total paid so far; include its contract and contractor in the same call.',
      method: 'GET',
      path: '/invoices/{id}/',
      pathArgs: { id: 'invoice_id' },
      args: { invoice_id: invoiceId(scope) },
      include: invoiceIncludes,
    }),
  ];
}
