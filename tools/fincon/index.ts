/** Every FinCon (finance control) tool, and its toolsets. */
import type { Operation } from '../../src/dispatch/operation.js';
import { reportingOperations } from '../reporting/index.js';
import { fincon } from '../scope.js';
import { changeOrderOperations } from '../shared/change-orders.js';
import { contractOperations } from '../shared/contracts.js';
import { documentOperations } from '../shared/documents.js';
import { invoiceOperations } from '../shared/invoices.js';
import { partnerOperations } from '../shared/partners.js';
import { paymentOperations } from '../shared/payments.js';
import { tagOperations } from '../shared/tags.js';
import type { ToolsetInfo } from '../toolsets.js';
import { listBudgetShifts } from './budget-shifts.js';
import { contactOperations } from './contacts.js';
import { createContractUnit, getContractUnit, listContractUnits, updateContractUnit } from './contract-units.js';
import { projectOperations } from './projects.js';
import { propertyOperations } from './properties.js';
import { setupOperations } from './setup.js';

export const finconOperations: readonly Operation[] = [
  ...projectOperations,
  ...propertyOperations,
  listContractUnits,
  getContractUnit,
  createContractUnit,
  updateContractUnit,
  listBudgetShifts,
  ...contractOperations(fincon),
  ...invoiceOperations(fincon),
  ...paymentOperations(fincon),
  ...tagOperations(fincon),
  ...partnerOperations(fincon),
  ...contactOperations,
  ...changeOrderOperations(fincon),
  ...documentOperations(fincon),
  ...setupOperations,
  ...reportingOperations,
];

export const finconToolsets: Readonly<Record<string, ToolsetInfo>> = {
  projects: { description: 'Projects and their properties', daily: true },
  budget: { description: 'Contract units (budget packages) and budget shifts', daily: true },
  contracts: { description: 'Contracts with contractors and their payment terms', daily: true },
  invoices: { description: 'Invoices and their states', daily: true },
  payments: { description: 'Invoice payments: list, register, correct', daily: true },
  project_setup: {
    description: 'Create and change projects and properties; projects by property or entity; custom fields',
    daily: false,
  },
  contract_admin: { description: 'Create and change contracts; contracts by parent; contract custom fields', daily: false },
  invoice_admin: { description: 'Submit and complete invoices, paid invoices, invoice tags', daily: false },
  partners: { description: 'Contractors (with tax waivers), contracting entities and contacts', daily: false },
  change_orders: { description: 'Change orders (contract amendments)', daily: false },
  documents: { description: 'Contract, invoice and change order documents: upload, list, download', daily: false },
  setup: { description: 'Tags, cost elements and their templates, custom field definitions', daily: false },
  reporting: {
    description: 'Financial roll-ups: projects, contract units, contracts, cost elements, cash outflow, revenues',
    daily: false,
  },
};
