/** The catalog: every declared operation, and the toolsets that group them. */
import type { Operation } from '../src/dispatch/operation.js';
import { listBudgetShifts } from './fincon/budget-shifts.js';
import { createContractUnit, getContractUnit, listContractUnits, updateContractUnit } from './fincon/contract-units.js';
import { getContract, listContracts } from './fincon/contracts.js';
import { getInvoice, listInvoices } from './fincon/invoices.js';
import { listInvoicePayments, registerInvoicePayment, updateInvoicePayment } from './fincon/payments.js';
import { getProject, listProjects } from './fincon/projects.js';

export const catalog: readonly Operation[] = [
  listProjects,
  getProject,
  listContractUnits,
  getContractUnit,
  createContractUnit,
  updateContractUnit,
  listBudgetShifts,
  listContracts,
  getContract,
  listInvoices,
  getInvoice,
  listInvoicePayments,
  registerInvoicePayment,
  updateInvoicePayment,
];

export const toolsets = {
  projects: 'Projects and their master data',
  budget: 'Contract units (budget packages) and budget shifts',
  contracts: 'Contracts with contractors',
  invoices: 'Invoices and their states',
  payments: 'Invoice payments: list, register, correct',
} as const satisfies Record<string, string>;

export type Toolset = keyof typeof toolsets;

/** The daily work, exposed when no --toolsets flag is given. */
export const defaultToolsets: readonly Toolset[] = ['projects', 'budget', 'contracts', 'invoices', 'payments'];
