/** Every CAPEX tool, and its toolsets. CAPEX shares most resources with FinCon; contracts hang from measures. */
import type { Operation } from '../../src/dispatch/operation.js';
import { capex } from '../scope.js';
import { changeOrderOperations } from '../shared/change-orders.js';
import { contractOperations } from '../shared/contracts.js';
import { documentOperations } from '../shared/documents.js';
import { invoiceOperations } from '../shared/invoices.js';
import { partnerOperations } from '../shared/partners.js';
import { paymentOperations } from '../shared/payments.js';
import { tagOperations } from '../shared/tags.js';
import type { ToolsetInfo } from '../toolsets.js';
import { assetOperations } from './assets.js';

export const capexOperations: readonly Operation[] = [
  ...assetOperations,
  ...contractOperations(capex),
  ...invoiceOperations(capex),
  ...paymentOperations(capex),
  ...tagOperations(capex),
  ...partnerOperations(capex),
  ...changeOrderOperations(capex),
  ...documentOperations(capex),
];

export const capexToolsets: Readonly<Record<string, ToolsetInfo>> = {
  [capex.toolset('assets')]: { description: 'CAPEX assets and their measures', daily: true },
  [capex.toolset('contracts')]: { description: 'CAPEX contracts and their payment terms', daily: true },
  [capex.toolset('invoices')]: { description: 'CAPEX invoices and their states', daily: true },
  [capex.toolset('payments')]: { description: 'CAPEX invoice payments: list, register, correct', daily: true },
  [capex.toolset('contract_admin')]: {
    description: 'Create and change CAPEX contracts; contracts by parent; custom fields',
    daily: false,
  },
  [capex.toolset('invoice_admin')]: {
    description: 'Submit (starts the workflow) and complete CAPEX invoices, paid invoices, tags',
    daily: false,
  },
  [capex.toolset('partners')]: { description: 'CAPEX contractors (with tax waivers) and contracting entities', daily: false },
  [capex.toolset('change_orders')]: { description: 'CAPEX change orders', daily: false },
  [capex.toolset('documents')]: { description: 'CAPEX contract, invoice and change order documents', daily: false },
  [capex.toolset('setup')]: { description: 'CAPEX invoice tags: create, rename, delete', daily: false },
};
