import { z } from 'zod';
import { literal, str } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { esgDocument, esgOne, renderEach, type EsgResource } from './documents.js';
import { screenRows, rowErrors } from './batches.js';
import { METER_CODES, refuseItem, type RuleViolation } from './errors.js';
import { meterExternalIdsInUse } from './lookups.js';
import { categoryViolations, externalIdViolations } from './meter-rules.js';
import { newMeterAttributes } from './meters.js';
import type { MeterImportRecord } from './records.js';
import { Write } from './writes.js';

/*
 * Meter imports describe a meter by the address of its building instead of a building id; the
 * app later assigns and creates them. An import whose address matches a building's is ASSIGNED
 * to it at once, any other stays IMPORTED. The API numbers imports with integers.
 */

const meterImportResource: EsgResource<MeterImportRecord> = {
  type: 'UTILITY_METER_IMPORT',
  label: 'Utility meter import',
  numbered: true,
  table: (store) => store.esg.meterImports,
  attributes: (meterImport) => ({
    serial: meterImport.serial,
    description: meterImport.description,
    external_id: meterImport.external_id,
    address: meterImport.address,
    units: meterImport.units,
    category: meterImport.category,
    sub_category: meterImport.sub_category,
    heating_system: meterImport.heating_system,
    multiplication_factor: meterImport.multiplication_factor,
    status: meterImport.status,
  }),
};

const importItem = z.object({
  type: literal('UTILITY_METER_IMPORT'),
  attributes: z.object({ address: str(), ...newMeterAttributes }),
});

type ImportAttributes = z.output<typeof importItem>['attributes'];

/** The attributes as the API echoes a failed row: validated, defaults applied, decimals as strings. */
function echoed(attributes: ImportAttributes) {
  return {
    address: attributes.address,
    external_id: attributes.external_id,
    meter_id: attributes.meter_id,
    category: attributes.category,
    units: attributes.units,
    sub_category: attributes.sub_category ?? null,
    heating_system: attributes.heating_system ?? null,
    cooling_system: attributes.cooling_system ?? null,
    multiplication_factor: attributes.multiplication_factor?.toFixed() ?? '1',
    description: attributes.description ?? null,
  };
}

const normalizedAddress = (address: string) =>
  address
    .toLowerCase()
    .replace(/[\s,.]+/g, ' ')
    .trim();

type ImportRow = ReturnType<typeof echoed>;

/** The external ids rows are checked against: those stored, and those of the rows accepted before. */
interface ExternalIdsInUse {
  stored: ReadonlySet<string>;
  earlier: Set<string>;
}

const externalIdsInUse = (store: Store): ExternalIdsInUse => ({ stored: meterExternalIdsInUse(store), earlier: new Set() });

function importViolations(row: ImportRow, inUse: ExternalIdsInUse): RuleViolation[] {
  const duplicate: RuleViolation[] = inUse.earlier.has(row.external_id)
    ? [
        {
          rule: METER_CODES.externalIdTaken,
          field: 'external_id',
          msg: `external_id '${row.external_id}' is used by an earlier row of this request.`,
        },
      ]
    : externalIdViolations(row.external_id, inUse.stored.has(row.external_id));
  return [...duplicate, ...categoryViolations(row)];
}

function insertImport(store: Store, write: Write, attributes: ImportRow): MeterImportRecord {
  const { meter_id, ...rest } = attributes;
  const building = store.esg.buildings
    .all()
    .find((candidate) => normalizedAddress(candidate.address) === normalizedAddress(rest.address));
  return write.insert(AUDITED.meterImports, {
    ...rest,
    serial: meter_id,
    status: building ? 'ASSIGNED' : 'IMPORTED',
    building: building?.id ?? null,
  });
}

function createImport(request: SandboxRequest) {
  const attributes = echoed(parseBody(z.object({ data: importItem }), request.json()).data.attributes);
  refuseItem(importViolations(attributes, externalIdsInUse(request.store)));
  return esgOne(meterImportResource, insertImport(request.store, new Write(request.store), attributes), request, 201);
}

function bulkImportPartial(request: SandboxRequest) {
  const { store } = request;
  const rows = parseBody(z.object({ data: z.array(importItem) }), request.json()).data.map((row) => echoed(row.attributes));
  const inUse = externalIdsInUse(store);
  const { accepted, rejected } = screenRows(
    rows,
    (row) => importViolations(row, inUse),
    (row) => inUse.earlier.add(row.external_id),
  );
  const write = new Write(store);
  const imports = accepted.map(({ row }) => insertImport(store, write, row));
  const created = renderEach(meterImportResource, imports, request);
  return esgDocument({ type: 'UTILITY_METER_IMPORT', created, errors: rowErrors(rejected) }, 207);
}

export const meterImportRoutes: RouteSpec[] = [
  { method: 'POST', path: '/utility-meters/import/', handler: createImport },
  { method: 'POST', path: '/utility-meters/bulk-import-partial/', handler: bulkImportPartial },
];
