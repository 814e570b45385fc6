import { coreRoutes } from '../core/routes.js';
import { definitionRoutes } from '../core/custom-fields.js';
import type { RouteSpec } from '../router.js';
import { budgetShiftRoutes } from './budget-shifts.js';
import { contactRoutes } from './contacts.js';
import { contractUnitRoutes } from './contract-units.js';
import { costElementRoutes } from './cost-elements.js';
import { finconProduct } from './product.js';
import { projectRoutes } from './projects.js';
import { propertyRoutes } from './properties.js';
import { cashOutflowRoutes } from './reporting/cash-outflow.js';
import { financialsRoutes } from './reporting/financials.js';
import { revenueRoutes } from './reporting/revenue.js';

/** Every FinCon operation the sandbox serves, relative to /fincon/v1. */
export const finconRoutes: readonly RouteSpec[] = [
  ...propertyRoutes,
  ...projectRoutes,
  ...contractUnitRoutes,
  ...budgetShiftRoutes,
  ...contactRoutes,
  ...costElementRoutes,
  ...definitionRoutes(finconProduct),
  ...coreRoutes(finconProduct),
  ...financialsRoutes,
  ...cashOutflowRoutes,
  ...revenueRoutes,
];
