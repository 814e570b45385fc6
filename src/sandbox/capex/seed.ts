/**
 * CAPEX seed data: an asset register of existing German properties and their capital measures,
 * with contracts, invoices and payments like FinCon's (shared generators in core/). Deterministic
 * for a given Random; no date after August 2026. What tests may rely on:
 *
 * - 12 assets; 5 to 8 measures each (every MeasureStatus occurs). BUDGETED measures hold no
 *   contracts, COMPLETED ones only COMPLETED contracts.
 * - 3 contracting entities; 44 contractors (24 working on contracts, 20 master data only).
 * - Over 100 contracts (2 pages) in every status, with terms, custom field values (3 definitions,
 *   one a former MONEY field) and documents; change orders in every state with documents.
 * - Exactly 240 invoices: 24 NEW (5 without contract, submitted to their asset), 22 DETAILS_ENTERED,
 *   22 CHECKED, 67 APPROVED, 105 PAID. PAID invoices are settled by 1 to 3 payments adding up to their
 *   discounted approved gross; some APPROVED ones carry a partial payment. Exactly 4 PAID invoices
 *   were added through add-paid-invoice (COVERSHEET document only).
 * - 4 invoice tags, assigned to some invoices.
 */
import {
  fillContractFields,
  seedChangeOrders,
  seedContractDocuments,
  seedContracts,
  seedDefinitions,
} from '../core/seed-contracts.js';
import { seedInvoices, seedTags } from '../core/seed-invoices.js';
import { addDays, HORIZON, shuffled, timestamp, weighted, withTax } from '../core/seed-kit.js';
import { seedContractingEntities, seedContractors } from '../core/seed-parties.js';
import type { FileStore } from '../files/file-store.js';
import { Dec } from '../money.js';
import type { Random } from '../random.js';
import { createCapexTables, type CapexTables, type MeasureRecord } from './records.js';
import { ASSETS, CUSTOM_FIELDS, ENTITIES, MEASURES, TAGS } from './seed-catalog.js';

export function seedCapex(random: Random, files: FileStore): CapexTables {
  const tables = createCapexTables();
  const contractors = seedContractors(tables, files, random.fork('contractors'), { further: 20, identifierFrom: 20_001 });
  const entityIds = seedContractingEntities(tables, random.fork('contracting-entities'), ENTITIES);
  const definitions = seedDefinitions(tables, random.fork('custom-fields'), CUSTOM_FIELDS);
  const measures = seedAssetsAndMeasures(tables, random.fork('assets'));
  const entityOfAsset = new Map(tables.assets.all().map((asset, i) => [asset.id, entityIds[i % entityIds.length] as string]));
  const parents = measures
    .filter((measure) => measure.status !== 'BUDGETED')
    .map((measure) => ({
      id: measure.id,
      name: measure.name,
      trade: MEASURES.find((fixture) => fixture.name === measure.name)?.trade ?? '',
      volume: measure.budget.net,
      start: measure.date_created.slice(0, 10),
      active: measure.status === 'IN_PROGRESS',
      numberPrefix: measure.identifier,
      costCenter: `CX-${measure.identifier.slice(2, 5)}`,
      bookingAccount: 7200,
      contractingEntity: entityOfAsset.get(measure.asset) as string,
      recurring: measure.name.startsWith('Planung'),
    }));
  const contracts = seedContracts(tables, parents, contractors, random.fork('contracts'));
  fillContractFields(contracts, definitions, random.fork('contract-fields'));
  seedContractDocuments(tables, files, contracts, random.fork('contract-documents'));
  seedChangeOrders(tables, files, contracts, random.fork('change-orders'), HORIZON);
  const tagIds = seedTags(tables, random.fork('tags'), TAGS);
  seedInvoices(tables, files, contracts, tagIds, random.fork('invoices'), {
    settled: [
      ['APPROVED', 45],
      ['PAID', 105],
    ],
    recent: [
      ['NEW', 24],
      ['DETAILS_ENTERED', 22],
      ['CHECKED', 22],
      ['APPROVED', 22],
    ],
    withoutContract: 5,
    lastReceipt: '2026-05-25',
    scopeOf: (contract) => tables.measures.get(contract.parent)?.asset as string,
    twoStepScopes: new Set(),
    inSecondStep: 0,
    addedAsPaid: 4,
  });
  return tables;
}

const STATUSES = [
  ['COMPLETED', 0.3],
  ['IN_PROGRESS', 0.5],
  ['BUDGETED', 0.2],
] as const;

function seedAssetsAndMeasures(tables: CapexTables, random: Random): MeasureRecord[] {
  const measures: MeasureRecord[] = [];
  ASSETS.forEach((fixture, i) => {
    const asset = tables.assets.insert({
      id: random.uuid(),
      ...fixture,
      date_created: timestamp(addDays('2022-10-03', i * 11), random),
    });
    const count = random.int(5, 8);
    const picks = shuffled([...MEASURES], random).slice(0, count);
    picks.forEach((measure, n) => {
      // The first measures of every asset run through all statuses, so each status occurs.
      const status =
        n < STATUSES.length ? (STATUSES[(i + n) % STATUSES.length] as (typeof STATUSES)[number])[0] : weighted(random, STATUSES);
      const created = addDays('2023-02-01', random.int(0, 800));
      measures.push(
        tables.measures.insert({
          id: random.uuid(),
          asset: asset.id,
          name: measure.name,
          identifier: `M-${fixture.identifier.slice(2)}-${String(n + 1).padStart(2, '0')}`,
          description: random.chance(0.8) ? `${measure.name} im Objekt ${fixture.name}` : null,
          status,
          date_created: timestamp(created, random),
          budget: withTax(new Dec(measure.volume).times(random.int(80, 130)).dividedBy(100).toDecimalPlaces(0)),
        }),
      );
    });
  });
  return measures;
}
