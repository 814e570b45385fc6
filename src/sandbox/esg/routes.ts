import type { RouteSpec } from '../router.js';
import { annualConsumptionRoutes } from './annual-consumption.js';
import { auditRoutes } from './audit-feeds.js';
import { batchInfoRoutes } from './batch-infos.js';
import { buildingRoutes } from './buildings.js';
import { fileEventRoutes } from './file-events.js';
import { fileRoutes } from './files.js';
import { intervalRoutes } from './intervals.js';
import { meterImportRoutes } from './meter-imports.js';
import { meterRoutes } from './meters.js';
import { readingRoutes } from './readings.js';
import { tenantLinkRoutes } from './tenant-links.js';
import { tenantRoutes } from './tenants.js';

/** Every ESG operation the sandbox serves, relative to /esg/v1. */
export const esgRoutes: readonly RouteSpec[] = [
  ...buildingRoutes,
  ...meterRoutes,
  ...meterImportRoutes,
  ...readingRoutes,
  ...intervalRoutes,
  ...annualConsumptionRoutes,
  ...tenantRoutes,
  ...tenantLinkRoutes,
  ...batchInfoRoutes,
  ...fileRoutes,
  ...fileEventRoutes,
  ...auditRoutes,
];
