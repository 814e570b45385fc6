import { parseInclude } from '../query.js';
import { findOr404 } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { esgDocument, esgList, esgOne, type EsgResource } from './documents.js';
import { BUILDING_CERTIFICATE_SCHEMAS } from './enums.js';
import { meterResource } from './meters.js';
import type { AnalysisResultRecord, BuildingCertificate, BuildingRecord, CustomDataGroupRecord } from './records.js';

const BUILDING_INCLUDES = ['energy_certificates', 'building_certificates'] as const;
type BuildingInclude = (typeof BUILDING_INCLUDES)[number];

/** "VERY_GOOD" -> "Very good", "ONE_STAR" -> "One star". */
function levelLabel(level: string): string {
  const words = level.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function renderCertificate(certificate: BuildingCertificate) {
  return {
    schema: { id: certificate.schema, label: BUILDING_CERTIFICATE_SCHEMAS[certificate.schema] },
    level: { id: certificate.level, label: levelLabel(certificate.level) },
    issued_at: certificate.issued_at,
    valid_until: certificate.valid_until,
    description: certificate.description,
  };
}

/** Buildings as listed; the certificate lists appear in the attributes only when included. */
function buildingResource(include: readonly BuildingInclude[]): EsgResource<BuildingRecord> {
  return {
    type: 'BUILDING',
    label: 'Building',
    table: (store) => store.esg.buildings,
    attributes: (building) => ({
      name: building.name,
      external_id: building.external_id,
      external_asset_id: building.external_asset_id,
      building_specification: {
        gross_external_area: building.gross_external_area,
        gross_internal_area: building.gross_internal_area,
      },
      ...(include.includes('energy_certificates') && { energy_certificates: building.energy_certificates }),
      ...(include.includes('building_certificates') && {
        building_certificates: building.building_certificates.map(renderCertificate),
      }),
    }),
  };
}

/** For lookups by uuid, where the rendering does not matter. */
const buildingRecords = buildingResource([]);

const analysisResultResource: EsgResource<AnalysisResultRecord> = {
  type: 'ANALYSIS_RESULT',
  label: 'Analysis result',
  table: (store) => store.esg.analysisResults,
  attributes: ({ id: _id, seq: _seq, building: _building, ...attributes }) => attributes,
};

const customDataResource: EsgResource<CustomDataGroupRecord> = {
  type: 'CUSTOM_DATA_GROUP_INSTANCE',
  label: 'Custom data group',
  table: (store) => store.esg.customData,
  attributes: (group) => ({ name: group.name, field_instances: group.field_instances }),
};

function listBuildings(request: SandboxRequest) {
  const include = (parseInclude(request.url.searchParams, BUILDING_INCLUDES) ?? []) as BuildingInclude[];
  return esgList(buildingResource(include), request.store.esg.buildings.all(), request);
}

export function buildingOf(request: SandboxRequest): BuildingRecord {
  return findOr404(buildingRecords, request.store, request.params.building_uuid as string, 'building_uuid');
}

/** The most recent analysis; `data` is null when none was done. */
function latestAnalysis(request: SandboxRequest) {
  const analyses = request.store.esg.analysisResults.where('building', buildingOf(request).id);
  const latest = analyses.reduce<AnalysisResultRecord | undefined>(
    (best, row) => (!best || row.year > best.year ? row : best),
    undefined,
  );
  return latest ? esgOne(analysisResultResource, latest, request) : esgDocument(null);
}

function customData(request: SandboxRequest) {
  return esgList(customDataResource, request.store.esg.customData.where('building', buildingOf(request).id), request);
}

function metersOfBuilding(request: SandboxRequest) {
  return esgList(meterResource, request.store.esg.meters.where('building', buildingOf(request).id), request);
}

export const buildingRoutes: RouteSpec[] = [
  { method: 'GET', path: '/buildings/', handler: listBuildings },
  { method: 'GET', path: '/buildings/{building_uuid}/analysis-result/', handler: latestAnalysis },
  { method: 'GET', path: '/buildings/{building_uuid}/custom-data/', handler: customData },
  { method: 'GET', path: '/buildings/{building_uuid}/utility-meters/', handler: metersOfBuilding },
];
