/**
 * FinCon seed data: German construction projects with realistic, internally consistent finance data.
 * The same Random yields identical records (ids and timestamps included); the timeline runs from
 * January 2023 to mid-2026 (no date lies after August 2026, but the cash discount dates of the 6
 * newest discounted APPROVED invoices, which lie a few days after the day the sandbox starts, so
 * that running discounts exist beside lapsed ones). What tests may rely on:
 *
 * - 6 projects, each on its own property (plus 2 properties without project); one is named
 *   "Hunsrück Mitte"; "Quartier am Rheinauhafen" (DIN 276 template) and "Bürocampus Westend"
 *   (refurbishment template) use cost elements: their units have no initial budget, their budget
 *   lies on cost elements (with some budget on elements no unit is booked on); the others do not.
 * - 4 contracting entities. 120 contractors (2 pages): 24 work on the contracts, 96 are master data
 *   only; all with IBAN (valid check digits), BIC, VAT id, tax id and tax authority; about half hold
 *   a tax waiver with its certificate (downloadable PDF).
 * - Contract units: per project the trade packages it procures, one "Reserve" unit in CONTINGENCY,
 *   and for 3 projects a "Finanzierung" unit in FINANCING. Every FINALIZED unit has only COMPLETED
 *   contracts; at least one FULLY_AWARDED unit has only COMPLETED contracts (it may be finalized);
 *   units with open contracts exist. In cost element projects every unit is booked on a cost element.
 * - About 80 contracts with every status and every contract type; a few reserve amounts carry more
 *   than two decimals. Every contract has terms (some with discount, retainage and cost allocation
 *   rules) and most carry custom field values; awarded ones have a CONTRACT document (PDF).
 * - Change orders (over 100, 2 pages) in every state, each with an offer PDF; reviewed ones also an
 *   AUDITED_CHANGE_ORDER with an annotated copy, acknowledged ones the CHANGE_ORDER.
 * - Exactly 300 invoices: 30 NEW (6 of them without contract), 30 DETAILS_ENTERED, 30 CHECKED,
 *   70 APPROVED, 140 PAID. Every PAID invoice is settled by 1 to 3 payments adding up to its
 *   discounted approved gross; some APPROVED invoices carry one partial payment. Exactly 8 PAID
 *   invoices (SINGLE, one payment) were added through add-paid-invoice: they hold only a COVERSHEET
 *   document. Every other invoice has an INVOICE document, with an annotated copy from CHECKED on.
 *   Exactly 5 NEW invoices (of the two-step projects "Quartier am Rheinauhafen" and "Wohnpark
 *   Isarauen") are in the second complete-details step, so update-new refuses them.
 * - 30 budget shifts, 5 per project: SHIFTs from the reserve or another unit, INCREASEs and DECREASEs
 *   (these have no source unit). 5 invoice tags, assigned to some invoices.
 * - 140 contacts (2 pages), commercial and private. 3 cost element tree templates with over 100 cost
 *   elements (2 pages). 13 custom field definitions (7 CONTRACT, 6 PROJECT); the two former MONEY
 *   fields read as DECIMAL with unit CURRENCY.
 * - Revenue: 120 sales units (2 projects), 56 rent units (3 projects), 2 outright sales.
 * Lists are stored oldest first (contracts, change orders, invoices, payments, budget shifts by date).
 */
import {
  seedDefinitions,
  customFieldValues,
  fillContractFields,
  seedChangeOrders,
  seedContractDocuments,
  seedContracts,
  type BudgetParent,
} from '../core/seed-contracts.js';
import { seedInvoices, seedTags } from '../core/seed-invoices.js';
import { addDays, byCreation, cents, HORIZON, minDate, timestamp, withTax } from '../core/seed-kit.js';
import { seedContractingEntities, seedContractors, type SeededContractor } from '../core/seed-parties.js';
import { STREETS } from '../core/seed-catalog.js';
import type { ContractRecord, CustomFieldDefinitionRecord } from '../core/records.js';
import type { FileStore } from '../files/file-store.js';
import { Dec } from '../money.js';
import type { Random } from '../random.js';
import type { NewRow } from '../table.js';
import { TEMPLATES, type CostElementNode } from './cost-element-catalog.js';
import { seedContacts } from './seed-contacts.js';
import { seedRevenue } from './seed-revenue.js';
import {
  createFinconTables,
  type BudgetShiftRecord,
  type ContractUnitRecord,
  type FinconTables,
  type ProjectRecord,
} from './records.js';
import {
  CUSTOM_FIELDS,
  ENTITIES,
  PROJECTS,
  SHIFT_REASONS,
  TAGS,
  TWO_STEP_PROJECTS,
  UNIT_PACKAGES,
  type ProjectFixture,
} from './seed-catalog.js';

export interface FinconSeedOptions {
  /** Adds LARGE_PROJECT with this many contracts, ten invoices each and about 1.5 payments an invoice. */
  largeProject?: number;
  /** The day the sandbox starts, YYYY-MM-DD: the newest cash discounts run past it (today by default). */
  startDay?: string;
}

/** Approved invoices whose cash discount still runs when the sandbox starts. */
const RUNNING_DISCOUNTS = 6;

export function seedFincon(random: Random, files: FileStore, options: FinconSeedOptions = {}): FinconTables {
  const tables = createFinconTables();
  const contractors = seedContractors(tables, files, random.fork('contractors'), { further: 96, identifierFrom: 10_001 });
  const entityIds = seedContractingEntities(tables, random.fork('contracting-entities'), ENTITIES);
  const definitions = seedDefinitions(tables, random.fork('custom-fields'), CUSTOM_FIELDS);
  const elements = seedCostElements(tables, random.fork('cost-elements'));
  const projects = seedProjects(tables, entityIds, elements.templates, definitions, random.fork('projects'));
  const units = seedContractUnits(tables, projects, elements, random.fork('contract-units'));
  const trades = units.filter((unit) => unit.packageIndex >= 0);
  const contracts = seedContracts(tables, trades.map(budgetParentOf), contractors, random.fork('contracts'));
  settleUnitStates(units, contracts, random.fork('unit-states'));
  fillContractFields(contracts, definitions, random.fork('contract-fields'));
  seedContractDocuments(tables, files, contracts, random.fork('contract-documents'));
  seedChangeOrders(tables, files, contracts, random.fork('change-orders'), HORIZON);
  const tagIds = seedTags(tables, random.fork('tags'), TAGS);
  const projectOfUnit = new Map(units.map((unit) => [unit.record.id, unit.record.project]));
  seedInvoices(tables, files, contracts, tagIds, random.fork('invoices'), {
    settled: [
      ['APPROVED', 40],
      ['PAID', 140],
    ],
    recent: [
      ['NEW', 30],
      ['DETAILS_ENTERED', 30],
      ['CHECKED', 30],
      ['APPROVED', 30],
    ],
    withoutContract: 6,
    lastReceipt: '2026-05-20',
    scopeOf: (contract) => projectOfUnit.get(contract.parent) as string,
    twoStepScopes: new Set(
      projects.filter((project) => TWO_STEP_PROJECTS.includes(project.record.name)).map((project) => project.record.id),
    ),
    inSecondStep: 5,
    addedAsPaid: 8,
    runningDiscounts: { count: RUNNING_DISCOUNTS, from: options.startDay ?? new Date().toISOString().slice(0, 10) },
  });
  seedBudgetShifts(tables, projects, units, random.fork('budget-shifts'));
  if (options.largeProject) {
    const basics = { entityIds, definitions, elements, contractors, tagIds };
    seedLargeProject(tables, files, basics, options.largeProject, random.fork('large-project'));
  }
  seedContacts(tables, random.fork('contacts'));
  seedRevenue(
    tables,
    projects.map((project) => project.record),
    random.fork('revenue'),
  );
  return tables;
}

// --- structure ----------------------------------------------------------------------------------

interface SeededProject {
  record: ProjectRecord;
  fixture: ProjectFixture;
}

interface Leaf {
  id: string;
  node: CostElementNode;
}

/** The seeded templates: their ids by key, and the leaf cost elements of each template id. */
interface SeededElements {
  templates: Map<string, string>;
  leaves: Map<string, Leaf[]>;
}

function seedCostElements(tables: FinconTables, random: Random): SeededElements {
  const seeded: SeededElements = { templates: new Map(), leaves: new Map() };
  for (const template of TEMPLATES) {
    const record = tables.costElementTemplates.insert({
      id: random.uuid(),
      name: template.name,
      description: template.description,
      created_at: timestamp(template.created, random),
    });
    const leaves: Leaf[] = [];
    const add = (node: CostElementNode, parent: string | null) => {
      const element = tables.costElements.insert({
        id: random.uuid(),
        name: node.name,
        description: node.description,
        cost_category: node.category,
        parent,
        cost_element_tree_template: record.id,
      });
      if (node.children) for (const child of node.children) add(child, element.id);
      else leaves.push({ id: element.id, node });
    };
    for (const node of template.elements) add(node, null);
    seeded.templates.set(template.key, record.id);
    seeded.leaves.set(record.id, leaves);
  }
  return seeded;
}

function seedProjects(
  tables: FinconTables,
  entityIds: readonly string[],
  templateIds: ReadonlyMap<string, string>,
  definitions: readonly CustomFieldDefinitionRecord[],
  random: Random,
): SeededProject[] {
  const projectFields = definitions.filter((definition) => definition.object_type === 'PROJECT');
  const seeded = PROJECTS.map((fixture, i) =>
    insertProject(tables, fixture, i, entityIds[i % entityIds.length] as string, templateIds, projectFields, random),
  );
  for (const [name, city, zip] of [
    ['Gewerbegrundstück Mainz-Hechtsheim', 'Mainz', '55129'],
    ['Baulücke Leipzig-Plagwitz', 'Leipzig', '04229'],
  ] as const) {
    tables.properties.insert({
      id: random.uuid(),
      name,
      description: 'Ankauf geprüft, noch kein Projekt',
      address: `${random.pick(STREETS)} ${random.int(1, 80)}`,
      zip_code: zip,
      city,
      country: 'DE',
      date_created: timestamp(addDays('2025-02-03', random.int(0, 200)), random),
    });
  }
  return seeded;
}

function insertProject(
  tables: FinconTables,
  fixture: ProjectFixture,
  index: number,
  entityId: string,
  templateIds: ReadonlyMap<string, string>,
  projectFields: readonly CustomFieldDefinitionRecord[],
  random: Random,
): SeededProject {
  const property = tables.properties.insert({
    id: random.uuid(),
    ...fixture.property,
    country: 'DE',
    date_created: timestamp(addDays('2023-01-09', index * 3), random),
  });
  const gfa = new Dec(fixture.gross_floor_area);
  const commercialRatio = { COMMERCIAL_USAGE: '1.00', NON_COMMERCIAL_USAGE: '0.00', MIXED_USAGE: '0.35' }[fixture.project_usage];
  const commercial = gfa.times('0.78').times(commercialRatio).toDecimalPlaces(2);
  const residential = gfa.times('0.78').minus(commercial).toDecimalPlaces(2);
  const template = fixture.template ? (templateIds.get(fixture.template) as string) : null;
  const record = tables.projects.insert({
    id: random.uuid(),
    name: fixture.name,
    identifier: fixture.identifier,
    description: fixture.description,
    property: property.id,
    default_contracting_entity: entityId,
    default_tax_rate: '19.00',
    use_cost_elements: fixture.use_cost_elements,
    cost_element_tree_template: template,
    is_active: fixture.is_active,
    project_usage: fixture.project_usage,
    estimated_start_date: fixture.start,
    estimated_end_date: fixture.end,
    gross_floor_area: fixture.gross_floor_area,
    effective_floor_area: gfa.times('0.82').toFixed(2),
    residential_area: residential.toFixed(2),
    commercial_area: commercial.toFixed(2),
    rental_area: gfa.times('0.76').toFixed(2),
    gross_volume: gfa.times('3.4').toFixed(2),
    commercial_usage_ratio: commercialRatio,
    custom_fields: customFieldValues(projectFields, random, { date: fixture.end }),
  });
  return { record, fixture };
}

interface SeededUnit {
  record: ContractUnitRecord;
  project: SeededProject;
  /** Planned net volume, also for projects that keep no initial budget on units. */
  volume: Dec;
  packageIndex: number;
}

function seedContractUnits(
  tables: FinconTables,
  projects: readonly SeededProject[],
  elements: SeededElements,
  random: Random,
): SeededUnit[] {
  const units: SeededUnit[] = [];
  for (const project of projects) {
    const { fixture, record } = project;
    const leaves = record.cost_element_tree_template ? (elements.leaves.get(record.cost_element_tree_template) ?? []) : [];
    const own: SeededUnit[] = [];
    const add = (name: string, description: string, state: ContractUnitRecord['state'], share: number, packageIndex: number) => {
      const volume = new Dec(fixture.volume).times(share).times(random.int(90, 110)).dividedBy(100_000).round().times(1000);
      const unit = tables.contractUnits.insert({
        id: random.uuid(),
        name,
        description,
        project: record.id,
        state,
        initial_budget: fixture.use_cost_elements ? null : withTax(volume),
        cost_element: leaves.find((leaf) => leaf.node.packages?.includes(name))?.id ?? null,
      });
      own.push({ record: unit, project, volume, packageIndex });
    };
    UNIT_PACKAGES.forEach((pkg, index) => {
      if (pkg.name === 'Rohbau' || random.chance(0.85)) add(pkg.name, pkg.description, 'BUDGETED', pkg.share, index);
    });
    add('Reserve', 'Projektreserve für Unvorhergesehenes', 'CONTINGENCY', 0.05, -1);
    if (fixture.hasFinancing) add('Finanzierung', 'Bauzeitzinsen und Bereitstellungsprovisionen', 'FINANCING', 0.04, -1);
    if (record.use_cost_elements) seedCostElementBudgets(tables, record, fixture, own, leaves);
    units.push(...own);
  }
  return units;
}

/** Budget on each leaf its units are booked on (their volumes), and on the undistributed leaves. */
function seedCostElementBudgets(
  tables: FinconTables,
  project: ProjectRecord,
  fixture: ProjectFixture,
  units: readonly SeededUnit[],
  leaves: readonly Leaf[],
): void {
  for (const leaf of leaves) {
    const booked = units.filter((unit) => unit.record.cost_element === leaf.id);
    const net = leaf.node.undistributed
      ? new Dec(fixture.volume).times(leaf.node.undistributed).round()
      : booked.reduce((total, unit) => total.plus(unit.volume), new Dec(0));
    if (net.isZero()) continue;
    tables.costElementBudgets.insert({
      id: `${project.id}/${leaf.id}`,
      project: project.id,
      cost_element: leaf.id,
      initial_budget: withTax(net),
    });
  }
}

function budgetParentOf(unit: SeededUnit): BudgetParent {
  const { fixture, record } = unit.project;
  return {
    id: unit.record.id,
    name: unit.record.name,
    trade: unit.record.name,
    volume: unit.volume,
    start: fixture.start,
    active: fixture.is_active,
    numberPrefix: fixture.identifier,
    costCenter: `${fixture.identifier.slice(0, 2)}-${(unit.packageIndex + 1) * 100}`,
    bookingAccount: 3000 + unit.packageIndex * 10,
    contractingEntity: record.default_contracting_entity,
    recurring: unit.record.name === 'Planung und Bauleitung',
  };
}

/**
 * A unit's state follows its contracts: none or only drafts keep it BUDGETED; all COMPLETED often
 * FINALIZED (but the first such unit stays FULLY_AWARDED, so one can be finalized through the API).
 */
function settleUnitStates(units: readonly SeededUnit[], contracts: readonly ContractRecord[], random: Random): void {
  let finishedUnitKeptOpen = false;
  for (const unit of units) {
    if (unit.packageIndex < 0) continue;
    const statuses = contracts.filter((contract) => contract.parent === unit.record.id).map((contract) => contract.status);
    const finished = statuses.length > 0 && statuses.every((status) => status === 'COMPLETED');
    if (statuses.length === 0 || statuses.every((status) => status === 'DRAFT')) unit.record.state = 'BUDGETED';
    else if (finished && finishedUnitKeptOpen && random.chance(0.6)) unit.record.state = 'FINALIZED';
    else unit.record.state = 'FULLY_AWARDED';
    if (finished) finishedUnitKeptOpen = true;
  }
}

// --- budget shifts ---------------------------------------------------------------------------------

const SHIFT_PATTERN = ['SHIFT', 'SHIFT', 'INCREASE', 'DECREASE', 'SHIFT'] as const;

function seedBudgetShifts(
  tables: FinconTables,
  projects: readonly SeededProject[],
  units: readonly SeededUnit[],
  random: Random,
): void {
  const shifts: NewRow<BudgetShiftRecord>[] = [];
  for (const project of projects) {
    const own = units.filter((unit) => unit.project === project);
    const trades = own.filter((unit) => unit.packageIndex >= 0).map((unit) => unit.record.id);
    const reserve = own.find((unit) => unit.record.state === 'CONTINGENCY')?.record.id ?? null;
    let day = addDays(project.fixture.start, random.int(60, 120));
    for (const type of SHIFT_PATTERN) {
      const target = random.pick(trades);
      const source = type !== 'SHIFT' ? null : random.chance(0.6) ? reserve : random.pick(trades.filter((id) => id !== target));
      const net = new Dec(random.int(50, 2_500)).times(100).plus(cents(random));
      shifts.push({
        id: random.uuid(),
        project: project.record.id,
        source_contract_unit: source,
        target_contract_unit: target,
        budget_change_type: type,
        reason: random.pick(SHIFT_REASONS[type]),
        amount: withTax(net),
        date_created: timestamp(minDate(day, HORIZON), random),
      });
      day = addDays(day, random.int(30, 150));
    }
  }
  for (const shift of byCreation(shifts)) tables.budgetShifts.insert(shift);
}

// --- the large project (sandbox --scale N) -------------------------------------------------------

/** The project `--scale` adds: every trade package of it is let in many lots. */
export const LARGE_PROJECT: ProjectFixture = {
  name: 'Stadtquartier Neckarbogen',
  identifier: 'SN-2024',
  description: 'Neues Stadtquartier auf 14 Baufeldern (Lasttest-Projekt der Sandbox)',
  use_cost_elements: false,
  is_active: true,
  project_usage: 'MIXED_USAGE',
  start: '2024-01-15',
  end: '2029-06-30',
  gross_floor_area: '185000.00',
  volume: 1_200_000_000,
  hasFinancing: false,
  property: {
    name: 'Neckarbogen, Baufelder 1-14',
    description: 'Konversionsfläche am Neckarufer',
    address: 'Neckaruferstraße 1',
    zip_code: '74076',
    city: 'Heilbronn',
  },
};

/** What the regular seed made that the large project uses too. */
interface SeededBasics {
  entityIds: readonly string[];
  definitions: readonly CustomFieldDefinitionRecord[];
  elements: SeededElements;
  contractors: readonly SeededContractor[];
  tagIds: readonly string[];
}

/** Ten invoices a contract, most of them paid, in one to three payments (about 1.5 an invoice). */
const LARGE_INVOICES_PER_CONTRACT = 10;
const LARGE_PAID_SHARE = 0.9;

function seedLargeProject(tables: FinconTables, files: FileStore, seeded: SeededBasics, contracts: number, random: Random): void {
  const projectFields = seeded.definitions.filter((definition) => definition.object_type === 'PROJECT');
  const entity = seeded.entityIds[0] as string;
  const project = insertProject(tables, LARGE_PROJECT, PROJECTS.length, entity, seeded.elements.templates, projectFields, random);
  const trades = seedContractUnits(tables, [project], seeded.elements, random.fork('contract-units')).filter(
    (unit) => unit.packageIndex >= 0,
  );
  // One contract per lot; a package's volume is shared among its lots.
  const lotsPerPackage = Math.ceil(contracts / trades.length);
  const lots = Array.from({ length: contracts }, (_, index): BudgetParent => {
    const unit = trades[index % trades.length] as SeededUnit;
    const parent = budgetParentOf(unit);
    const lot = Math.floor(index / trades.length) + 1;
    return { ...parent, name: `${parent.name}, Los ${lot}`, volume: unit.volume.dividedBy(lotsPerPackage) };
  });
  const seededContracts = seedContracts(tables, lots, seeded.contractors, random.fork('contracts'), 1);
  const invoices = contracts * LARGE_INVOICES_PER_CONTRACT;
  const paid = Math.round(invoices * LARGE_PAID_SHARE);
  seedInvoices(tables, files, seededContracts, seeded.tagIds, random.fork('invoices'), {
    settled: [
      ['APPROVED', invoices - paid],
      ['PAID', paid],
    ],
    recent: [],
    withoutContract: 0,
    lastReceipt: '2026-05-20',
    scopeOf: () => project.record.id,
    twoStepScopes: new Set(),
    inSecondStep: 0,
    addedAsPaid: 0,
    documents: false,
    paidIn: [
      [1, 0.5],
      [2, 0.3],
      [3, 0.2],
    ],
  });
}
