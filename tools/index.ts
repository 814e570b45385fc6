/** The catalog: every declared operation, and the toolsets that group them. */
import type { Operation } from '../src/dispatch/operation.js';
import { listBudgetShifts } from './fincon/budget-shifts.js';
import { createContractUnit, getContractUnit, listContractUnits, updateContractUnit } from './fincon/contract-units.js';
import { getProject, listProjects } from './fincon/projects.js';
import { fincon } from './scope.js';
import { contractOperations } from './shared/contracts.js';
import { invoiceOperations } from './shared/invoices.js';
import { paymentOperations } from './shared/payments.js';

export const catalog: readonly Operation[] = [
  listProjects,
  getProject,
  listContractUnits,
  getContractUnit,
  createContractUnit,
  updateContractUnit,
  listBudgetShifts,
  ...contractOperations(fincon),
  ...invoiceOperations(fincon),
  ...paymentOperations(fincon),
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
