import { renderMoney } from '../money.js';
import { filterOn, type FilterOperation, type FilterSpecs } from '../query.js';
import { getOne, listOf, related, type Resource } from '../resource.js';
import type { RouteSpec } from '../router.js';
import type { Store } from '../store.js';
import { relatedRecord } from './bodies.js';
import { contractResource } from './contracts.js';
import { INVOICE_PROCESS_STATES, INVOICE_TYPES } from './enums.js';
import { paymentAttributes, paymentsOf } from './ledger.js';
import { perProduct, type Product } from './product.js';
import type { ContractRecord, InvoiceRecord } from './records.js';

export const invoiceResource = perProduct((product): Resource<InvoiceRecord> => ({
  type: 'INVOICE',
  label: 'Invoice',
  table: (store) => product.tables(store).invoices,
  attributes: (invoice, { store }) => ({
    audited_amount: renderMoney(invoice.audited_amount),
    cash_discount: renderMoney(invoice.cash_discount),
    contract: invoice.contract,
    date_approved: invoice.date_approved,
    date_created: invoice.date_created,
    date_discount: invoice.date_discount,
    date_due: invoice.date_due,
    date_posted: invoice.date_posted,
    date_received: invoice.date_received,
    discounted_approved_amount: renderMoney(invoice.discounted_approved_amount),
    external_identifier: invoice.external_identifier,
    installment_number: invoice.installment_number,
    internal_identifier: invoice.internal_identifier,
    invoice_process_state: invoice.invoice_process_state,
    invoice_type: invoice.invoice_type,
    is_reverse_charge: invoice.is_reverse_charge,
    ...paymentAttributes(paymentsOf(product.tables(store), invoice.id)),
    unaudited_amount: renderMoney(invoice.unaudited_amount),
    undiscounted_approved_amount: renderMoney(invoice.undiscounted_approved_amount),
  }),
  relationships: (invoice, { base }) => ({
    contract: { data: invoice.contract === null ? null : { id: invoice.contract, type: 'CONTRACT' } },
    documents: related(base, `/invoices/${invoice.id}/documents/`),
    tags: related(base, `/invoices/${invoice.id}/tags/`),
    payments: related(base, `/invoices/${invoice.id}/payments/`),
  }),
  related: { contract: { resource: () => contractResource(product), id: (invoice) => invoice.contract } },
}));

/** The shape submit-invoice answers with (InvoiceCreatedData): only the basic attributes. */
export const invoiceCreatedResource = perProduct((product): Resource<InvoiceRecord> => ({
  type: 'INVOICE',
  label: 'Invoice',
  table: (store) => product.tables(store).invoices,
  attributes: (invoice) => ({
    date_created: invoice.date_created,
    date_received: invoice.date_received,
    invoice_process_state: invoice.invoice_process_state,
  }),
  relationships: (invoice, { base }) => ({ documents: related(base, `/invoices/${invoice.id}/documents/`) }),
}));

/** The contract an invoice body links to (`relationships.contract`); 404 pointing there if unknown. */
export function linkedContract(product: Product, store: Store, ref: { data: { id: string } }): ContractRecord {
  return relatedRecord(contractResource(product), store, 'contract', ref);
}

/** `contract`, `contract.contractor` and the contract's parent chain. */
const invoiceIncludes = (product: Product) => [
  'contract',
  'contract.contractor',
  ...product.contractParent.includes.map((path) => `contract.${path}`),
];

const EXACT_OR_COMPARED: readonly FilterOperation[] = ['exact', 'less_than_equal', 'greater_than_equal', 'range'];

const invoiceFilters: FilterSpecs<InvoiceRecord> = {
  id: filterOn.ids(),
  external_identifier: filterOn.text(),
  internal_identifier: filterOn.text(),
  date_posted: filterOn.date(EXACT_OR_COMPARED),
  date_due: filterOn.date(EXACT_OR_COMPARED),
  date_received: filterOn.date(EXACT_OR_COMPARED),
  date_approved: filterOn.datetime(),
  payment_created: filterOn.datetime(),
  date_created: filterOn.datetime(),
  invoice_type: filterOn.choice(INVOICE_TYPES),
  invoice_process_state: { ...filterOn.choice(INVOICE_PROCESS_STATES), value: (invoice) => invoice.invoice_process_state },
  payment_date: filterOn.date(EXACT_OR_COMPARED),
  unaudited_amount: filterOn.money(),
  discounted_approved_amount: filterOn.money(),
  undiscounted_approved_amount: filterOn.money(),
  cash_discount: filterOn.money(),
  audited_amount: filterOn.money(),
  tags: filterOn.ids((invoice) => invoice.tags),
  contract: filterOn.ids((invoice) => invoice.contract),
};

export const invoiceReadRoutes = (product: Product): RouteSpec[] => {
  const resource = invoiceResource(product);
  const include = invoiceIncludes(product);
  return [
    { method: 'GET', path: '/invoices/', handler: listOf(resource, { filters: invoiceFilters, include }) },
    { method: 'GET', path: '/invoices/{id}/', handler: getOne(resource, { include }) },
    {
      method: 'GET',
      path: '/contracts/{contract_id}/invoices/',
      handler: listOf(resource, {
        within: {
          param: 'contract_id',
          parent: contractResource(product),
          rows: (contract, store) =>
            product
              .tables(store)
              .invoices.all()
              .filter((invoice) => invoice.contract === contract.id),
        },
      }),
    },
  ];
};
