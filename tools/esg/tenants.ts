/** Tenants of buildings (upserted by external id), their attachments and their share of annual consumption. */
import { z } from 'zod';
import { hints, type ResourceView } from '../../src/dispatch/operation.js';
import { choice, isoDate, text, uuid } from '../fields.js';
import { out, resourceSchema } from '../output.js';
import { esg } from '../scope.js';
import { declarer } from '../kit.js';
import { externalBuildingId, externalId, factor } from './common.js';

const tenantView: ResourceView = {
  type: 'TENANT',
  singular: 'tenant',
  plural: 'tenants',
  label: ['name'],
  columns: ['external_id', 'lease_start_date', 'lease_end_date', 'lease_area_square_meters'],
  schema: resourceSchema({
    name: out.text,
    external_id: out.text,
    description: out.text,
    lease_start_date: out.date,
    lease_end_date: out.date,
    lease_area_square_meters: out.decimal,
    green_signature_date: out.date,
    contact_salutation: out.text,
    contact_title: out.text,
    contact_first_name: out.text,
    contact_last_name: out.text,
    contact_email: out.text,
    contact_phone_number: out.text,
  }),
};

const attachmentView: ResourceView = {
  type: 'TENANT_ATTACHMENT',
  singular: 'tenant attachment',
  plural: 'tenant attachments',
  label: ['attachment_type'],
  columns: ['comment', 'file_id'],
  schema: resourceSchema({ attachment_type: out.text, comment: out.text, file_id: out.id }),
};

const linkView: ResourceView = {
  type: 'TENANT_CONSUMPTION_LINK',
  singular: 'tenant consumption link',
  plural: 'tenant consumption links',
  label: ['external_tenant_id'],
  columns: ['annual_consumption_id'],
  schema: resourceSchema({ external_tenant_id: out.text, annual_consumption_id: out.id }),
};

const tenantFields = {
  external_id: externalId('An existing tenant with this id is updated'),
  external_building_id: externalBuildingId('A changed one moves the tenant'),
  name: text(undefined, 255),
  description: text('Description', 255).optional(),
  lease_start_date: isoDate('Lease start').optional(),
  lease_end_date: isoDate('Lease end').optional(),
  lease_area_square_meters: factor('m²').optional(),
  green_signature_date: isoDate('Green lease clause signed').optional(),
  contact_salutation: choice(['MALE', 'FEMALE', 'FAMILY', 'NONBINARY']).optional(),
  contact_title: choice(['DR', 'PROF', 'PROFDR']).optional(),
  contact_first_name: text('Contact first name', 255).optional(),
  contact_last_name: text('Contact last name', 255).optional(),
  contact_email: z.email({ error: 'must be an e-mail address' }).max(255).optional(),
  contact_phone_number: text('Contact phone number', 255).optional(),
};

const tenantId = (description: string) => externalId(description);
const annualConsumptionId = () => uuid(undefined, 'esg_list_annual_consumption');
const declare = declarer(esg, 'tenants');

export const tenantOperations = [
  declare({
    name: 'upsert_tenant',
    title: 'Create or update a tenant',
    description: 'Creates a tenant of a building, or updates the one with the same external_id (building included).',
    method: 'POST',
    path: '/tenants/',
    hints: hints.overwrite,
    args: tenantFields,
    body: { type: 'TENANT', attributes: Object.keys(tenantFields) },
    upsert: true,
    result: tenantView,
  }),
  declare({
    name: 'create_tenant_attachment',
    title: 'Attach a comment or document to a tenant',
    description: 'Adds a COMMENT or an uploaded DOCUMENT to a tenant.',
    method: 'POST',
    path: '/tenants/{external_tenant_id}/attachments/',
    hints: hints.append,
    args: {
      external_tenant_id: tenantId('External id of the tenant'),
      attachment_type: choice(['COMMENT', 'DOCUMENT'], 'COMMENT for a text note, DOCUMENT for an uploaded file'),
      comment: text('The note (COMMENT)').optional(),
      file_id: uuid('The uploaded file (DOCUMENT)', 'esg_upload_file').optional(),
    },
    body: { type: 'TENANT_ATTACHMENT', attributes: ['attachment_type', 'comment', 'file_id'] },
    result: attachmentView,
  }),
  declare({
    name: 'create_tenant_consumption_link',
    title: 'Link a tenant to an annual consumption',
    description: "Attributes a meter's annual consumption to a tenant of the same building.",
    method: 'POST',
    path: '/tenant-consumption-links/',
    hints: hints.append,
    args: { external_tenant_id: tenantId('External id of the tenant'), annual_consumption_id: annualConsumptionId() },
    body: { type: 'TENANT_CONSUMPTION_LINK', attributes: ['external_tenant_id', 'annual_consumption_id'] },
    result: linkView,
  }),
  declare({
    name: 'delete_tenant_consumption_link',
    title: 'Unlink a tenant from an annual consumption',
    description: 'Removes the link between a tenant and an annual consumption entry.',
    method: 'DELETE',
    path: '/tenant-consumption-links/',
    hints: hints.remove,
    args: { external_tenant_id: tenantId('External id of the tenant'), annual_consumption_id: annualConsumptionId() },
    query: ['external_tenant_id', 'annual_consumption_id'],
    result: { kind: 'empty', done: 'Tenant consumption link deleted' },
  }),
];
