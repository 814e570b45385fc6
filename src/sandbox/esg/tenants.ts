import { z } from 'zod';
import { ApiError, parameter, pointer } from '../envelope.js';
import { decimal, email, isoDate, literal, oneOf, str, uuid } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import type { Store } from '../store.js';
import { parseBody } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { esgOne, type EsgResource } from './documents.js';
import { SALUTATIONS, TENANT_ATTACHMENT_TYPES, TITLES } from './enums.js';
import { buildingByExternalId, tenantByExternalId } from './lookups.js';
import type { TenantAttachmentRecord, TenantRecord } from './records.js';
import type { TenantAttachmentType } from './enums.js';
import { definedOnly, Write } from './writes.js';

const tenantResource: EsgResource<TenantRecord> = {
  type: 'TENANT',
  label: 'Tenant',
  table: (store) => store.esg.tenants,
  attributes: ({ id: _id, seq: _seq, building: _building, ...attributes }) => attributes,
};

const attachmentResource: EsgResource<TenantAttachmentRecord> = {
  type: 'TENANT_ATTACHMENT',
  label: 'Tenant attachment',
  table: (store) => store.esg.tenantAttachments,
  attributes: (attachment) => ({
    attachment_type: attachment.attachment_type,
    comment: attachment.comment,
    file_id: attachment.file_id,
  }),
};

const text = () => str({ max: 255 }).nullable().optional();
const date = () => isoDate().nullable().optional();

const upsertBody = z.object({
  data: z.object({
    type: literal('TENANT'),
    attributes: z.object({
      external_building_id: str(),
      external_id: str({ min: 1, max: 255 }),
      name: str({ max: 255 }),
      description: text(),
      lease_start_date: date(),
      lease_end_date: date(),
      lease_area_square_meters: decimal({ numbers: true, gt: 0 }).nullable().optional(),
      green_signature_date: date(),
      contact_title: oneOf(TITLES).nullable().optional(),
      contact_salutation: oneOf(SALUTATIONS).nullable().optional(),
      contact_email: email({ max: 255 }).nullable().optional(),
      contact_first_name: text(),
      contact_last_name: text(),
      contact_phone_number: text(),
    }),
  }),
});

const EMPTY_TENANT = {
  description: null,
  lease_start_date: null,
  lease_end_date: null,
  lease_area_square_meters: null,
  green_signature_date: null,
  contact_title: null,
  contact_salutation: null,
  contact_email: null,
  contact_first_name: null,
  contact_last_name: null,
  contact_phone_number: null,
} as const;

/**
 * Creates the tenant (201) or, when one has the external id, updates it (200), its building
 * included. An update changes what the body sends: omitted attributes keep their value.
 */
function upsertTenant(request: SandboxRequest) {
  const { external_building_id, lease_area_square_meters, ...attributes } = parseBody(upsertBody, request.json()).data.attributes;
  const { store } = request;
  const building = buildingByExternalId(store, external_building_id);
  if (!building) {
    throw new ApiError(
      404,
      `No building has the external id '${external_building_id}'.`,
      pointer('data', 'attributes', 'external_building_id'),
    );
  }
  const changes = definedOnly({
    ...attributes,
    building: building.id,
    lease_area_square_meters: lease_area_square_meters === undefined ? undefined : (lease_area_square_meters?.toFixed() ?? null),
  });
  const existing = tenantByExternalId(store, attributes.external_id);
  const { lease_start_date: start, lease_end_date: end } = { ...existing, ...changes };
  if (start && end && end < start) {
    throw new ApiError(
      400,
      `lease_end_date ${end} lies before lease_start_date ${start}.`,
      pointer('data', 'attributes', 'lease_end_date'),
    );
  }
  const write = new Write(store);
  if (existing) return esgOne(tenantResource, write.update(AUDITED.tenants, existing, changes), request, 200);
  const tenant = write.insert(AUDITED.tenants, {
    ...EMPTY_TENANT,
    ...changes,
    external_id: attributes.external_id,
    name: attributes.name,
    building: building.id,
  });
  return esgOne(tenantResource, tenant, request, 201);
}

export function tenantOr404(store: Store, externalId: string, source: Record<string, string>): TenantRecord {
  const tenant = tenantByExternalId(store, externalId);
  if (!tenant) throw new ApiError(404, `No tenant has the external id '${externalId}'.`, source);
  return tenant;
}

const attachmentBody = z.object({
  data: z.object({
    type: literal('TENANT_ATTACHMENT'),
    attributes: z.object({
      attachment_type: oneOf(TENANT_ATTACHMENT_TYPES),
      comment: str().nullable().optional(),
      file_id: uuid().nullable().optional(),
    }),
  }),
});

/** A COMMENT carries text and no file; a DOCUMENT names an uploaded file (and may carry a comment). */
function combinationProblem(type: TenantAttachmentType, comment: string | null, fileId: string | null): [string, string] | null {
  if (type === 'COMMENT' && !comment?.trim()) return ['comment', 'A COMMENT attachment needs a non-empty comment.'];
  if (type === 'COMMENT' && fileId) return ['file_id', 'A COMMENT attachment takes no file_id; use attachment_type DOCUMENT.'];
  if (type === 'DOCUMENT' && !fileId) return ['file_id', 'A DOCUMENT attachment needs the file_id of an uploaded file.'];
  return null;
}

function createAttachment(request: SandboxRequest) {
  const { attachment_type, comment = null, file_id = null } = parseBody(attachmentBody, request.json()).data.attributes;
  const { store } = request;
  const tenant = tenantOr404(store, request.params.external_tenant_id as string, parameter('external_tenant_id'));
  const problem = combinationProblem(attachment_type, comment, file_id);
  if (problem) throw new ApiError(400, problem[1], pointer('data', 'attributes', problem[0]));
  if (file_id && !store.esg.files.get(file_id)) {
    throw new ApiError(
      404,
      `File ${file_id} does not exist; upload it with POST /files/ first.`,
      pointer('data', 'attributes', 'file_id'),
    );
  }
  const attachment = new Write(store).insert(AUDITED.tenantAttachments, { tenant: tenant.id, attachment_type, comment, file_id });
  return esgOne(attachmentResource, attachment, request, 201);
}

export const tenantRoutes: RouteSpec[] = [
  { method: 'POST', path: '/tenants/', handler: upsertTenant },
  { method: 'POST', path: '/tenants/{external_tenant_id:str}/attachments/', handler: createAttachment },
];
