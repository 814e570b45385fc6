/** The CAPEX toolsets. Data only, so flags can be checked without the catalog. */
import { capex } from '../scope.js';
import type { ToolsetInfo } from '../toolset-info.js';

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
