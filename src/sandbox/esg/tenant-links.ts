import { z } from 'zod';
import { ApiError, parameter, pointer } from '../envelope.js';
import { literal, str, uuid } from '../fields.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody, parseQuery } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { esgOne, type EsgResource } from './documents.js';
import type { TenantConsumptionLinkRecord, UtilityMeterRecord } from './records.js';
import { tenantOr404 } from './tenants.js';
import { Write } from './writes.js';

/* Links attribute a year's consumption of a meter to a tenant of the same building. */

const linkResource: EsgResource<TenantConsumptionLinkRecord> = {
  type: 'TENANT_CONSUMPTION_LINK',
  label: 'Tenant consumption link',
  table: (store) => store.esg.tenantLinks,
  attributes: (link, { store }) => ({
    external_tenant_id: store.esg.tenants.get(link.tenant)?.external_id,
    annual_consumption_id: link.annual_consumption,
  }),
};

const linkFields = { external_tenant_id: str(), annual_consumption_id: uuid() };

const createBody = z.object({
  data: z.object({ type: literal('TENANT_CONSUMPTION_LINK'), attributes: z.object(linkFields) }),
});

function findLink(request: SandboxRequest, tenantId: string, annualId: string): TenantConsumptionLinkRecord | undefined {
  return request.store.esg.tenantLinks.where('tenant', tenantId).find((link) => link.annual_consumption === annualId);
}

function createLink(request: SandboxRequest) {
  const { attributes } = parseBody(createBody, request.json()).data;
  const { store } = request;
  const at = (field: string) => pointer('data', 'attributes', field);
  const tenant = tenantOr404(store, attributes.external_tenant_id, at('external_tenant_id'));
  const annual = store.esg.annualConsumptions.get(attributes.annual_consumption_id);
  if (!annual) {
    throw new ApiError(
      404,
      `Annual consumption ${attributes.annual_consumption_id} does not exist.`,
      at('annual_consumption_id'),
    );
  }
  const meter = store.esg.meters.get(annual.meter) as UtilityMeterRecord;
  if (meter.building !== tenant.building) {
    throw new ApiError(
      400,
      `Tenant '${tenant.external_id}' and annual consumption ${annual.id} (meter '${meter.external_id}') belong to different buildings; a link needs both in the same building.`,
      at('annual_consumption_id'),
    );
  }
  if (findLink(request, tenant.id, annual.id)) {
    throw new ApiError(
      409,
      `Tenant '${tenant.external_id}' is already linked to annual consumption ${annual.id}.`,
      at('annual_consumption_id'),
    );
  }
  const link = new Write(store).insert(AUDITED.tenantLinks, { tenant: tenant.id, annual_consumption: annual.id });
  return esgOne(linkResource, link, request, 201);
}

function deleteLink(request: SandboxRequest) {
  const query = parseQuery(z.object(linkFields), request.url.searchParams);
  const tenant = tenantOr404(request.store, query.external_tenant_id, parameter('external_tenant_id'));
  const link = findLink(request, tenant.id, query.annual_consumption_id);
  if (!link) {
    throw new ApiError(
      404,
      `Tenant '${tenant.external_id}' is not linked to annual consumption ${query.annual_consumption_id}.`,
      parameter('annual_consumption_id'),
    );
  }
  new Write(request.store).remove(AUDITED.tenantLinks, link);
  return { status: 204 };
}

export const tenantLinkRoutes: RouteSpec[] = [
  { method: 'POST', path: '/tenant-consumption-links/', handler: createLink },
  { method: 'DELETE', path: '/tenant-consumption-links/', handler: deleteLink },
];
