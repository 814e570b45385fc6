/**
 * Seeded activity: documents with their file events (May and June 2026), and the audit feeds
 * for June 2026. What tests may rely on:
 *
 * - 12 documents (FILES in seed-catalog.ts): 5 from APP, 5 from API, 2 from SURVEY. The API file
 *   "DMS-2025-00871" and the APP file "APP-EA-FFM-2021" and SURVEY file "SURVEY-FFM-2025" are
 *   addressable by external id; some APP and SURVEY files have none.
 * - File events in timestamp order: a CREATE per document, an UPDATE for the renamed energy audit,
 *   and CREATE plus DELETE of a draft the integration removed again (its file no longer exists).
 * - Audit feeds over 2026-06-01 .. 2026-06-30 (UTC), oldest first: every day has raw events;
 *   origins LEGACY (2026-06-01), INTERNAL_PROCESS (nightly), APP_USER (weekdays) and PUBLIC_API
 *   (the readings and May intervals the integration delivered on 2026-06-02); the user audit feed
 *   has logins and logouts on weekdays, a failed login, a failed and a successful password change,
 *   and the APP_USER and PUBLIC_API changes.
 */
import type { FileStore } from '../files/file-store.js';
import { renderPdf } from '../files/pdf.js';
import type { Random } from '../random.js';
import type { NewRow, Row } from '../table.js';
import { AUDITED, recordAudit, type AppUser, type AuditedTable } from './audit-trail.js';
import { addDays } from '../core/seed-kit.js';
import { dayNumber } from './dates.js';
import type { RecordOrigin, UserAuditOperation } from './enums.js';
import type { EsgTables, FileEventRecord, FileMetadata, FileRecord } from './records.js';
import { APP_USERS, BUILDINGS, DELETED_FILE, FILES, type FileFixture } from './seed-catalog.js';

const AUDIT_FROM = '2026-06-01';
const AUDIT_DAYS = 30;
/** When the integration delivered the June readings and May intervals. */
const DELIVERY = '2026-06-02T06:00:00Z';

export function seedDocuments(tables: EsgTables, files: FileStore, random: Random): void {
  const events: NewRow<FileEventRecord>[] = [];
  const event = (event_type: FileEventRecord['event_type'], timestamp: string, file: FileMetadata) =>
    events.push({ id: random.uuid(), event_type, timestamp, file: structuredClone(file) });

  for (const fixture of FILES) {
    const metadata = metadataOf(fixture, random.uuid());
    const file = storeDocument(tables, files, fixture.name, metadata);
    event('CREATE', fixture.created, metadata);
    if (fixture.renamed) {
      const [timestamp, name] = fixture.renamed;
      file.name = name;
      event('UPDATE', timestamp, { ...metadata, name });
    }
  }
  const removed = metadataOf(DELETED_FILE, random.uuid());
  event('CREATE', DELETED_FILE.created, removed);
  event('DELETE', DELETED_FILE.deleted, removed);

  events.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const row of events) tables.fileEvents.insert(row);
}

/** A seeded document, its PDF made when first read. */
export function storeDocument(tables: EsgTables, files: FileStore, name: string, metadata: FileMetadata): FileRecord {
  const content = files.addGenerated({ filename: name, contentType: 'application/pdf' }, () =>
    renderPdf(name, documentLines(metadata)),
  );
  return tables.files.insert({ ...metadata, content });
}

function metadataOf(fixture: FileFixture, id: string): FileMetadata {
  return {
    id,
    name: fixture.name,
    external_id: fixture.external_id,
    source: fixture.source,
    document_type: fixture.document_type,
    building_external_ids: fixture.buildings.map(
      (code) => BUILDINGS.find((building) => building.code === code)?.external_id ?? code,
    ),
    issued_at: fixture.issued_at,
    valid_until: fixture.valid_until,
  };
}

function documentLines(file: FileMetadata): string[] {
  return [
    `Dokumenttyp: ${file.document_type}`,
    `Gebäude: ${file.building_external_ids.join(', ')}`,
    `Ausgestellt am: ${file.issued_at ?? '-'}`,
    `Gültig bis: ${file.valid_until ?? '-'}`,
    'Beispieldokument der Sandbox.',
  ];
}

interface SeedUser extends AppUser {
  uuid: string;
}

/** Audit events are gathered first and written in time order, so both feeds list oldest first. */
/** The audit event of a record created through the public API in one delivery (transaction). */
export function recordApiInsert<R extends Row>(
  tables: EsgTables,
  newId: () => string,
  insert: { target: AuditedTable<R>; record: R; transactionId: string; ts: string },
): void {
  const { target, record } = insert;
  recordAudit(tables, newId, {
    ...insert,
    op: 'INSERT',
    origin: 'PUBLIC_API',
    before: null,
    after: target.snapshot(record),
  });
}

export function seedAuditTrail(tables: EsgTables, random: Random): void {
  const users: SeedUser[] = APP_USERS.map(([id, email]) => ({ id, email, uuid: random.uuid() }));
  const pending: { ts: string; write(): void }[] = [];
  const at = (ts: string, write: (ts: string) => void) => pending.push({ ts, write: () => write(ts) });
  const newId = () => random.uuid();

  /** A change whose record held `previous` before. */
  const change =
    <R extends Row>(target: AuditedTable<R>, record: R, previous: Partial<R>, origin: RecordOrigin, user?: AppUser) =>
    (ts: string) => {
      const after = target.snapshot(record);
      const before = { ...after, ...previous };
      recordAudit(tables, newId, {
        target,
        op: 'UPDATE',
        origin,
        ...(user && { user }),
        record,
        before,
        after,
        transactionId: newId(),
        ts,
      });
    };

  for (const [i, building] of tables.buildings.all().slice(0, 3).entries()) {
    at(`${AUDIT_FROM}T00:1${i}:00Z`, change(AUDITED.buildings, building, { external_asset_id: null }, 'LEGACY'));
  }
  const currentYear = tables.annualConsumptions.all().filter((row) => row.year === 2026);
  for (let day = 0; day < AUDIT_DAYS; day++) {
    const date = addDays(AUDIT_FROM, day);
    const annual = random.pick(currentYear);
    at(
      `${date}T02:30:00Z`,
      change(
        AUDITED.annualConsumptions,
        annual,
        { source: annual.source === 'meter' ? 'estimate' : 'meter' },
        'INTERNAL_PROCESS',
      ),
    );
    if (isWeekend(date)) continue;
    for (const user of users) {
      if (random.chance(0.25)) continue;
      at(`${date}T0${random.int(7, 9)}:${twoDigits(random.int(0, 59))}:00Z`, session(user, 'LOGIN'));
      at(`${date}T1${random.int(6, 8)}:${twoDigits(random.int(0, 59))}:00Z`, session(user, 'LOGOUT'));
    }
    const tenant = random.pick(tables.tenants.all());
    const phone = `+49 ${random.int(30, 89)} ${random.int(1000, 9999)} ${random.int(100, 999)}`;
    const edited = `${date}T1${random.int(0, 4)}:${twoDigits(random.int(0, 59))}:00Z`;
    at(edited, change(AUDITED.tenants, tenant, { contact_phone_number: phone }, 'APP_USER', random.pick(users)));
  }

  const [, second, third] = users as [SeedUser, SeedUser, SeedUser];
  at('2026-06-08T08:02:11Z', session(second, 'LOGIN_FAILED'));
  at('2026-06-08T08:02:49Z', session(second, 'LOGIN'));
  at('2026-06-15T11:20:40Z', session(third, 'PASSWORD_CHANGE_FAILED'));
  at('2026-06-15T11:21:05Z', session(third, 'PASSWORD_CHANGE_SUCCEEDED'));

  const delivery = newId();
  const delivered =
    <R extends Row>(target: AuditedTable<R>, record: R) =>
    (ts: string) =>
      recordApiInsert(tables, newId, { target, record, transactionId: delivery, ts });
  for (const reading of tables.readings.all()) {
    if (reading.reading_timestamp === '2026-06-01T00:00:00Z' && reading.batch_info)
      at(DELIVERY, delivered(AUDITED.readings, reading));
  }
  for (const interval of tables.intervals.all()) {
    if (interval.start_date === '2026-05-01' && interval.batch_info) at(DELIVERY, delivered(AUDITED.intervals, interval));
  }

  pending.sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  for (const item of pending) item.write();

  function session(user: SeedUser, op: UserAuditOperation) {
    return (ts: string) =>
      tables.userAuditLog.insert({
        id: newId(),
        op,
        actor: 'USER',
        event_type: `auth.${op.toLowerCase()}`,
        description: SESSION_DESCRIPTIONS[op] ?? null,
        transaction_id: null,
        user_id: user.id,
        user_data: { email: user.email },
        table_name: 'user',
        entity_id: user.uuid,
        old: null,
        new: null,
        record_diff: null,
        ts,
      });
  }
}

const SESSION_DESCRIPTIONS: Partial<Record<UserAuditOperation, string>> = {
  LOGIN: 'User logged in',
  LOGOUT: 'User logged out',
  LOGIN_FAILED: 'Login failed: wrong password',
  PASSWORD_CHANGE_FAILED: 'Password change failed: the current password did not match',
  PASSWORD_CHANGE_SUCCEEDED: 'Password changed',
};

function isWeekend(date: string): boolean {
  const weekday = (dayNumber(date) + 4) % 7; // 1970-01-01 was a Thursday
  return weekday === 0 || weekday === 6;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}
