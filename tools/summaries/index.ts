/** The summaries: questions answered in one call, on top of the API operations. */
import type { Summary } from '../../src/dispatch/summary.js';
import { getBuildingConsumption } from './building-consumption.js';
import { getContractOverview } from './contract-overview.js';
import { getContractorExposure } from './contractor-exposure.js';
import { getInvoicePaymentStatus } from './invoice-status.js';
import { getPaymentsInPeriod } from './payments-in-period.js';
import { getProjectBudget } from './project-budget.js';
import { getProjectPayables } from './project-payables.js';

export const summaries: readonly Summary[] = [
  getProjectBudget,
  getProjectPayables,
  getPaymentsInPeriod,
  getInvoicePaymentStatus,
  getContractOverview,
  getContractorExposure,
  getBuildingConsumption,
];
