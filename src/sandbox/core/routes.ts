import type { RouteSpec } from '../router.js';
import { changeOrderRoutes } from './change-orders.js';
import { contractTermsRoutes } from './contract-terms.js';
import { contractWriteRoutes } from './contract-writes.js';
import { contractingEntityRoutes } from './contracting-entities.js';
import { contractorRoutes } from './contractors.js';
import { contractReadRoutes } from './contracts.js';
import { documentRoutes } from './documents.js';
import { invoiceReadRoutes } from './invoices.js';
import { newInvoiceRoutes } from './new-invoices.js';
import { paidInvoiceRoutes } from './paid-invoices.js';
import { paymentRoutes } from './payments.js';
import type { Product } from './product.js';
import { tagRoutes } from './tags.js';

/** The operations FinCon and CAPEX share, served from the product's own tables. */
export function coreRoutes(product: Product): RouteSpec[] {
  return [
    ...contractingEntityRoutes(product),
    ...contractorRoutes(product),
    ...contractReadRoutes(product),
    ...contractWriteRoutes(product),
    ...contractTermsRoutes(product),
    ...changeOrderRoutes(product),
    ...invoiceReadRoutes(product),
    ...newInvoiceRoutes(product),
    ...paidInvoiceRoutes(product),
    ...paymentRoutes(product),
    ...tagRoutes(product),
    ...documentRoutes(product),
  ];
}
