/**
 * ESG seed data: German buildings with their meters, consumption, tenants, documents and
 * audit trail. The same Random yields identical records. What tests may rely on:
 *
 * - 8 buildings (BUILDINGS in seed-catalog.ts). "Bürohaus Westend" (BLD-FFM-001) has energy and
 *   building certificates, tenants and a meter of every category; "Hotel Rheinufer" (BLD-DUS-007)
 *   has no external_asset_id, no areas, no certificates and no CO2 analysis; "Lagerhalle
 *   Leipzig-Nord" has no external_id, and no meters, tenants, custom data or analysis.
 *   Every other building has a CO2 analysis for 2025 (the latest) and custom data.
 * - 29 utility meters over 7 buildings, every category (HEATING with district heating, gas in
 *   CUBIC_METERS, oil, heat pump and pellets; COOLING DISTRICT and LOCAL_DISTRICT; WATER cold and
 *   hot) and both procurers; external ids read "<building code>-<meter code>", e.g. "FFM-001-EL-01".
 *   Energy is counted in kWh, MWh or (gas, district heating) m³, water in m³; "Geschäftshaus
 *   Schildergasse" (BLD-CGN-004) has electricity in kWh (landlord) and MWh (tenant) side by side.
 *   Read meters' annual values are metered (source meter), the others estimated by tenants or
 *   entered by hand (estimate, manualEntry).
 *   "DUS-007-EL-01" was deactivated on 2024-06-30 and replaced by "DUS-007-EL-02".
 * - Monthly consumption intervals (first to last day of each month) from January 2024 to May 2026
 *   within each meter's activity; read meters also carry readings at the start of every month
 *   consistent with those intervals (difference times multiplication factor).
 * - Annual consumption for 2024, 2025 and 2026 per meter and active year; the electricity of
 *   FFM-001-EL-01 has a renewable market-based factor; tenant-procured meters (and a few more)
 *   are linked to a tenant.
 * - 14 tenants (external ids "T-<building code>-<nn>", e.g. "T-FFM-001-01"), 4 tenant attachments
 *   (one a DOCUMENT pointing at the lease file), 3 utility data batch infos.
 * - 12 documents from APP, API and SURVEY, and their file events from May and June 2026; see
 *   seed-activity.ts for those and for the audit feeds.
 * - With `estate` (sandbox --scale N), a housing estate of N houses and their heating plant
 *   follows all of that; see seed-estate.ts.
 */
import { Dec } from '../money.js';
import type { FileStore } from '../files/file-store.js';
import type { Random } from '../random.js';
import { seedAuditTrail, seedDocuments } from './seed-activity.js';
import { estateFixtures, seedEstateActivity } from './seed-estate.js';
import { newAnnualConsumption } from './consumption.js';
import { defaultConversionFactor } from './meter-rules.js';
import { addDays, slug } from '../core/seed-kit.js';
import { monthStart, overlapDays, yearBounds } from './dates.js';
import { createEsgTables, type BuildingRecord, type EsgTables, type TenantRecord, type UtilityMeterRecord } from './records.js';
import {
  BATCH_INFOS,
  BUILDINGS,
  CUSTOM_DATA_FIELDS,
  TENANT_COMMENTS,
  type BuildingFixture,
  type MeterFixture,
} from './seed-catalog.js';

const FIRST_MONTH = '2024-01-01';
/** Exclusive: the last interval ends on 2026-05-31. */
const END_OF_DATA = '2026-06-01';
const YEARS = [2024, 2025, 2026];

const HEATING_SEASON = [1.7, 1.5, 1.2, 0.8, 0.45, 0.2, 0.15, 0.15, 0.4, 0.85, 1.3, 1.65];
const COOLING_SEASON = [0.3, 0.3, 0.5, 0.8, 1.1, 1.6, 1.9, 1.8, 1.2, 0.7, 0.4, 0.3];

export interface EsgSeedOptions {
  /** Houses of the estate `sandbox --scale` adds (seed-estate.ts); none by default. */
  estate?: number;
}

export function seedEsg(random: Random, files: FileStore, options: EsgSeedOptions = {}): EsgTables {
  const tables = createEsgTables();
  const batchRandom = random.fork('batch-infos');
  const batchIds = BATCH_INFOS.map((batch) => tables.batchInfos.insert({ id: batchRandom.uuid(), ...batch }).id);
  const fieldIds = customFieldIds(random.fork('custom-fields'));
  /** A building with all its fixture describes. */
  const seedFixture = (fixture: BuildingFixture, buildingRandom: Random) => {
    const building = seedBuilding(tables, fixture, buildingRandom);
    seedAnalyses(tables, building, fixture, random.fork(`analysis:${fixture.code}`));
    seedCustomData(tables, building, fixture, fieldIds, random.fork(`custom-data:${fixture.code}`));
    const tenants = seedTenants(tables, building, fixture, random.fork(`tenants:${fixture.code}`));
    const meterRandom = random.fork(`meters:${fixture.code}`);
    for (const meterFixture of fixture.meters) {
      seedMeter(tables, building, fixture, meterFixture, tenants, batchIds, meterRandom);
    }
    return { building, tenants };
  };
  const buildingRandom = random.fork('buildings');
  const tenantsByBuilding = new Map(BUILDINGS.map((fixture) => [fixture.code, seedFixture(fixture, buildingRandom).tenants]));
  seedDocuments(tables, files, random.fork('documents'));
  seedTenantAttachments(tables, tenantsByBuilding, random.fork('tenant-attachments'));
  seedAuditTrail(tables, random.fork('audit-trail'));
  // After all the regular data, so that stays as it is.
  if (options.estate) {
    const estateRandom = random.fork('estate');
    const estate = estateFixtures(options.estate).map((fixture) => seedFixture(fixture, estateRandom).building);
    seedEstateActivity(tables, files, estate, random.fork('estate-activity'));
  }
  return tables;
}

function seedBuilding(tables: EsgTables, fixture: BuildingFixture, random: Random): BuildingRecord {
  return tables.buildings.insert({
    id: random.uuid(),
    name: fixture.name,
    external_id: fixture.external_id,
    external_asset_id: fixture.external_asset_id,
    address: fixture.address,
    gross_external_area: fixture.gross_external_area,
    gross_internal_area: fixture.gross_internal_area,
    energy_certificates: fixture.energy_certificates,
    building_certificates: fixture.building_certificates,
  });
}

function seedAnalyses(tables: EsgTables, building: BuildingRecord, fixture: BuildingFixture, random: Random): void {
  const area = Number(fixture.gross_internal_area ?? 0);
  for (const year of fixture.analysed_years) {
    const energyIntensity = random.int(70, 210) + random.int(0, 9) / 10;
    const co2Intensity = energyIntensity * (0.16 + random.int(0, 80) / 1000);
    const totalConsumption = area * energyIntensity;
    const scope1 = (totalConsumption * co2Intensity * random.int(25, 55)) / 100 / energyIntensity / 1000;
    const totalEmissions = (area * co2Intensity) / 1000;
    tables.analysisResults.insert({
      id: random.uuid(),
      building: building.id,
      year,
      co2_intensity: fixed(co2Intensity, 2),
      energy_intensity: fixed(energyIntensity, 2),
      final_energy_intensity: fixed(energyIntensity * 0.93, 2),
      primary_energy_intensity: fixed(energyIntensity * 1.21, 2),
      total_emissions: fixed(totalEmissions, 3),
      total_consumption: fixed(totalConsumption, 1),
      total_energy_generated: random.chance(0.5) ? fixed(area * random.int(2, 9), 1) : '0.0',
      self_supply_rate: fixed(random.int(0, 180) / 1000, 3),
      scope_1_emissions: fixed(scope1, 3),
      scope_2_emissions: fixed(totalEmissions - scope1, 3),
      scope_3_emissions: random.chance(0.5) ? fixed(totalEmissions * 0.12, 3) : null,
    });
  }
}

type FieldIds = Record<keyof typeof CUSTOM_DATA_FIELDS, string>;

/** Custom fields are defined account-wide, so every building's instances share their ids. */
function customFieldIds(random: Random): FieldIds {
  const keys = Object.keys(CUSTOM_DATA_FIELDS) as (keyof typeof CUSTOM_DATA_FIELDS)[];
  return Object.fromEntries(keys.map((key) => [key, random.uuid()])) as FieldIds;
}

function seedCustomData(
  tables: EsgTables,
  building: BuildingRecord,
  fixture: BuildingFixture,
  ids: FieldIds,
  random: Random,
): void {
  if (fixture.usages.length === 0) return;
  const field = (key: keyof typeof CUSTOM_DATA_FIELDS, value: string | string[] | null, year: number | null = null) => ({
    field_id: ids[key],
    name: CUSTOM_DATA_FIELDS[key],
    year,
    value,
  });
  const renewable2025 = random.int(8, 65);
  tables.customData.insert({
    id: random.uuid(),
    building: building.id,
    name: 'Gebäudedaten',
    field_instances: [
      field('yearBuilt', fixture.year_built),
      field('listedBuilding', Number(fixture.year_built) < 1950 ? 'ja' : 'nein'),
      field('usages', fixture.usages),
    ],
  });
  tables.customData.insert({
    id: random.uuid(),
    building: building.id,
    name: 'ESG-Kennzahlen',
    field_instances: [
      field('strandingYear', String(random.int(2029, 2045)), 2025),
      field('renewableShare', fixed(renewable2025 - random.int(1, 6), 1), 2024),
      field('renewableShare', fixed(renewable2025, 1), 2025),
      field('certificationTarget', fixture.building_certificates.length > 0 ? null : 'DGNB Gold'),
    ],
  });
}

function seedTenants(tables: EsgTables, building: BuildingRecord, fixture: BuildingFixture, random: Random): TenantRecord[] {
  return fixture.tenants.map((tenant, i) =>
    tables.tenants.insert({
      id: random.uuid(),
      building: building.id,
      external_id: `T-${fixture.code}-${String(i + 1).padStart(2, '0')}`,
      contact_email: tenant.contact_last_name
        ? `${slug(tenant.contact_last_name)}@${slug(tenant.name.split(' ')[0] ?? 'mieter')}.example`
        : null,
      ...tenant,
    }),
  );
}

function seedMeter(
  tables: EsgTables,
  building: BuildingRecord,
  buildingFixture: BuildingFixture,
  fixture: MeterFixture,
  tenants: readonly TenantRecord[],
  batchIds: readonly string[],
  random: Random,
): void {
  const [techem, mainova, manual] = batchIds as [string, string, string];
  const meter = tables.meters.insert({
    id: random.uuid(),
    building: building.id,
    external_id: `${buildingFixture.code}-${fixture.code}`,
    serial: serialFor(fixture, random),
    description: fixture.description,
    category: fixture.category,
    units: fixture.units,
    sub_category: fixture.sub_category,
    heating_system: fixture.heating_system,
    cooling_system: fixture.cooling_system,
    multiplication_factor: fixture.multiplication_factor ?? '1',
    custom_conversion_factor: fixture.custom_conversion_factor ?? defaultConversionFactor(fixture),
    activation_date: fixture.activation_date,
    deactivation_date: fixture.deactivation_date ?? null,
    procured_by: fixture.procured_by,
    batch_info: fixture.read ? null : manual,
  });
  const batch = buildingFixture.code === 'FFM-001' ? mainova : buildingFixture.code === 'BER-002' ? techem : null;
  const values = monthlyValues(meter, fixture, random);
  if (fixture.read) seedReadings(tables, meter, values, batch, random);
  for (const [month, value] of values) {
    tables.intervals.insert({
      id: random.uuid(),
      meter: meter.id,
      start_date: month,
      end_date: addDays(monthStart(month, 1), -1),
      consumption_value: value.toFixed(3),
      batch_info: fixture.read ? batch : manual,
    });
  }
  const tenant = fixture.tenant === undefined ? undefined : tenants[fixture.tenant];
  for (const year of YEARS) {
    const { from, to } = yearBounds(year);
    if (overlapDays(meter.activation_date ?? from, meter.deactivation_date ?? to, from, to) === 0) continue;
    const annual = tables.annualConsumptions.insert({
      ...newAnnualConsumption(meter, year, random.uuid()),
      source: fixture.read ? 'meter' : fixture.procured_by === 'TENANT' ? 'estimate' : 'manualEntry',
      market_based: marketBasedFactor(fixture, year),
    });
    if (tenant) tables.tenantLinks.insert({ id: random.uuid(), tenant: tenant.id, annual_consumption: annual.id });
  }
}

function marketBasedFactor(fixture: MeterFixture, year: number) {
  if (fixture.green_power) return { value: '0.000', is_renewable: true };
  if (fixture.category === 'ELECTRICITY' && fixture.units === 'MEGAWATT_HOURS' && year === 2025) {
    return { value: '0.128', is_renewable: false };
  }
  return null;
}

/**
 * Consumption per month in the meter's units, in month order, within the meter's activity;
 * each a whole number of counter steps (0.001) times the multiplication factor, so readings
 * can match the intervals exactly.
 */
function monthlyValues(meter: UtilityMeterRecord, fixture: MeterFixture, random: Random): [string, Dec][] {
  const factor = new Dec(meter.multiplication_factor);
  const values: [string, Dec][] = [];
  for (let month = FIRST_MONTH; month < END_OF_DATA; month = monthStart(month, 1)) {
    const last = addDays(monthStart(month, 1), -1);
    if (meter.activation_date && last < meter.activation_date) continue;
    if (meter.deactivation_date && month > meter.deactivation_date) continue;
    const season = seasonFactor(fixture, Number(month.slice(5, 7)) - 1);
    const noise = 0.92 + random.next() * 0.16;
    const steps = new Dec(fixture.monthly * season * noise).dividedBy(factor).toDecimalPlaces(3);
    values.push([month, steps.times(factor)]);
  }
  return values;
}

function seasonFactor(fixture: MeterFixture, monthIndex: number): number {
  if (fixture.category === 'HEATING') return HEATING_SEASON[monthIndex] as number;
  if (fixture.category === 'COOLING') return COOLING_SEASON[monthIndex] as number;
  return 1;
}

/**
 * Counter readings at the start of each month and after the last one, so that each month's
 * interval equals the difference of its readings times the multiplication factor.
 */
function seedReadings(
  tables: EsgTables,
  meter: UtilityMeterRecord,
  values: readonly [string, Dec][],
  batch: string | null,
  random: Random,
): void {
  const factor = new Dec(meter.multiplication_factor);
  let counter = new Dec(random.int(10_000, 900_000));
  const read = (day: string) =>
    tables.readings.insert({
      id: random.uuid(),
      meter: meter.id,
      reading_timestamp: `${day}T00:00:00Z`,
      reading_value: counter.toFixed(3),
      batch_info: batch,
    });
  for (const [month, value] of values) {
    read(month);
    counter = counter.plus(value.dividedBy(factor));
  }
  const after = values[values.length - 1];
  if (after) read(monthStart(after[0], 1));
}

function serialFor(fixture: MeterFixture, random: Random): string {
  const digits = String(random.int(10_000_000, 99_999_999));
  switch (fixture.category) {
    case 'ELECTRICITY':
      return `1ESY11${digits}`;
    case 'WATER':
      return `WZ-${digits}`;
    case 'COOLING':
      return `KZ-${digits}`;
    case 'HEATING':
      return fixture.units === 'CUBIC_METERS' ? `G4-${digits}` : `WMZ-${digits}`;
  }
}

function seedTenantAttachments(tables: EsgTables, tenantsByBuilding: ReadonlyMap<string, TenantRecord[]>, random: Random): void {
  const tenant = (code: string, index: number) => tenantsByBuilding.get(code)?.[index] as TenantRecord;
  const lease = tables.files.all().find((file) => file.document_type === 'TENANT_LEASE');
  const [dataAccess, greenLease, quarterly] = TENANT_COMMENTS;
  const attachments = [
    {
      tenant: tenant('FFM-001', 0),
      attachment_type: 'DOCUMENT' as const,
      comment: 'Mietvertrag inkl. Green-Lease-Nachtrag',
      file_id: lease?.id ?? null,
    },
    { tenant: tenant('FFM-001', 0), attachment_type: 'COMMENT' as const, comment: greenLease, file_id: null },
    { tenant: tenant('HAM-003', 0), attachment_type: 'COMMENT' as const, comment: dataAccess, file_id: null },
    { tenant: tenant('MUC-005', 0), attachment_type: 'COMMENT' as const, comment: quarterly, file_id: null },
  ];
  for (const attachment of attachments)
    tables.tenantAttachments.insert({ id: random.uuid(), ...attachment, tenant: attachment.tenant.id });
}

function fixed(value: number, places: number): string {
  return new Dec(value).toDecimalPlaces(places).toFixed(places);
}
