/** Enumerations of the FinCon API, values exactly as in its OpenAPI description. */

export const CONTRACT_UNIT_STATES = ['BUDGETED', 'FULLY_AWARDED', 'FINALIZED', 'CONTINGENCY', 'FINANCING'] as const;
export type ContractUnitState = (typeof CONTRACT_UNIT_STATES)[number];
/** The subset the create body's schema accepts. */
export const CONTRACT_UNIT_CREATE_STATES = ['BUDGETED', 'CONTINGENCY'] as const;

export const CONTRACT_STATUSES = ['DRAFT', 'ORDERED', 'PARTIAL_COMPLETED', 'COMPLETED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_TYPES = ['MULTIPART', 'STANDARD', 'RECURRING'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const INVOICE_PROCESS_STATES = ['NEW', 'DETAILS_ENTERED', 'CHECKED', 'APPROVED', 'PAID'] as const;
export type InvoiceProcessState = (typeof INVOICE_PROCESS_STATES)[number];

export const INVOICE_TYPES = [
  'SINGLE',
  'ADVANCE',
  'INSTALLMENT',
  'PARTIAL_FINAL',
  'FINAL',
  'RETAINAGE_PAYOUT',
  'RECURRING',
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const BUDGET_SHIFT_TYPES = ['SHIFT', 'DECREASE', 'INCREASE'] as const;
export type BudgetShiftType = (typeof BUDGET_SHIFT_TYPES)[number];

export const PROJECT_USAGES = ['COMMERCIAL_USAGE', 'NON_COMMERCIAL_USAGE', 'MIXED_USAGE'] as const;
export type ProjectUsage = (typeof PROJECT_USAGES)[number];

export const TAX_AUTHORITIES = [
  'BADEN_WUERTTEMBERG',
  'BAVARIA',
  'BERLIN',
  'BRANDENBURG',
  'BREMEN',
  'HAMBURG',
  'HESSE',
  'MECKLENBURG_VORPOMMERN',
  'LOWER_SAXONY',
  'NORTH_RHINE_WESTPHALIA',
  'RHEINLAND_PALATINATE',
  'SAARLAND',
  'SAXONY',
  'SACHSEN_ANHALT',
  'SCHLESWIG_HOLSTEIN',
  'THURINGIA',
] as const;
export type TaxAuthority = (typeof TAX_AUTHORITIES)[number];

export const TAG_COLORS = ['BLUE', 'GREEN', 'RED', 'ORANGE', 'UNSPECIFIED'] as const;
export type TagColor = (typeof TAG_COLORS)[number];
