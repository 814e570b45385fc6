/** Enumerations of the FinCon and CAPEX APIs (one definition, shared), values exactly as in their OpenAPI descriptions. */

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

export type BudgetShiftType = 'SHIFT' | 'DECREASE' | 'INCREASE';

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

export const CONTRACT_DOCUMENT_TYPES = ['CONTRACT', 'ATTACHMENT'] as const;

export const CHANGE_ORDER_DOCUMENT_TYPES = [
  'CHANGE_ORDER_OFFER',
  'ATTACHMENT',
  'COVERSHEET_EXTERNAL',
  'AUDITED_CHANGE_ORDER',
  'INTERNAL_CORRESPONDENCE',
  'EXTERNAL_CORRESPONDENCE',
  'VALUATIONS',
  'PLANS',
  'CHANGE_ORDER',
  'PROTOCOL',
  'OTHER',
] as const;

/** Document types an upload may name. */
export const INVOICE_DOCUMENT_CREATE_TYPES = [
  'INVOICE',
  'ATTACHMENT',
  'COVERSHEET_EXTERNAL',
  'AUDITED_INVOICE',
  'INTERNAL_CORRESPONDENCE',
  'EXTERNAL_CORRESPONDENCE',
  'VALUATIONS',
  'PLANS',
  'REVISED_INVOICE',
  'PAYMENT_CERTIFICATE',
  'PROTOCOL',
  'OTHER',
] as const;

/** Document types an invoice document can have: the upload types plus those Alasco attaches itself. */
export const INVOICE_DOCUMENT_READ_TYPES = [
  ...INVOICE_DOCUMENT_CREATE_TYPES,
  'FINAL_INVOICE',
  'GUARANTEE',
  'COVERSHEET',
  'COMPOSED_DOCUMENTS',
  'EINVOICE_VISUALIZATION',
] as const;
export type InvoiceDocumentType = (typeof INVOICE_DOCUMENT_READ_TYPES)[number];

export const CHANGE_ORDER_STATES = ['OPEN', 'DETAILS_ENTERED', 'ACKNOWLEDGED', 'REJECTED'] as const;
export type ChangeOrderState = (typeof CHANGE_ORDER_STATES)[number];

export const BASES_OF_CLAIM = [
  'QUANTITY_CHANGE',
  'PRICE_CHANGE',
  'SERVICE_OMMISION',
  'SERVICE_CHANGE',
  'ADDITIONAL_SERVICE',
  'SERVICE_WITHOUT_CONTRACT',
  'DIRECT_LABOR_WORK',
  'PERFORMANCE_PERIOD_EXTENSION',
  'COMPENSATION',
  'OTHER',
] as const;
export type BasisOfClaim = (typeof BASES_OF_CLAIM)[number];

export const TRIGGERS = [
  'CONTRACTING_ENTITY_BUILDING_OWNER',
  'USER_TENANT',
  'BUYER',
  'PLANNING',
  'CONSTRUCTION_SUPERVISION',
  'THIRD_PARTY_CONSTRUCTION_SECTIONS',
  'THIRD_PARTY_AUTHORITIES',
  'UNFORESEEABLE_EVENTS',
  'OTHER',
] as const;
export type Trigger = (typeof TRIGGERS)[number];

export const CONTACT_SALUTATIONS = ['NOT_SPECIFIED', 'MALE', 'FEMALE', 'NON_BINARY', 'FAMILY'] as const;
export type ContactSalutation = (typeof CONTACT_SALUTATIONS)[number];
export const CONTACT_TITLES = ['NO_TITLE', 'DR', 'PROF', 'PROF_DR'] as const;
export type ContactTitle = (typeof CONTACT_TITLES)[number];
export const CONTACT_TYPES = ['PRIVATE', 'COMMERCIAL'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const COUNTRY_CODES = [
  'AM',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GE',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'KZ',
  'LT',
  'LU',
  'LV',
  'MT',
  'MX',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'US',
  'UY',
  'SA',
  'SE',
  'SI',
  'SK',
  'TR',
] as const;

export const COST_CATEGORIES = [
  'SITE',
  'CLEARANCE_AND_DEVELOPMENT',
  'STRUCTURE_CONSTRUCTION_WORKS',
  'STRUCTURE_SERVICES',
  'EXTERNAL_WORKS',
  'FURNISHINGS_FURNITURE_AND_ARTISTIC_APPOINTMENTS',
  'INCIDENTAL_BUILDING_COSTS',
  'FINANCING',
  'RESERVE',
  'COMPANY_COSTS',
  'SALES_MARKETING',
  'OTHER',
  'TENANT_IMPROVEMENT',
  'ESG_IMPROVEMENT',
  'MAINTENANCE',
] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

export const CUSTOM_FIELD_TYPES = ['TEXT', 'INTEGER', 'DECIMAL', 'DATE', 'MONEY', 'SELECT', 'MULTISELECT', 'BOOLEAN'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_OBJECT_TYPES = ['CONTRACT', 'PROJECT'] as const;
export type CustomFieldObjectType = (typeof CUSTOM_FIELD_OBJECT_TYPES)[number];
export const CUSTOM_FIELD_UNITS = ['NO_UNIT', 'CURRENCY', 'LENGTH', 'AREA', 'VOLUME', 'PERCENT'] as const;
export type CustomFieldUnit = (typeof CUSTOM_FIELD_UNITS)[number];

/** Tag colours a request may set; `UNSPECIFIED` is only ever read. */
export const TAG_COLORS_IN = ['BLUE', 'GREEN', 'RED', 'ORANGE'] as const;

export const CALCULATION_REFERENCES = ['deduction', 'retainage', 'cost_allocation', 'guarantee', 'insurance'] as const;
export type CalculationReference = (typeof CALCULATION_REFERENCES)[number];

export type CashOutflowNodeType =
  | 'COST_ELEMENT'
  | 'CONTRACT_UNIT'
  | 'CONTRACT'
  | 'FINANCING_CONTRACT_UNIT'
  | 'FINANCING_CONTRACT'
  | 'UNASSIGNED'
  | 'UNLINKED_CONTRACT_UNITS_PARENT'
  | 'UNDISTRIBUTED_COST_ELEMENT_BUDGET';

export const RENT_STATUSES = ['PLANNED', 'RENTED', 'COMPLETED'] as const;
export type RentStatus = (typeof RENT_STATUSES)[number];
export const SALES_UNIT_STATUSES = ['OPEN', 'RESERVED', 'SOLD'] as const;
export type SalesUnitStatus = (typeof SALES_UNIT_STATUSES)[number];

export const MEASURE_STATUSES = ['BUDGETED', 'IN_PROGRESS', 'COMPLETED'] as const;
export type MeasureStatus = (typeof MEASURE_STATUSES)[number];
