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
