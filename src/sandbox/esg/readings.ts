import { z } from 'zod';
import { ApiError, parameter } from '../envelope.js';
import { dateTime, decimal, literal, str, uuid } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { batchInfoViolations } from './batch-infos.js';
import { screenRows } from './batches.js';
import { buildingOf } from './buildings.js';
import { esgDocument, esgOne, type EsgResource } from './documents.js';
import { READING_RULES, refuseBatch, refuseItem, type RuleViolation } from './errors.js';
import { meterByExternalId, metersByExternalId } from './lookups.js';
import type { MeterReadingRecord, UtilityMeterRecord } from './records.js';
import { Write } from './writes.js';

/*
 * Meter readings, addressed by the meter's uuids or by its external id. A single reading at a
 * timestamp the meter already has is refused; the bulk endpoint upserts by meter and timestamp.
 */

const readingResource: EsgResource<MeterReadingRecord> = {
  type: 'UTILITY_METER_READING',
  label: 'Utility meter reading',
  table: (store) => store.esg.readings,
  attributes: (reading) => ({ reading_timestamp: reading.reading_timestamp, reading_value: reading.reading_value }),
};

const readingAttributes = {
  reading_timestamp: dateTime(),
  reading_value: decimal({ numbers: true }),
  batch_info_uuid: uuid().nullable().optional(),
};

const byUuidBody = z.object({
  data: z.object({ type: literal('UTILITY_METER_READING'), attributes: z.object(readingAttributes) }),
});

const byExternalIdItem = z.object({
  type: literal('UTILITY_METER_READING'),
  attributes: z.object({ external_meter_id: str({ max: 255 }), ...readingAttributes }),
});

type ReadingInput = z.output<typeof byUuidBody>['data']['attributes'];

function readingAt(store: Store, meter: UtilityMeterRecord, timestamp: string): MeterReadingRecord | undefined {
  return store.esg.readings.where('meter', meter.id).find((reading) => reading.reading_timestamp === timestamp);
}

function fieldsOf(input: ReadingInput) {
  return { reading_value: input.reading_value.toFixed(), batch_info: input.batch_info_uuid ?? null };
}

/** Checks and writes one new reading of `meter`. */
function createReading(request: SandboxRequest, meter: UtilityMeterRecord, input: ReadingInput) {
  const { store } = request;
  const taken: RuleViolation[] = readingAt(store, meter, input.reading_timestamp)
    ? [
        {
          rule: READING_RULES.readingExists,
          field: 'reading_timestamp',
          msg: `Meter ${meter.external_id ?? meter.id} already has a reading at ${input.reading_timestamp}; use POST /meter-readings/bulk/ to overwrite it.`,
        },
      ]
    : [];
  refuseItem([...taken, ...batchInfoViolations(store, input.batch_info_uuid, READING_RULES.unknownBatchInfo)]);
  const reading = new Write(store).insert(AUDITED.readings, {
    meter: meter.id,
    reading_timestamp: input.reading_timestamp,
    ...fieldsOf(input),
  });
  return esgOne(readingResource, reading, request, 201);
}

function createByUuids(request: SandboxRequest) {
  const { attributes } = parseBody(byUuidBody, request.json()).data;
  const building = buildingOf(request);
  const meter = request.store.esg.meters.get(request.params.meter_uuid as string);
  if (!meter || meter.building !== building.id) {
    throw new ApiError(
      404,
      `Building ${building.id} has no utility meter ${request.params.meter_uuid}.`,
      parameter('meter_uuid'),
    );
  }
  return createReading(request, meter, attributes);
}

function unknownMeter(externalId: string): RuleViolation {
  return {
    rule: READING_RULES.unknownMeter,
    field: 'external_meter_id',
    msg: `No utility meter has the external id '${externalId}'.`,
  };
}

function createByExternalId(request: SandboxRequest) {
  const { attributes } = parseBody(z.object({ data: byExternalIdItem }), request.json()).data;
  const meter = meterByExternalId(request.store, attributes.external_meter_id);
  if (!meter) refuseItem([unknownMeter(attributes.external_meter_id)]);
  return createReading(request, meter as UtilityMeterRecord, attributes);
}

/** A meter's readings by timestamp, indexed on first use: for a request that writes many. */
function readingIndex(store: Store): (meter: UtilityMeterRecord) => Map<string, MeterReadingRecord> {
  const byMeter = new Map<string, Map<string, MeterReadingRecord>>();
  return (meter) => {
    let readings = byMeter.get(meter.id);
    if (!readings) {
      readings = new Map();
      for (const reading of store.esg.readings.where('meter', meter.id)) {
        if (!readings.has(reading.reading_timestamp)) readings.set(reading.reading_timestamp, reading);
      }
      byMeter.set(meter.id, readings);
    }
    return readings;
  };
}

/** All or nothing: any unknown meter or batch info refuses the whole batch. */
function bulkUpsert(request: SandboxRequest) {
  const { store } = request;
  const rows = parseBody(z.object({ data: z.array(byExternalIdItem) }), request.json()).data.map((row) => row.attributes);
  const meters = metersByExternalId(store);
  const { rejected } = screenRows(rows, (row) => [
    ...(meters.has(row.external_meter_id) ? [] : [unknownMeter(row.external_meter_id)]),
    ...batchInfoViolations(store, row.batch_info_uuid, READING_RULES.unknownBatchInfo),
  ]);
  refuseBatch(rejected);
  const write = new Write(store);
  const readingsOf = readingIndex(store);
  const result = { type: 'UTILITY_METER_READING', created: [] as unknown[], updated: [] as unknown[] };
  for (const row of rows) {
    const meter = meters.get(row.external_meter_id) as UtilityMeterRecord;
    const readings = readingsOf(meter);
    const existing = readings.get(row.reading_timestamp);
    const reading = existing
      ? write.update(AUDITED.readings, existing, fieldsOf(row))
      : write.insert(AUDITED.readings, { meter: meter.id, reading_timestamp: row.reading_timestamp, ...fieldsOf(row) });
    if (!existing) readings.set(row.reading_timestamp, reading);
    (existing ? result.updated : result.created).push({ id: reading.id, external_meter_id: row.external_meter_id });
  }
  return esgDocument(result);
}

export const readingRoutes: RouteSpec[] = [
  { method: 'POST', path: '/buildings/{building_uuid}/utility-meters/{meter_uuid}/readings/', handler: createByUuids },
  { method: 'POST', path: '/meter-readings/', handler: createByExternalId },
  { method: 'POST', path: '/meter-readings/bulk/', handler: bulkUpsert },
];
