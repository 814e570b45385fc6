/** The FinCon toolsets: names, what they hold, which are daily. Data only, so flags can be checked without the catalog. */
import type { ToolsetInfo } from '../toolset-info.js';

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
