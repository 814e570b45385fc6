import type { StoredFile } from '../files/file-store.js';
import { Table, type Row } from '../table.js';
import type {
  AuditOperation,
  BuildingCertificateSchema,
  ConsumptionSource,
  CoolingSystem,
  DocumentEventType,
  DocumentSource,
  DocumentType,
  EnergyCertificateType,
  HeatingSystem,
  MeterImportStatus,
  ProcuredBy,
  RecordOrigin,
  Salutation,
  SubCategory,
  TenantAttachmentType,
  Title,
  Units,
  UserAuditActor,
  UserAuditOperation,
  Utility,
} from './enums.js';

/*
 * Stored ESG records. Field names follow the API's attribute names where the API shows the
 * field; references to other records are their uuids. Decimals are kept as the decimal strings
 * the API returns, dates as YYYY-MM-DD, instants as ISO 8601 in UTC. A record's `seq` doubles as
 * its integer primary key: the raw audit log's `entity_id`, and the public id of the two
 * resource kinds the API numbers (meter imports and user audit events).
 */

export interface EnergyCertificate {
  type: EnergyCertificateType;
  is_residential: boolean | null;
  efficiency_class: string | null;
  description: string | null;
  end_energy_heating: string | null;
  end_energy_electricity: string | null;
  primary_energy: string | null;
  primary_energy_non_renewable: string | null;
  co2_emissions: string | null;
  issued_at: string;
  valid_until: string;
}

export interface BuildingCertificate {
  schema: BuildingCertificateSchema;
  level: string;
  description: string | null;
  issued_at: string;
  valid_until: string | null;
}

export interface BuildingRecord extends Row {
  name: string;
  external_id: string | null;
  external_asset_id: string | null;
  /** Postal address; not an API attribute, but what meter imports are matched by. */
  address: string;
  gross_external_area: string | null;
  gross_internal_area: string | null;
  energy_certificates: EnergyCertificate[];
  building_certificates: BuildingCertificate[];
}

export interface AnalysisResultRecord extends Row {
  building: string;
  year: number;
  co2_intensity: string | null;
  energy_intensity: string | null;
  final_energy_intensity: string | null;
  primary_energy_intensity: string | null;
  total_emissions: string | null;
  total_consumption: string | null;
  total_energy_generated: string | null;
  self_supply_rate: string | null;
  scope_1_emissions: string | null;
  scope_2_emissions: string | null;
  scope_3_emissions: string | null;
}

interface CustomDataField {
  field_id: string;
  name: string;
  year: number | null;
  value: string | string[] | null;
}

export interface CustomDataGroupRecord extends Row {
  building: string;
  name: string;
  field_instances: CustomDataField[];
}

/** The technical description of a meter, shared by meters and meter imports. */
export interface MeterSpecification {
  category: Utility;
  units: Units;
  sub_category: SubCategory | null;
  heating_system: HeatingSystem | null;
  cooling_system: CoolingSystem | null;
}

export interface UtilityMeterRecord extends Row, MeterSpecification {
  building: string;
  external_id: string | null;
  serial: string;
  description: string | null;
  multiplication_factor: string;
  custom_conversion_factor: string | null;
  activation_date: string | null;
  deactivation_date: string | null;
  procured_by: ProcuredBy;
  batch_info: string | null;
}

export interface MeterImportRecord extends Row, MeterSpecification {
  external_id: string;
  address: string;
  serial: string;
  description: string | null;
  multiplication_factor: string;
  status: MeterImportStatus;
  /** The building whose address matched, if any. */
  building: string | null;
}

export interface MeterReadingRecord extends Row {
  meter: string;
  reading_timestamp: string;
  reading_value: string;
  batch_info: string | null;
}

/** A consumption total for the days from start_date to end_date, both included. */
export interface ConsumptionIntervalRecord extends Row {
  meter: string;
  start_date: string;
  end_date: string;
  consumption_value: string;
  batch_info: string | null;
}

export interface MarketBasedFactor {
  value: string;
  is_renewable: boolean | null;
}

/** Consumption and completeness are not stored: they derive from the meter's intervals. */
export interface AnnualConsumptionRecord extends Row {
  meter: string;
  year: number;
  source: ConsumptionSource;
  /** Null for utilities that carry no emission factor (water). */
  location_based_factor: string | null;
  market_based: MarketBasedFactor | null;
}

export interface TenantRecord extends Row {
  building: string;
  external_id: string;
  name: string;
  description: string | null;
  lease_start_date: string | null;
  lease_end_date: string | null;
  lease_area_square_meters: string | null;
  green_signature_date: string | null;
  contact_title: Title | null;
  contact_salutation: Salutation | null;
  contact_email: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_phone_number: string | null;
}

export interface TenantAttachmentRecord extends Row {
  tenant: string;
  attachment_type: TenantAttachmentType;
  comment: string | null;
  file_id: string | null;
}

export interface TenantConsumptionLinkRecord extends Row {
  tenant: string;
  annual_consumption: string;
}

export interface BatchInfoRecord extends Row {
  data_source_label: string;
  data_source_value: string;
  external_id: string | null;
}

/** What the API tells about a document. */
export interface FileMetadata {
  /** The file id. */
  id: string;
  name: string | null;
  external_id: string | null;
  source: DocumentSource;
  document_type: DocumentType;
  building_external_ids: string[];
  issued_at: string | null;
  valid_until: string | null;
}

/** A document: its metadata, and its bytes in the sandbox's file store. */
export interface FileRecord extends Row, FileMetadata {
  content: StoredFile;
}

/** A copy of the document's metadata, without its content. */
export function metadataOf({ content: _content, seq: _seq, ...metadata }: FileRecord): FileMetadata {
  return structuredClone(metadata);
}

export interface FileEventRecord extends Row {
  event_type: DocumentEventType;
  timestamp: string;
  /** The document as it was after the change (before it, for a deletion). */
  file: FileMetadata;
}

export interface AuditLogRecord extends Row {
  op: AuditOperation;
  origin: RecordOrigin;
  transaction_id: string | null;
  user_id: number | null;
  user_data: Record<string, unknown> | null;
  table_schema: string;
  table_name: string;
  entity_id: number;
  record: Record<string, unknown> | null;
  record_diff: Record<string, unknown> | null;
  ts: string;
}

export interface UserAuditLogRecord extends Row {
  op: UserAuditOperation;
  actor: UserAuditActor;
  event_type: string;
  description: string | null;
  transaction_id: string | null;
  user_id: number | null;
  user_data: Record<string, unknown> | null;
  table_name: string;
  entity_id: string | null;
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  record_diff: Record<string, unknown> | null;
  ts: string;
}

export interface EsgTables {
  buildings: Table<BuildingRecord>;
  analysisResults: Table<AnalysisResultRecord>;
  customData: Table<CustomDataGroupRecord>;
  meters: Table<UtilityMeterRecord>;
  meterImports: Table<MeterImportRecord>;
  readings: Table<MeterReadingRecord>;
  intervals: Table<ConsumptionIntervalRecord>;
  annualConsumptions: Table<AnnualConsumptionRecord>;
  tenants: Table<TenantRecord>;
  tenantAttachments: Table<TenantAttachmentRecord>;
  tenantLinks: Table<TenantConsumptionLinkRecord>;
  batchInfos: Table<BatchInfoRecord>;
  files: Table<FileRecord>;
  fileEvents: Table<FileEventRecord>;
  auditLog: Table<AuditLogRecord>;
  userAuditLog: Table<UserAuditLogRecord>;
}

export function createEsgTables(): EsgTables {
  return {
    buildings: new Table(),
    analysisResults: new Table(['building']),
    customData: new Table(['building']),
    meters: new Table(['building']),
    meterImports: new Table(),
    readings: new Table(['meter']),
    intervals: new Table(['meter']),
    annualConsumptions: new Table(['meter']),
    tenants: new Table(),
    tenantAttachments: new Table(['tenant']),
    tenantLinks: new Table(['tenant', 'annual_consumption']),
    batchInfos: new Table(),
    files: new Table(),
    fileEvents: new Table(),
    auditLog: new Table(),
    userAuditLog: new Table(),
  };
}
