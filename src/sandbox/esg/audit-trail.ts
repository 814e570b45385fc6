import type { Row, Table } from '../table.js';
import type { AuditOperation, RecordOrigin } from './enums.js';
import {
  metadataOf,
  type AnnualConsumptionRecord,
  type BatchInfoRecord,
  type BuildingRecord,
  type ConsumptionIntervalRecord,
  type EsgTables,
  type FileRecord,
  type MeterImportRecord,
  type MeterReadingRecord,
  type TenantAttachmentRecord,
  type TenantConsumptionLinkRecord,
  type TenantRecord,
  type UtilityMeterRecord,
} from './records.js';

/*
 * The two audit feeds. Every change lands in the raw feed as a table-level event (entity_id is
 * the row's integer key, its `seq`); changes made by app users or through the public API also
 * land in the user audit feed, with the record before and after.
 */

/** A table as the audit feeds name it. */
export interface AuditedTable<R extends Row> {
  /** e.g. "utility_meter"; user audit event types read "utility_meter.created". */
  tableName: string;
  table(tables: EsgTables): Table<R>;
  /** The record as people name it, e.g. "utility meter FFM-001-EL-01". */
  describe(record: R): string;
  /** The record as the feeds show it (`record`, `old`, `new`); a copy, so later changes do not show. */
  snapshot(record: R): Snapshot;
}

export type Snapshot = Record<string, unknown>;

/** Every stored field but the sequence number. */
function storedFields(record: Row): Snapshot {
  const { seq: _seq, ...fields } = record;
  return structuredClone(fields);
}

const audited = <R extends Row>(
  tableName: string,
  table: (tables: EsgTables) => Table<R>,
  describe: (record: R) => string,
  snapshot: (record: R) => Snapshot = storedFields,
): AuditedTable<R> => ({ tableName, table, describe, snapshot });

export const AUDITED = {
  buildings: audited<BuildingRecord>(
    'building',
    (t) => t.buildings,
    (b) => `building ${b.external_id ?? b.name}`,
  ),
  meters: audited<UtilityMeterRecord>(
    'utility_meter',
    (t) => t.meters,
    (m) => `utility meter ${m.external_id ?? m.serial}`,
  ),
  meterImports: audited<MeterImportRecord>(
    'utility_meter_import',
    (t) => t.meterImports,
    (m) => `utility meter import ${m.external_id}`,
  ),
  readings: audited<MeterReadingRecord>(
    'utility_meter_reading',
    (t) => t.readings,
    (r) => `meter reading of ${r.reading_timestamp}`,
  ),
  intervals: audited<ConsumptionIntervalRecord>(
    'consumption_interval',
    (t) => t.intervals,
    (i) => `consumption interval ${i.start_date} to ${i.end_date}`,
  ),
  annualConsumptions: audited<AnnualConsumptionRecord>(
    'annual_consumption',
    (t) => t.annualConsumptions,
    (a) => `annual consumption ${a.year}`,
  ),
  tenants: audited<TenantRecord>(
    'tenant',
    (t) => t.tenants,
    (t) => `tenant ${t.external_id}`,
  ),
  tenantAttachments: audited<TenantAttachmentRecord>(
    'tenant_attachment',
    (t) => t.tenantAttachments,
    (a) => `tenant attachment (${a.attachment_type})`,
  ),
  tenantLinks: audited<TenantConsumptionLinkRecord>(
    'tenant_consumption_link',
    (t) => t.tenantLinks,
    () => 'tenant consumption link',
  ),
  batchInfos: audited<BatchInfoRecord>(
    'utility_data_batch_info',
    (t) => t.batchInfos,
    (b) => `utility data batch info ${b.external_id ?? b.data_source_value}`,
  ),
  // The metadata only: the stored content is the sandbox's own (and reading it renders the PDF).
  files: audited<FileRecord>(
    'document',
    (t) => t.files,
    (f) => `document ${f.name ?? f.id}`,
    (f) => ({ ...metadataOf(f) }),
  ),
};

const TABLE_SCHEMA = 'esg';

/** The changed fields as `{field: {old, new}}`. */
function diffOf(before: Snapshot, after: Snapshot): Snapshot {
  const diff: Snapshot = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      diff[key] = { old: before[key] ?? null, new: after[key] ?? null };
    }
  }
  return diff;
}

export interface AppUser {
  id: number;
  email: string;
}

interface AuditEntry<R extends Row> {
  target: AuditedTable<R>;
  op: AuditOperation;
  origin: RecordOrigin;
  /** Set for origin APP_USER. */
  user?: AppUser;
  record: R;
  before: Snapshot | null;
  after: Snapshot | null;
  transactionId: string;
  ts: string;
}

const PAST_TENSE: Record<AuditOperation, string> = { INSERT: 'created', UPDATE: 'updated', DELETE: 'deleted' };

const BY_ORIGIN: Partial<Record<RecordOrigin, string>> = { PUBLIC_API: 'through the public API' };

export function recordAudit<R extends Row>(tables: EsgTables, newId: () => string, entry: AuditEntry<R>): void {
  const { target, op, origin, user, record, before, after, transactionId, ts } = entry;
  const diff = before && after ? diffOf(before, after) : null;
  tables.auditLog.insert({
    id: newId(),
    op,
    origin,
    transaction_id: transactionId,
    user_id: user?.id ?? null,
    user_data: user ? { email: user.email } : null,
    table_schema: TABLE_SCHEMA,
    table_name: target.tableName,
    entity_id: record.seq,
    record: after ?? before,
    record_diff: diff,
    ts,
  });
  if (origin !== 'APP_USER' && origin !== 'PUBLIC_API') return;
  const by = user ? `by ${user.email}` : BY_ORIGIN[origin];
  const what = target.describe(record);
  tables.userAuditLog.insert({
    id: newId(),
    op,
    // An API key acts for the account, not for a user.
    actor: user ? 'USER' : 'SYSTEM',
    event_type: `${target.tableName}.${PAST_TENSE[op]}`,
    description: `${what.charAt(0).toUpperCase()}${what.slice(1)} ${PAST_TENSE[op]} ${by}`,
    transaction_id: transactionId,
    user_id: user?.id ?? null,
    user_data: user ? { email: user.email } : { origin },
    table_name: target.tableName,
    entity_id: record.id,
    old: before,
    new: after,
    record_diff: diff,
    ts,
  });
}
