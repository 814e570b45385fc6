import type { RouteSpec } from '../router.js';
import { budgetShiftRoutes } from './budget-shifts.js';
import { contractUnitRoutes } from './contract-units.js';
import { contractRoutes } from './contracts.js';
import { invoiceRoutes } from './invoices.js';
import { paymentRoutes } from './payments.js';
import { projectRoutes } from './projects.js';

/** Every FinCon operation the sandbox serves, relative to /fincon/v1. */
export const finconRoutes: readonly RouteSpec[] = [
  ...projectRoutes,
  ...contractUnitRoutes,
  ...contractRoutes,
  ...invoiceRoutes,
  ...paymentRoutes,
  ...budgetShiftRoutes,
];
