import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Row } from '../table.js';
import { esgList, type EsgResource } from './documents.js';
import type { AuditLogRecord, UserAuditLogRecord } from './records.js';
import { timeWindow } from './time-window.js';

/*
 * The audit feeds, queried over at most 24 hours. The OpenAPI description names them
 * /raw-audit/ and /raw-user-audit/, the product specification /raw-audit-log/ and
 * /raw-user-audit-log/; both answer the same.
 */

const MAX_HOURS = 24;

const auditLogResource: EsgResource<AuditLogRecord> = {
  type: 'AUDIT_LOG',
  label: 'Audit event',
  table: (store) => store.esg.auditLog,
  attributes: ({ id: _id, seq: _seq, ...attributes }) => attributes,
};

const userAuditLogResource: EsgResource<UserAuditLogRecord> = {
  type: 'USER_AUDIT_LOG',
  label: 'User audit event',
  numbered: true,
  table: (store) => store.esg.userAuditLog,
  attributes: ({ id: _id, seq: _seq, ...attributes }) => attributes,
};

function feed<R extends Row & { ts: string }>(resource: EsgResource<R>) {
  return (request: SandboxRequest) => {
    const window = timeWindow(request, { from: 'start', to: 'end' }, MAX_HOURS);
    return esgList(
      resource,
      resource
        .table(request.store)
        .all()
        .filter((event) => window.contains(event.ts)),
      request,
    );
  };
}

export const auditRoutes: RouteSpec[] = [
  { method: 'GET', path: '/raw-audit/', alias: '/raw-audit-log/', handler: feed(auditLogResource) },
  { method: 'GET', path: '/raw-user-audit/', alias: '/raw-user-audit-log/', handler: feed(userAuditLogResource) },
];
