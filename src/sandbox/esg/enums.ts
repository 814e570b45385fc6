/** Enumerations of the ESG API, values exactly as in its OpenAPI description. */

export const UTILITIES = ['HEATING', 'ELECTRICITY', 'WATER', 'COOLING'] as const;
export type Utility = (typeof UTILITIES)[number];

export const SUB_CATEGORIES = ['COLD_WATER', 'HOT_WATER'] as const;
export type SubCategory = (typeof SUB_CATEGORIES)[number];

export const HEATING_SYSTEMS = [
  'ELECTRICITY',
  'OIL',
  'GAS',
  'DISTRICT_HEATING',
  'WOOD_CHIPS',
  'WOOD_PELLETS',
  'HEAT_PUMP',
  'UNKNOWN',
] as const;
export type HeatingSystem = (typeof HEATING_SYSTEMS)[number];

export const COOLING_SYSTEMS = ['DISTRICT', 'LOCAL_DISTRICT'] as const;
export type CoolingSystem = (typeof COOLING_SYSTEMS)[number];

export const UNITS = [
  'CUBIC_METERS',
  'KILOWATT_HOURS',
  'MEGAWATT_HOURS',
  'KILOJOULES',
  'MEGAJOULES',
  'GIGAJOULES',
  'BRITISH_THERMAL_UNITS',
] as const;
export type Units = (typeof UNITS)[number];

export const PROCURED_BY = ['LANDLORD', 'TENANT'] as const;
export type ProcuredBy = (typeof PROCURED_BY)[number];

export type MeterImportStatus = 'IMPORTED' | 'ASSIGNED' | 'CREATED' | 'REJECTED';

export type ConsumptionSource = 'meter' | 'estimate' | 'manualEntry';

export const DOCUMENT_TYPES = [
  'ENERGY_CERTIFICATE',
  'TAXONOMY_PROOF',
  'BUILDING_CERTIFICATE',
  'UTILITY_BILL',
  'CLIMATE_RISK_ANALYSIS',
  'TENANT_LEASE',
  'WASTE_COLLECTION_INTERVAL',
  'EMISSION_FACTOR_PROOF',
  'WASTE_MANAGEMENT_CONCEPT',
  'WASTE_DOCUMENTATION',
  'WASTE_REPORT',
  'PUBLIC_DISPLAY_ENERGY_CERTIFICATE',
  'RENEWABLE_ELECTRICITY_CERTIFICATE',
  'ESG_ANALYSIS',
  'EU_TAXONOMY_ASSESSMENT',
  'ENERGY_RENOVATION_ROADMAP',
  'ENERGY_AUDIT',
  'INVESTOR_ESG_ANALYSIS',
  'ENERGY_REVIEW',
  'OTHER',
  'UNSET',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type DocumentSource = 'APP' | 'API' | 'SURVEY';

export type DocumentEventType = 'CREATE' | 'UPDATE' | 'DELETE';

export const TENANT_ATTACHMENT_TYPES = ['COMMENT', 'DOCUMENT'] as const;
export type TenantAttachmentType = (typeof TENANT_ATTACHMENT_TYPES)[number];

/** Tenant contact enums; they differ from the FinCon contact enums. */
export const SALUTATIONS = ['MALE', 'FEMALE', 'FAMILY', 'NONBINARY'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

export const TITLES = ['DR', 'PROF', 'PROFDR'] as const;
export type Title = (typeof TITLES)[number];

export type EnergyCertificateType = 'CONSUMPTION' | 'DEMAND';

/** Building certificate schemas with their display labels. */
export const BUILDING_CERTIFICATE_SCHEMAS = {
  BREEAM_COMMUNITIES: 'BREEAM Communities',
  BREEAM_INFRASTRUCTURE: 'BREEAM Infrastructure',
  BREEAM_NEW_CONSTRUCTION: 'BREEAM New Construction',
  BREEAM_IN_USE: 'BREEAM In-Use',
  BREEAM_REFURBISHMENT: 'BREEAM Refurbishment and Fit-out',
  DGNB_EXISTING_BUILDINGS: 'DGNB Existing Buildings',
  DGNB_BUILDINGS_IN_USE: 'DGNB Buildings In Use',
  DGNB_NEW_CONSTRUCTION: 'DGNB New Construction',
  DGNB_RENOVATION: 'DGNB Renovation',
  FITWEL: 'Fitwel',
  LEED_BDC_CSD_C: 'LEED BD+C: Core and Shell (Certification)',
  LEED_BDC_CSD_PC: 'LEED BD+C: Core and Shell (Pre-Certification)',
  LEED_BDC_NC_C: 'LEED BD+C: New Construction (Certification)',
  LEED_BDC_NC_PC: 'LEED BD+C: New Construction (Pre-Certification)',
  LEED_IDC_CI_C: 'LEED ID+C: Commercial Interiors (Certification)',
  LEED_IDC_CI_PC: 'LEED ID+C: Commercial Interiors (Pre-Certification)',
  LEED_OM_EB_C: 'LEED O+M: Existing Buildings (Certification)',
  WELL_HEALTH_SAFETY_RATING: 'WELL Health-Safety Rating',
  WIRED_SCORE_OCCUPIED_BUILDINGS: 'WiredScore Occupied Buildings',
  WIRED_SCORE_DEVELOPMENTS: 'WiredScore Developments',
} as const;
export type BuildingCertificateSchema = keyof typeof BUILDING_CERTIFICATE_SCHEMAS;

export type AuditOperation = 'INSERT' | 'UPDATE' | 'DELETE';

export type UserAuditOperation =
  AuditOperation | 'LOGIN' | 'LOGIN_FAILED' | 'LOGOUT' | 'PASSWORD_CHANGE_FAILED' | 'PASSWORD_CHANGE_SUCCEEDED';

export type UserAuditActor = 'SYSTEM' | 'USER';

export type RecordOrigin = 'LEGACY' | 'APP_USER' | 'PUBLIC_API' | 'INTERNAL_PROCESS';
