import type { Store } from '../store.js';
import type { BuildingRecord, FileRecord, TenantRecord, UtilityMeterRecord } from './records.js';

/* ESG addresses most records by the external ids clients give them; these find them (or not). */

export function buildingByExternalId(store: Store, externalId: string): BuildingRecord | undefined {
  return store.esg.buildings.all().find((building) => building.external_id === externalId);
}

export function meterByExternalId(store: Store, externalId: string): UtilityMeterRecord | undefined {
  return store.esg.meters.all().find((meter) => meter.external_id === externalId);
}

/** The meters by external id, for a request that looks up many (bulk writes). */
export function metersByExternalId(store: Store): Map<string, UtilityMeterRecord> {
  const meters = new Map<string, UtilityMeterRecord>();
  for (const meter of store.esg.meters.all()) {
    if (meter.external_id !== null && !meters.has(meter.external_id)) meters.set(meter.external_id, meter);
  }
  return meters;
}

export function tenantByExternalId(store: Store, externalId: string): TenantRecord | undefined {
  return store.esg.tenants.all().find((tenant) => tenant.external_id === externalId);
}

export function fileByExternalId(store: Store, externalId: string): FileRecord | undefined {
  return store.esg.files.all().find((file) => file.external_id === externalId);
}

/** Whether a meter or a meter import already uses the external id (optionally: other than `exceptMeterId`). */
export function meterExternalIdTaken(store: Store, externalId: string, exceptMeterId?: string): boolean {
  return (
    store.esg.meters.all().some((meter) => meter.external_id === externalId && meter.id !== exceptMeterId) ||
    store.esg.meterImports.all().some((meterImport) => meterImport.external_id === externalId)
  );
}

/** The external ids meters and meter imports use, for a request that checks many. */
export function meterExternalIdsInUse(store: Store): Set<string> {
  const ids = new Set<string>();
  for (const meter of store.esg.meters.all()) if (meter.external_id !== null) ids.add(meter.external_id);
  for (const meterImport of store.esg.meterImports.all()) ids.add(meterImport.external_id);
  return ids;
}
