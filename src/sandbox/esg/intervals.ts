import { z } from 'zod';
import { decimal, isoDate, literal, str, uuid } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { batchInfoViolations } from './batch-infos.js';
import { rowErrors, screenRows } from './batches.js';
import { annualConsumptionOf, newAnnualConsumption } from './consumption.js';
import { overlapDays, yearsOf } from './dates.js';
import { esgDocument, esgOne, type EsgResource } from './documents.js';
import { INTERVAL_CODES, refuseBatch, refuseItem, type RuleViolation } from './errors.js';
import { meterByExternalId, metersByExternalId } from './lookups.js';
import type { ConsumptionIntervalRecord, UtilityMeterRecord } from './records.js';
import { Write } from './writes.js';

/*
 * Consumption intervals are upserted: a row for a meter and exactly the period of a stored
 * interval updates it; any other overlap is refused. Periods include both their dates.
 */

const intervalResource: EsgResource<ConsumptionIntervalRecord> = {
  type: 'CONSUMPTION_INTERVAL',
  label: 'Consumption interval',
  table: (store) => store.esg.intervals,
  attributes: (interval) => ({
    start_date: interval.start_date,
    end_date: interval.end_date,
    consumption_value: interval.consumption_value,
  }),
};

const intervalItem = z.object({
  type: literal('CONSUMPTION_INTERVAL'),
  attributes: z.object({
    external_meter_id: str({ max: 255 }),
    start_date: isoDate(),
    end_date: isoDate(),
    consumption_value: decimal({ numbers: true }),
    batch_info_uuid: uuid().nullable().optional(),
  }),
});

/** A row as the API echoes it in a 207 answer: validated, the value as a decimal string. */
interface IntervalRow {
  external_meter_id: string;
  start_date: string;
  end_date: string;
  consumption_value: string;
  batch_info_uuid: string | null;
}

function rowOf(item: z.output<typeof intervalItem>): IntervalRow {
  const { consumption_value, batch_info_uuid, ...rest } = item.attributes;
  return { ...rest, consumption_value: consumption_value.toFixed(), batch_info_uuid: batch_info_uuid ?? null };
}

const overlaps = (a: { start_date: string; end_date: string }, b: { start_date: string; end_date: string }) =>
  overlapDays(a.start_date, a.end_date, b.start_date, b.end_date) > 0;

const samePeriod = (a: { start_date: string; end_date: string }, b: { start_date: string; end_date: string }) =>
  a.start_date === b.start_date && a.end_date === b.end_date;

function violation(rule: (typeof INTERVAL_CODES)[keyof typeof INTERVAL_CODES], field: string, msg: string): RuleViolation {
  return { rule, field, msg };
}

/** What can be wrong with a row whatever its meter. */
function rowViolations(row: IntervalRow, today: string): RuleViolation[] {
  const violations: RuleViolation[] = [];
  if (row.end_date < row.start_date) {
    violations.push(
      violation(INTERVAL_CODES.endBeforeStart, 'end_date', `end_date ${row.end_date} lies before start_date ${row.start_date}.`),
    );
  }
  if (row.consumption_value.startsWith('-')) {
    violations.push(
      violation(
        INTERVAL_CODES.negativeValue,
        'consumption_value',
        `consumption_value must not be negative, got ${row.consumption_value}.`,
      ),
    );
  }
  if (row.end_date > today) {
    violations.push(
      violation(INTERVAL_CODES.endInFuture, 'end_date', `end_date ${row.end_date} lies in the future (today is ${today}).`),
    );
  }
  return violations;
}

/** Rows a request accepted so far, by external meter id. */
type EarlierRows = Map<string, IntervalRow[]>;

function intervalViolations(
  store: Store,
  meter: UtilityMeterRecord | undefined,
  row: IntervalRow,
  earlier: EarlierRows = new Map(),
): RuleViolation[] {
  const violations = [
    ...(meter
      ? []
      : [
          violation(
            INTERVAL_CODES.unknownMeter,
            'external_meter_id',
            `No utility meter has the external id '${row.external_meter_id}'.`,
          ),
        ]),
    ...batchInfoViolations(store, row.batch_info_uuid, INTERVAL_CODES.unknownBatchInfo),
    ...rowViolations(row, store.now().toISOString().slice(0, 10)),
  ];
  // A period is compared with the meter's only when both exist.
  if (!meter || row.end_date < row.start_date) return violations;
  return [...violations, ...activityViolations(meter, row), ...overlapViolations(store, meter, row, earlier)];
}

function activityViolations(meter: UtilityMeterRecord, row: IntervalRow): RuleViolation[] {
  const before = meter.activation_date !== null && row.start_date < meter.activation_date;
  const after = meter.deactivation_date !== null && row.end_date > meter.deactivation_date;
  if (!before && !after) return [];
  const active = `${meter.activation_date ?? 'the start'} to ${meter.deactivation_date ?? 'today'}`;
  return [
    violation(
      INTERVAL_CODES.outsideMeterActivity,
      before ? 'start_date' : 'end_date',
      `The period ${row.start_date} to ${row.end_date} is not within the activity of meter '${row.external_meter_id}' (${active}).`,
    ),
  ];
}

function overlapViolations(store: Store, meter: UtilityMeterRecord, row: IntervalRow, earlierRows: EarlierRows): RuleViolation[] {
  const earlier = earlierRows.get(row.external_meter_id)?.find((other) => overlaps(other, row));
  if (earlier) {
    return [
      violation(
        INTERVAL_CODES.overlapsEarlierRow,
        'start_date',
        `The period overlaps ${earlier.start_date} to ${earlier.end_date} of an earlier row for the same meter.`,
      ),
    ];
  }
  const stored = store.esg.intervals
    .where('meter', meter.id)
    .find((interval) => overlaps(interval, row) && !samePeriod(interval, row));
  if (!stored) return [];
  return [
    violation(
      INTERVAL_CODES.overlapsStored,
      'start_date',
      `The period overlaps the stored interval ${stored.start_date} to ${stored.end_date} of meter '${row.external_meter_id}'; send exactly that period to update it.`,
    ),
  ];
}

/** Writes a checked row: updates the interval of the same period or creates one, and the annual rows it touches. */
function upsertInterval(
  store: Store,
  write: Write,
  meter: UtilityMeterRecord,
  row: IntervalRow,
): { record: ConsumptionIntervalRecord; created: boolean } {
  const fields = { consumption_value: row.consumption_value, batch_info: row.batch_info_uuid };
  const existing = store.esg.intervals.where('meter', meter.id).find((interval) => samePeriod(interval, row));
  for (const year of yearsOf(row.start_date, row.end_date)) {
    if (!annualConsumptionOf(store, meter.id, year))
      store.esg.annualConsumptions.insert(newAnnualConsumption(meter, year, store.newId()));
  }
  if (existing) return { record: write.update(AUDITED.intervals, existing, fields), created: false };
  const record = write.insert(AUDITED.intervals, {
    meter: meter.id,
    start_date: row.start_date,
    end_date: row.end_date,
    ...fields,
  });
  return { record, created: true };
}

function createInterval(request: SandboxRequest) {
  const row = rowOf(parseBody(z.object({ data: intervalItem }), request.json()).data);
  const meter = meterByExternalId(request.store, row.external_meter_id);
  refuseItem(intervalViolations(request.store, meter, row));
  const { record } = upsertInterval(request.store, new Write(request.store), meter as UtilityMeterRecord, row);
  return esgOne(intervalResource, record, request, 201);
}

/** Writes the accepted rows; answers which were created and which updated. */
function writeRows(store: Store, meters: ReadonlyMap<string, UtilityMeterRecord>, rows: readonly { row: IntervalRow }[]) {
  const write = new Write(store);
  const result = { type: 'CONSUMPTION_INTERVAL', created: [] as unknown[], updated: [] as unknown[] };
  for (const { row } of rows) {
    const { record, created } = upsertInterval(store, write, meters.get(row.external_meter_id) as UtilityMeterRecord, row);
    (created ? result.created : result.updated).push({ id: record.id, external_meter_id: row.external_meter_id });
  }
  return result;
}

function screen(request: SandboxRequest) {
  const rows = parseBody(z.object({ data: z.array(intervalItem) }), request.json()).data.map(rowOf);
  const meters = metersByExternalId(request.store);
  const earlier: EarlierRows = new Map();
  const screened = screenRows(
    rows,
    (row) => intervalViolations(request.store, meters.get(row.external_meter_id), row, earlier),
    (row) => {
      const rowsOfMeter = earlier.get(row.external_meter_id);
      if (rowsOfMeter) rowsOfMeter.push(row);
      else earlier.set(row.external_meter_id, [row]);
    },
  );
  return { ...screened, meters };
}

function bulkAllOrNothing(request: SandboxRequest) {
  const { accepted, rejected, meters } = screen(request);
  refuseBatch(rejected);
  return esgDocument(writeRows(request.store, meters, accepted), 201);
}

function bulkPartial(request: SandboxRequest) {
  const { accepted, rejected, meters } = screen(request);
  return esgDocument({ ...writeRows(request.store, meters, accepted), errors: rowErrors(rejected) }, 207);
}

export const intervalRoutes: RouteSpec[] = [
  { method: 'POST', path: '/consumption-intervals/', handler: createInterval },
  { method: 'POST', path: '/consumption-intervals/bulk/', handler: bulkAllOrNothing },
  { method: 'POST', path: '/consumption-intervals/bulk-partial/', handler: bulkPartial },
];
