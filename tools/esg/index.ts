/** Every ESG tool, and its toolsets. */
import type { Operation } from '../../src/dispatch/operation.js';
import { auditOperations } from './audit.js';
import { buildingOperations } from './buildings.js';
import { consumptionOperations } from './consumption.js';
import { fileOperations } from './files.js';
import { meterOperations } from './meters.js';
import { tenantOperations } from './tenants.js';

export const esgOperations: readonly Operation[] = [
  ...buildingOperations,
  ...meterOperations,
  ...consumptionOperations,
  ...tenantOperations,
  ...fileOperations,
  ...auditOperations,
];
