/**
 * The ESG share of `sandbox --scale N`: the housing estate "Wohnquartier Rosenstein", long enough
 * that every ESG list of it runs over several pages. It is added after the regular seed, from
 * forks of its own, so the regular data stays as it is. What tests may rely on:
 *
 * - N houses "Wohnquartier Rosenstein, Haus <n>" (external ids "BLD-RS-0001", ...), without
 *   meters, tenants, custom data or analyses, and after them the estate's heating plant
 *   "Heizzentrale Rosenstein" (BLD-RS-HZ), the last building of the list.
 * - The plant meters the heat it delivers to each house: N district heating meters in kWh,
 *   procured by the landlord ("RS-HZ-WM-0001", ...), with monthly intervals and annual
 *   consumption for 2024, 2025 and 2026 like the regular meters: N rows a year.
 * - The integration delivered the estate on 2026-07-01 at 06:00 UTC in one transaction: an INSERT
 *   per building and meter in both audit feeds (2N + 1 each).
 * - From 07:00 UTC that day it uploaded an energy certificate per house, one a second: N documents
 *   (external ids "DMS-RS-EA-0001", ...) and their N CREATE file events.
 */
import type { FileStore } from '../files/file-store.js';
import type { Random } from '../random.js';
import { AUDITED, type AuditedTable } from './audit-trail.js';
import { recordApiInsert, storeDocument } from './seed-activity.js';
import type { BuildingFixture, MeterFixture } from './seed-catalog.js';
import type { BuildingRecord, EsgTables, FileMetadata } from './records.js';
import type { Row } from '../table.js';

const DELIVERY = '2026-07-01T06:00:00Z';
const UPLOADS_FROM = Date.parse('2026-07-01T07:00:00Z');
const PLANT_CODE = 'RS-HZ';
const PLANT_EXTERNAL_ID = `BLD-${PLANT_CODE}`;

const number = (n: number) => String(n).padStart(4, '0');

function house(n: number): BuildingFixture {
  return {
    code: `RS-${number(n)}`,
    name: `Wohnquartier Rosenstein, Haus ${n}`,
    external_id: `BLD-RS-${number(n)}`,
    external_asset_id: null,
    address: `Rosensteinweg ${n}, 70191 Stuttgart`,
    gross_external_area: (1_180 + ((n * 37) % 640)).toFixed(2),
    gross_internal_area: (1_020 + ((n * 37) % 560)).toFixed(2),
    energy_certificates: [],
    building_certificates: [],
    analysed_years: [],
    year_built: '1964',
    usages: [],
    meters: [],
    tenants: [],
  };
}

function heatMeter(n: number): MeterFixture {
  return {
    code: `WM-${number(n)}`,
    description: `Wärmeübergabe Haus ${n}`,
    category: 'HEATING',
    units: 'KILOWATT_HOURS',
    sub_category: null,
    heating_system: 'DISTRICT_HEATING',
    cooling_system: null,
    procured_by: 'LANDLORD',
    monthly: 9_000 + ((n * 613) % 5_000),
    activation_date: '2019-10-01',
    read: false,
  };
}

/** The N houses, then the plant with a meter for each. */
export function estateFixtures(houses: number): BuildingFixture[] {
  const numbers = Array.from({ length: houses }, (_, index) => index + 1);
  return [
    ...numbers.map(house),
    {
      ...house(0),
      code: PLANT_CODE,
      name: 'Heizzentrale Rosenstein',
      external_id: PLANT_EXTERNAL_ID,
      address: 'Rosensteinweg 1a, 70191 Stuttgart',
      gross_external_area: '640.00',
      gross_internal_area: '585.00',
      meters: numbers.map(heatMeter),
    },
  ];
}

/** The delivery of the estate's buildings in both audit feeds, and the houses' energy certificates with their file events. */
export function seedEstateActivity(
  tables: EsgTables,
  files: FileStore,
  buildings: readonly BuildingRecord[],
  random: Random,
): void {
  const transactionId = random.uuid();
  const delivered = <R extends Row>(target: AuditedTable<R>, record: R) =>
    recordApiInsert(tables, () => random.uuid(), { target, record, transactionId, ts: DELIVERY });
  for (const building of buildings) delivered(AUDITED.buildings, building);
  for (const building of buildings) {
    for (const meter of tables.meters.where('building', building.id)) delivered(AUDITED.meters, meter);
  }

  const houses = buildings.filter((building) => building.external_id !== PLANT_EXTERNAL_ID);
  for (const [index, building] of houses.entries()) {
    const name = `Energieausweis_Rosenstein_Haus_${index + 1}.pdf`;
    const metadata: FileMetadata = {
      id: random.uuid(),
      name,
      external_id: `DMS-RS-EA-${number(index + 1)}`,
      source: 'API',
      document_type: 'ENERGY_CERTIFICATE',
      building_external_ids: [building.external_id as string],
      issued_at: '2026-06-15',
      valid_until: '2036-06-14',
    };
    storeDocument(tables, files, name, metadata);
    tables.fileEvents.insert({
      id: random.uuid(),
      event_type: 'CREATE',
      timestamp: new Date(UPLOADS_FROM + index * 1000).toISOString().replace('.000Z', 'Z'),
      file: structuredClone(metadata),
    });
  }
}
