import { ApiError, type Document, type ErrorObject } from '../envelope.js';

/*
 * Machine-readable `ALA-40xx` codes. The API names the codes (one enum for consumption
 * intervals, one for meter imports) but documents no meanings; the sandbox gives them these,
 * and uses the same table wherever a failure of that family can happen: in the single-item
 * endpoints (as `code` on each `errors[]` entry, next to the HTTP status below) and in the bulk
 * endpoints (as `code` on each per-row `detail`, with `loc` naming the attribute).
 *
 * Utility meters (POST /utility-meters/, PATCH /utility-meters/{meter_external_id}/,
 * POST /utility-meters/import/, POST /utility-meters/bulk-import-partial/):
 *   ALA-4001  409  external_id already used by another meter or meter import, or by an earlier row of the request
 *   ALA-4002  400  a field the category requires is missing: heating_system (HEATING), cooling_system (COOLING),
 *                  sub_category (WATER), custom_conversion_factor (HEATING/ELECTRICITY in CUBIC_METERS
 *                  without a default: GAS assumes 10, DISTRICT_HEATING 704)
 *   ALA-4003  400  a field that does not apply to the category: heating_system, cooling_system or sub_category
 *                  on a meter of another category
 *   ALA-4004  400  units not allowed for the category (WATER is measured in CUBIC_METERS only)
 *   ALA-4005  404  no building with this external_building_id
 *   ALA-4006  404  no utility data batch info with this batch_info_uuid
 *   ALA-4007  400  deactivation_date before activation_date
 *   (Imports carry no building or batch info, so 4005 and 4006 arise only for meters.)
 *
 * Consumption intervals (POST /consumption-intervals/, /bulk/, /bulk-partial/):
 *   ALA-4001  404  no utility meter with this external_meter_id
 *   ALA-4002  400  end_date before start_date
 *   ALA-4003  409  overlaps a stored interval of the meter with a different period (the same period is an update)
 *   ALA-4004  409  overlaps an earlier row of the same request for the same meter
 *   ALA-4005  404  no utility data batch info with this batch_info_uuid
 *   ALA-4006  400  negative consumption_value
 *   ALA-4007  400  period outside the meter's activation_date .. deactivation_date
 *   ALA-4008  400  end_date in the future
 */

export const METER_CODES = {
  externalIdTaken: { code: 'ALA-4001', status: 409 },
  requiredByCategory: { code: 'ALA-4002', status: 400 },
  notForCategory: { code: 'ALA-4003', status: 400 },
  unitsNotForCategory: { code: 'ALA-4004', status: 400 },
  unknownBuilding: { code: 'ALA-4005', status: 404 },
  unknownBatchInfo: { code: 'ALA-4006', status: 404 },
  deactivatedBeforeActivated: { code: 'ALA-4007', status: 400 },
} as const;

export const INTERVAL_CODES = {
  unknownMeter: { code: 'ALA-4001', status: 404 },
  endBeforeStart: { code: 'ALA-4002', status: 400 },
  overlapsStored: { code: 'ALA-4003', status: 409 },
  overlapsEarlierRow: { code: 'ALA-4004', status: 409 },
  unknownBatchInfo: { code: 'ALA-4005', status: 404 },
  negativeValue: { code: 'ALA-4006', status: 400 },
  outsideMeterActivity: { code: 'ALA-4007', status: 400 },
  endInFuture: { code: 'ALA-4008', status: 400 },
} as const;

/** Meter readings belong to no code family: their refusals carry no `code`. */
export const READING_RULES = {
  unknownMeter: { status: 404 },
  unknownBatchInfo: { status: 404 },
  readingExists: { status: 409 },
} as const;

export interface Rule {
  status: number;
  code?: string;
}

/** One failed rule of one item: the attribute it concerns, what is wrong, and (for coded families) its code. */
export interface RuleViolation {
  rule: Rule;
  /** Attribute name inside the item's `attributes`. */
  field: string;
  msg: string;
}

/** The per-row detail of a 207 answer; only coded families answer 207. */
export function bulkDetail(violation: RuleViolation): { loc: string[]; msg: string; code: string | undefined } {
  return { loc: [violation.field], msg: violation.msg, code: violation.rule.code };
}

interface PointedViolation {
  violation: RuleViolation;
  pointer: string;
}

/** One `errors[]` entry as any refusal writes it, plus the rule's code. */
function entryFor({ violation, pointer }: PointedViolation): ErrorObject & { code?: string } {
  const [entry] = new ApiError(violation.rule.status, violation.msg, { pointer }).toDocument().errors as [ErrorObject];
  return violation.rule.code ? { ...entry, code: violation.rule.code } : entry;
}

/**
 * A refusal listing one `errors[]` entry per violated rule, each with its code and a pointer
 * to the attribute. The HTTP status is the violations' common status, or 400 when they differ.
 */
class RuleRejection extends ApiError {
  constructor(private readonly violations: readonly PointedViolation[]) {
    const statuses = new Set(violations.map(({ violation }) => violation.rule.status));
    super(statuses.size === 1 ? [...statuses][0]! : 400, violations.map(({ violation }) => violation.msg).join(' '));
  }

  override toDocument(): Document {
    return { data: null, errors: this.violations.map(entryFor), included: null, links: null };
  }
}

/** Refuses a single-item write whose attributes break rules; pointers lead to /data/attributes/<field>. */
export function refuseItem(violations: readonly RuleViolation[]): void {
  if (violations.length === 0) return;
  throw new RuleRejection(violations.map((violation) => ({ violation, pointer: `/data/attributes/${violation.field}` })));
}

/** Refuses a whole batch for the rows that break rules; pointers lead to /data/<index>/attributes/<field>. */
export function refuseBatch(rows: readonly { index: number; violations: readonly RuleViolation[] }[]): void {
  const all = rows.flatMap(({ index, violations }) =>
    violations.map((violation) => ({ violation, pointer: `/data/${index}/attributes/${violation.field}` })),
  );
  if (all.length > 0) throw new RuleRejection(all);
}
