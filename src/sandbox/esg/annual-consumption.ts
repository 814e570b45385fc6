import { z } from 'zod';
import { ApiError, parameter, pointer } from '../envelope.js';
import { bool, decimal, int, literal, str } from '../fields.js';
import { findOr404 } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { parseBody, parseQuery } from '../validation.js';
import { AUDITED } from './audit-trail.js';
import { annualFigures } from './consumption.js';
import { esgList, esgOne, type EsgResource } from './documents.js';
import { buildingByExternalId } from './lookups.js';
import type { AnnualConsumptionRecord, MarketBasedFactor, UtilityMeterRecord } from './records.js';
import { Write } from './writes.js';

const annualConsumptionResource: EsgResource<AnnualConsumptionRecord> = {
  type: 'ANNUAL_CONSUMPTION',
  label: 'Annual consumption',
  table: (store) => store.esg.annualConsumptions,
  attributes: (annual, { store }) => {
    const meter = store.esg.meters.get(annual.meter) as UtilityMeterRecord;
    const tenants = store.esg.tenantLinks
      .where('annual_consumption', annual.id)
      .flatMap((link) => store.esg.tenants.get(link.tenant) ?? [])
      .map((tenant) => ({ external_id: tenant.external_id, name: tenant.name }));
    return {
      name: meter.description,
      year: annual.year,
      category: meter.category,
      source: annual.source,
      procured_by: meter.procured_by,
      ...annualFigures(store.esg.intervals.where('meter', meter.id), annual.year),
      units: meter.units,
      heating_system: meter.heating_system,
      cooling_system: meter.cooling_system,
      emission_factor:
        annual.location_based_factor === null
          ? null
          : { location_based: annual.location_based_factor, market_based: annual.market_based },
      external_meter_id: meter.external_id,
      tenants,
    };
  },
};

const listQuery = z.object({ external_building_id: str(), year: int(), external_meter_id: str().optional() });

/** One building's annual consumption in one year, optionally of one meter only. */
function listAnnualConsumption(request: SandboxRequest) {
  const query = parseQuery(listQuery, request.url.searchParams);
  const { store } = request;
  const building = buildingByExternalId(store, query.external_building_id);
  if (!building) {
    throw new ApiError(
      404,
      `No building has the external id '${query.external_building_id}'.`,
      parameter('external_building_id'),
    );
  }
  const meters = store.esg.meters
    .where('building', building.id)
    .filter((meter) => query.external_meter_id === undefined || meter.external_id === query.external_meter_id);
  const rows = meters.flatMap((meter) =>
    store.esg.annualConsumptions.where('meter', meter.id).filter((annual) => annual.year === query.year),
  );
  return esgList(annualConsumptionResource, rows, request);
}

const patchBody = z.object({
  data: z.object({
    type: literal('ANNUAL_CONSUMPTION'),
    attributes: z.object({
      market_based_emission_factor: decimal({ numbers: true, ge: 0 }).nullable().optional(),
      is_renewable: bool().nullable().optional(),
    }),
  }),
});

/**
 * Sets or clears the market-based emission factor. Null for the factor clears it (and its
 * is_renewable); is_renewable alone changes the flag of the factor already set.
 */
function patchAnnualConsumption(request: SandboxRequest) {
  const { market_based_emission_factor: factor, is_renewable: renewable } = parseBody(patchBody, request.json()).data.attributes;
  const annual = findOr404(
    annualConsumptionResource,
    request.store,
    request.params.annual_consumption_id as string,
    'annual_consumption_id',
  );
  const current = annual.market_based;
  const value = factor === undefined ? current?.value : (factor?.toFixed() ?? undefined);
  if (value !== undefined && annual.location_based_factor === null) {
    throw new ApiError(
      400,
      'Water consumption carries no emission factor, so it takes no market-based factor.',
      pointer('data', 'attributes', 'market_based_emission_factor'),
    );
  }
  if (value === undefined && renewable != null) {
    throw new ApiError(
      400,
      'is_renewable describes the market-based emission factor, and this consumption has none; send market_based_emission_factor too.',
      pointer('data', 'attributes', 'is_renewable'),
    );
  }
  const market: MarketBasedFactor | null =
    value === undefined ? null : { value, is_renewable: renewable === undefined ? (current?.is_renewable ?? null) : renewable };
  new Write(request.store).update(AUDITED.annualConsumptions, annual, { market_based: market });
  return esgOne(annualConsumptionResource, annual, request);
}

export const annualConsumptionRoutes: RouteSpec[] = [
  { method: 'GET', path: '/consumption/annual/', handler: listAnnualConsumption },
  { method: 'PATCH', path: '/consumption/annual/{annual_consumption_id}/', handler: patchAnnualConsumption },
];
