/** The account's audit trail: table-level changes and user or API actions, one day at a time. */
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { isoDateTime } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import { integerIdSchema } from './common.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const shared = {
  op: out.text,
  ts: out.dateTime,
  table_name: out.text,
  transaction_id: out.id,
  record_diff: out.object,
  user_data: out.object,
  user_id: out.integer,
};

const auditView: ResourceView = {
  type: 'AUDIT_LOG',
  singular: 'audit event',
  plural: 'audit events',
  label: ['ts'],
  columns: ['op', 'table_name', 'entity_id', 'origin', 'user_id', 'record_diff'],
  schema: resourceSchema({ ...shared, table_schema: out.text, entity_id: out.integer, origin: out.text, record: out.object }),
};

const userAuditView: ResourceView = {
  type: 'USER_AUDIT_LOG',
  singular: 'user audit event',
  plural: 'user audit events',
  label: ['ts'],
  columns: ['event_type', 'op', 'actor', 'table_name', 'entity_id', 'user_id', 'description'],
  schema: integerIdSchema({
    ...shared,
    event_type: out.text,
    actor: out.text,
    description: out.text,
    entity_id: out.id,
    old: out.object,
    new: out.object,
  }),
};

/** The API serves at most 24 hours per call; a longer or reversed range is refused before sending. */
function withinOneDay(args: Readonly<Record<string, unknown>>) {
  const start = Date.parse(String(args.start));
  const end = Date.parse(String(args.end));
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  if (end < start) return { field: 'end', fix: 'must not be before start' };
  if (end - start > DAY_MS) {
    return { field: 'end', fix: 'must be at most 24 hours after start; split longer periods into one call per day' };
  }
  return undefined;
}

const declare = declarer(esg, 'audit');
const common = {
  method: 'GET',
  hints: hints.read,
  args: {
    start: isoDateTime(),
    end: isoDateTime('At most 24 hours after start'),
  },
  query: ['start', 'end'],
  check: withinOneDay,
  list: {},
} as const;

export const auditOperations = [
  declare({
    ...common,
    name: 'list_audit_events',
    title: 'List audit events',
    description: 'Lists table-level inserts, updates and deletes of the account in a period of up to 24 hours.',
    path: '/raw-audit/',
    result: auditView,
  }),
  declare({
    ...common,
    name: 'list_user_audit_events',
    title: 'List user audit events',
    description: 'Lists changes and logins of users and API clients in a period of up to 24 hours, with old and new values.',
    path: '/raw-user-audit/',
    result: userAuditView,
  }),
];
