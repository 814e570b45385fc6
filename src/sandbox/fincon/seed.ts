/**
 * FinCon seed data: German construction projects with realistic, internally consistent finance data.
 * The same Random yields byte-identical records (ids and timestamps included); the timeline
 * runs from January 2023 to mid-2026 (no date lies after August 2026). What tests may rely on:
 *
 * - 6 projects, each on its own property; one is named "Hunsrück Mitte"; "Quartier am Rheinauhafen"
 *   and "Bürocampus Westend" use cost elements (their units have no initial budget), the others do not.
 * - 4 contracting entities and 24 contractors (IBAN with valid check digits, BIC, VAT id, tax id,
 *   tax authority; about half hold a tax waiver).
 * - Contract units: per project the trade packages it procures, one "Reserve" unit in CONTINGENCY,
 *   and for 3 projects a "Finanzierung" unit in FINANCING. Every FINALIZED unit has only COMPLETED
 *   contracts; at least one FULLY_AWARDED unit has only COMPLETED contracts (it may be finalized);
 *   units with open contracts exist.
 * - About 80 contracts with every status and every contract type; a few reserve amounts carry more than
 *   two decimals.
 * - Exactly 300 invoices: 30 NEW (6 of them without contract), 30 DETAILS_ENTERED, 30 CHECKED,
 *   70 APPROVED, 140 PAID. Every PAID invoice is settled by 1 to 3 payments adding up to its discounted
 *   approved gross; some APPROVED invoices carry one partial payment.
 * - 30 budget shifts, 5 per project: SHIFTs from the reserve or another unit, INCREASEs and DECREASEs
 *   (these have no source unit).
 * - 5 invoice tags, assigned to some invoices. Projects using cost elements name a
 *   cost_element_tree_template id whose template is not seeded yet.
 * Lists are stored oldest first (contracts, invoices, payments and budget shifts by date_created).
 */
import { Dec, grossOf, money, type Money } from '../money.js';
import type { Random } from '../random.js';
import type { NewRow } from '../store.js';
import { INVOICE_PROCESS_STATES, type ContractStatus, type ContractType, type InvoiceProcessState, type InvoiceType } from './enums.js';
import { paidAmount } from './ledger.js';
import {
  createFinconTables,
  type BudgetShiftRecord,
  type ContractRecord,
  type ContractorRecord,
  type ContractUnitRecord,
  type FinconTables,
  type InvoiceRecord,
  type PaymentRecord,
  type ProjectRecord,
} from './records.js';
import {
  BANKS,
  ENTITIES,
  FIRST_NAMES,
  LEGAL_FORMS,
  PAYMENT_COMMENTS,
  PLACES,
  PROJECTS,
  SHIFT_REASONS,
  STREETS,
  SURNAMES,
  TAGS,
  TRADES,
  UNIT_PACKAGES,
  type ProjectFixture,
} from './seed-catalog.js';

const HORIZON = '2026-06-30';
const LAST_RECEIPT = '2026-05-20';
const TAX_RATE = new Dec('0.19');
const INVOICE_COUNT = 300;
/** States of the newest and of the older invoices; their sizes add up to INVOICE_COUNT. */
const RECENT_STATES: readonly [InvoiceProcessState, number][] = [
  ['NEW', 30],
  ['DETAILS_ENTERED', 30],
  ['CHECKED', 30],
  ['APPROVED', 30],
];
const SETTLED_STATES: readonly [InvoiceProcessState, number][] = [
  ['APPROVED', 40],
  ['PAID', 140],
];
const NEW_WITHOUT_CONTRACT = 6;

export function seedFincon(random: Random): FinconTables {
  const tables = createFinconTables();
  const contractors = seedContractors(tables, random.fork('contractors'));
  const entityIds = seedContractingEntities(tables, random.fork('contracting-entities'));
  const projects = seedProjects(tables, entityIds, random.fork('projects'));
  const units = seedContractUnits(tables, projects, random.fork('contract-units'));
  const contracts = seedContracts(tables, units, contractors, random.fork('contracts'));
  const tagRandom = random.fork('tags');
  const tagIds = TAGS.map((tag) => tables.tags.insert({ id: tagRandom.uuid(), ...tag }).id);
  seedInvoices(tables, contracts, tagIds, random.fork('invoices'));
  seedBudgetShifts(tables, projects, units, random.fork('budget-shifts'));
  return tables;
}

// --- master data -----------------------------------------------------------------------------

interface SeededContractor {
  record: ContractorRecord;
  unitName: string;
}

function seedContractors(tables: FinconTables, random: Random): SeededContractor[] {
  return SURNAMES.map((surname, i) => {
    const trade = TRADES[i % TRADES.length] as (typeof TRADES)[number];
    const place = random.pick(PLACES);
    const bank = random.pick(BANKS);
    const name = `${surname} ${trade.company} ${random.pick(LEGAL_FORMS)}`;
    const domain = `${slug(surname)}-${slug(trade.company)}.example`;
    const contact = random.pick(FIRST_NAMES);
    const record = tables.contractors.insert({
      id: random.uuid(),
      name,
      identifier: `K-${10_001 + i}`,
      accounts_payable_number: 70_001 + i,
      address: `${random.pick(STREETS)} ${random.int(1, 120)}`,
      zip_code: place.zip,
      city: place.city,
      country: 'DE',
      iban: germanIban(bank.code, digits(random, 10)),
      bic: bank.bic,
      vat_id: `DE${digits(random, 9)}`,
      tax_id: `${digits(random, 2)}/${digits(random, 3)}/${digits(random, 5)}`,
      tax_authority: place.authority,
      tax_waiver: random.chance(0.5)
        ? {
            security_number: `S${digits(random, 8)}`,
            filename: `Freistellungsbescheinigung_${slug(surname)}.pdf`,
            valid_until: `${random.pick(['2026', '2027'])}-12-31`,
          }
        : null,
      contact_person_name: `${contact} ${surname}`,
      contact_person_email: `${slug(contact)}.${slug(surname)}@${domain}`,
      contact_person_phone_number: `+49 ${place.phone} ${digits(random, 6)}`,
    });
    return { record, unitName: trade.unit };
  });
}

function seedContractingEntities(tables: FinconTables, random: Random): string[] {
  return ENTITIES.map((entity) => {
    const domain = `${slug(entity.name.split(' ')[0] as string)}-bau.example`;
    return tables.contractingEntities.insert({
      id: random.uuid(),
      name: entity.name,
      address: entity.address,
      zip_code: entity.place.zip,
      city: entity.place.city,
      tax_id: `${digits(random, 2)}/${digits(random, 3)}/${digits(random, 5)}`,
      tax_authority: entity.place.authority,
      vat_id: `DE${digits(random, 9)}`,
      managing_directors: entity.managing_directors,
      commercial_register_type: 'HRB',
      commercial_register_number: `HRB ${random.int(10_000, 99_999)}`,
      register_court: entity.register_court,
      email: `buchhaltung@${domain}`,
      website: `https://www.${domain}`,
    }).id;
  });
}

interface SeededProject {
  record: ProjectRecord;
  fixture: ProjectFixture;
}

function seedProjects(tables: FinconTables, entityIds: readonly string[], random: Random): SeededProject[] {
  return PROJECTS.map((fixture, i) => {
    const property = tables.properties.insert({
      id: random.uuid(),
      ...fixture.property,
      country: 'DE',
      date_created: timestamp(addDays('2023-01-09', i * 3), random),
    });
    const gfa = new Dec(fixture.gross_floor_area);
    const commercialRatio = { COMMERCIAL_USAGE: '1.00', NON_COMMERCIAL_USAGE: '0.00', MIXED_USAGE: '0.35' }[fixture.project_usage];
    const commercial = gfa.times('0.78').times(commercialRatio).toDecimalPlaces(2);
    const residential = gfa.times('0.78').minus(commercial).toDecimalPlaces(2);
    const record = tables.projects.insert({
      id: random.uuid(),
      name: fixture.name,
      identifier: fixture.identifier,
      description: fixture.description,
      property: property.id,
      default_contracting_entity: entityIds[i % entityIds.length] as string,
      default_tax_rate: '19.00',
      use_cost_elements: fixture.use_cost_elements,
      cost_element_tree_template: fixture.use_cost_elements ? random.uuid() : null,
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
    });
    return { record, fixture };
  });
}

// --- budget structure --------------------------------------------------------------------------

interface SeededUnit {
  record: ContractUnitRecord;
  project: SeededProject;
  /** Planned net volume, also for projects that keep no initial budget on units. */
  volume: Dec;
  packageIndex: number;
}

function seedContractUnits(tables: FinconTables, projects: readonly SeededProject[], random: Random): SeededUnit[] {
  const units: SeededUnit[] = [];
  for (const project of projects) {
    const { fixture, record } = project;
    const add = (name: string, description: string, state: ContractUnitRecord['state'], share: number, packageIndex: number) => {
      const volume = new Dec(fixture.volume).times(share).times(random.int(90, 110)).dividedBy(100_000).round().times(1000);
      const unit = tables.contractUnits.insert({
        id: random.uuid(),
        name,
        description,
        project: record.id,
        state,
        initial_budget: fixture.use_cost_elements ? null : withTax(volume, false),
      });
      units.push({ record: unit, project, volume, packageIndex });
    };
    UNIT_PACKAGES.forEach((pkg, index) => {
      if (pkg.name === 'Rohbau' || random.chance(0.85)) add(pkg.name, pkg.description, 'BUDGETED', pkg.share, index);
    });
    add('Reserve', 'Projektreserve für Unvorhergesehenes', 'CONTINGENCY', 0.05, -1);
    if (fixture.hasFinancing) add('Finanzierung', 'Bauzeitzinsen und Bereitstellungsprovisionen', 'FINANCING', 0.04, -1);
  }
  return units;
}

const STATUS_WEIGHTS: readonly [ContractStatus, number][] = [
  ['DRAFT', 0.1],
  ['ORDERED', 0.4],
  ['PARTIAL_COMPLETED', 0.2],
  ['COMPLETED', 0.3],
];

function seedContracts(
  tables: FinconTables,
  units: readonly SeededUnit[],
  contractors: readonly SeededContractor[],
  random: Random,
): ContractRecord[] {
  const contracts: NewRow<ContractRecord>[] = [];
  let finishedUnitKeptOpen = false;
  for (const unit of units) {
    if (unit.packageIndex < 0) continue;
    const { project } = unit;
    const count = random.chance(0.1) ? 0 : random.int(1, 3);
    const statuses: ContractStatus[] = [];
    for (let lot = 1; lot <= count; lot++) {
      const status = project.fixture.is_active ? weighted(random, STATUS_WEIGHTS) : 'COMPLETED';
      const matching = contractors.filter((contractor) => contractor.unitName === unit.record.name);
      const contractor = random.pick(matching.length > 0 ? matching : contractors).record;
      const reverseCharge = random.chance(0.1);
      const net = unit.volume.dividedBy(count).times(random.int(80, 110)).dividedBy(100).plus(cents(random)).toDecimalPlaces(2);
      const amount = withTax(net, reverseCharge);
      const dateContract = minDate(addDays(project.fixture.start, random.int(20, 420)), '2026-05-01');
      const type: ContractType =
        unit.record.name === 'Planung und Bauleitung' && random.chance(0.3)
          ? 'RECURRING'
          : random.chance(0.08)
            ? 'MULTIPART'
            : 'STANDARD';
      const draft = status === 'DRAFT';
      contracts.push({
        id: random.uuid(),
        name: count > 1 ? `${unit.record.name}, Los ${lot}` : unit.record.name,
        description: draft ? '' : `Vergabe an ${contractor.name}`,
        contract_number: `${project.fixture.identifier}-V${String(contracts.length + 1).padStart(3, '0')}`,
        cost_center: `${project.fixture.identifier.slice(0, 2)}-${(unit.packageIndex + 1) * 100}`,
        contract_unit: unit.record.id,
        contracting_entity: project.record.default_contracting_entity,
        contractor: draft && random.chance(0.5) ? null : contractor.id,
        contract_type: type,
        status,
        amount,
        reserve_amount: random.chance(0.5) ? reserveOf(amount, random) : null,
        booking_account_number: random.chance(0.6) ? 3000 + unit.packageIndex * 10 + random.int(0, 9) : null,
        date_contract: draft ? null : dateContract,
        date_created: timestamp(addDays(dateContract, -random.int(2, 20)), random),
        is_reverse_charge: reverseCharge,
      });
      statuses.push(status);
    }
    const state = unitState(statuses, random);
    const finished = statuses.length > 0 && statuses.every((status) => status === 'COMPLETED');
    // The first finished unit stays open, so there is always one that can be finalized through the API.
    unit.record.state = state === 'FINALIZED' && !finishedUnitKeptOpen ? 'FULLY_AWARDED' : state;
    if (finished) finishedUnitKeptOpen = true;
  }
  return byCreation(contracts).map((contract) => tables.contracts.insert(contract));
}

/** 2.5 % of the contract amount; a few are left unrounded, so some amounts carry more than two decimals. */
function reserveOf(amount: Money, random: Random): Money {
  const places = random.chance(0.15) ? 6 : 2;
  return money(amount.net.times('0.025').toDecimalPlaces(places), amount.tax.times('0.025').toDecimalPlaces(places));
}

/** A unit's state from its contracts: a unit whose contracts are all COMPLETED is often FINALIZED. */
function unitState(statuses: readonly ContractStatus[], random: Random): ContractUnitRecord['state'] {
  if (statuses.length === 0 || statuses.every((status) => status === 'DRAFT')) return 'BUDGETED';
  if (statuses.every((status) => status === 'COMPLETED') && random.chance(0.6)) return 'FINALIZED';
  return 'FULLY_AWARDED';
}

// --- invoices and payments ------------------------------------------------------------------------

interface InvoiceDraft {
  contract: ContractRecord;
  installment: number;
  type: InvoiceType;
  received: string;
  share: Dec;
}

function seedInvoices(tables: FinconTables, contracts: readonly ContractRecord[], tagIds: readonly string[], random: Random): void {
  const drafts = draftInvoices(contracts, random).sort((a, b) => compareText(a.received, b.received));
  const recent = shuffled(expand(RECENT_STATES), random);
  const settled = shuffled(expand(SETTLED_STATES), random);
  const states = [...settled, ...recent];
  let withoutContract = 0;

  const invoices: NewRow<InvoiceRecord>[] = [];
  const payments: NewRow<PaymentRecord>[] = [];
  drafts.forEach((draft, i) => {
    const state = states[i] as InvoiceProcessState;
    const detached = state === 'NEW' && withoutContract < NEW_WITHOUT_CONTRACT;
    if (detached) withoutContract += 1;
    const invoice = invoiceRecord(draft, state, detached, i, tagIds, random);
    invoices.push(invoice);
    payments.push(...seedPayments(invoice, random));
  });
  for (const invoice of byCreation(invoices)) tables.invoices.insert(invoice);
  for (const payment of byCreation(payments)) tables.payments.insert(payment);
}

/** Exactly INVOICE_COUNT invoice drafts over the contracts that are no longer drafts. */
function draftInvoices(contracts: readonly ContractRecord[], random: Random): InvoiceDraft[] {
  const billable = contracts.filter((contract) => contract.status !== 'DRAFT' && contract.date_contract !== null);
  const counts = billable.map((contract) =>
    contract.status === 'COMPLETED' ? random.int(3, 6) : contract.status === 'PARTIAL_COMPLETED' ? random.int(2, 5) : random.int(1, 4),
  );
  for (let i = 0; sum(counts) < INVOICE_COUNT; i++) counts[i % counts.length] = (counts[i % counts.length] as number) + 1;
  while (sum(counts) > INVOICE_COUNT) {
    const largest = counts.indexOf(Math.max(...counts));
    counts[largest] = (counts[largest] as number) - 1;
  }

  return billable.flatMap((contract, c) => {
    const count = counts[c] as number;
    let received = addDays(contract.date_contract as string, random.int(25, 45));
    return Array.from({ length: count }, (_, index): InvoiceDraft => {
      const installment = index + 1;
      const last = installment === count;
      const type: InvoiceType =
        contract.contract_type === 'RECURRING'
          ? 'RECURRING'
          : count === 1
            ? 'SINGLE'
            : last && contract.status === 'COMPLETED'
              ? 'FINAL'
              : last && contract.status === 'PARTIAL_COMPLETED'
                ? 'PARTIAL_FINAL'
                : installment === 1 && random.chance(0.1)
                  ? 'ADVANCE'
                  : 'INSTALLMENT';
      const draft = {
        contract,
        installment,
        type,
        // Contracts billed until the end of the timeline get their last invoices spread over spring 2026.
        received: minDate(received, addDays(LAST_RECEIPT, -random.int(0, 40))),
        share: new Dec(random.int(70, 120)).dividedBy(100 * count),
      };
      received = addDays(received, random.int(28, 55));
      return draft;
    });
  });
}

function invoiceRecord(
  draft: InvoiceDraft,
  state: InvoiceProcessState,
  detached: boolean,
  index: number,
  tagIds: readonly string[],
  random: Random,
): NewRow<InvoiceRecord> {
  const { contract } = draft;
  const reverseCharge = contract.is_reverse_charge;
  const stage = INVOICE_PROCESS_STATES.indexOf(state);
  const unaudited = withTax((contract.amount as Money).net.times(draft.share).toDecimalPlaces(2), reverseCharge);
  const audited = withTax(random.chance(0.4) ? unaudited.net.times(random.int(920, 995)).dividedBy(1000).toDecimalPlaces(2) : unaudited.net, reverseCharge);
  const discountRate = random.chance(0.4) ? new Dec(random.pick(['0.02', '0.03'])) : new Dec(0);
  const cashDiscount = money(audited.net.times(discountRate).toDecimalPlaces(2), audited.tax.times(discountRate).toDecimalPlaces(2));
  const approved = stage >= 3;
  const year = draft.received.slice(0, 4);
  return {
    id: random.uuid(),
    contract: detached ? null : contract.id,
    invoice_process_state: state,
    invoice_type: stage >= 1 ? draft.type : null,
    external_identifier: stage >= 1 ? `RE-${year}-${digits(random, 5)}` : null,
    internal_identifier: stage >= 1 ? `ER-${String(index + 1).padStart(5, '0')}` : null,
    installment_number: stage >= 1 && draft.type === 'INSTALLMENT' ? draft.installment : null,
    is_reverse_charge: reverseCharge,
    date_created: timestamp(draft.received, random),
    date_received: draft.received,
    date_posted: stage >= 1 ? addDays(draft.received, random.int(0, 3)) : null,
    date_due: stage >= 1 ? addDays(draft.received, 30) : null,
    date_discount: approved && !discountRate.isZero() ? addDays(draft.received, 14) : null,
    date_approved: approved ? timestamp(addDays(draft.received, random.int(8, 20)), random) : null,
    unaudited_amount: stage >= 1 ? unaudited : null,
    audited_amount: stage >= 2 ? audited : null,
    undiscounted_approved_amount: approved ? audited : null,
    cash_discount: approved ? cashDiscount : null,
    discounted_approved_amount: approved ? money(audited.net.minus(cashDiscount.net), audited.tax.minus(cashDiscount.tax)) : null,
    tags: random.chance(0.35) ? [...new Set([random.pick(tagIds), random.pick(tagIds)])] : [],
  };
}

/** PAID invoices are settled in 1-3 payments; some APPROVED ones carry one partial payment. */
function seedPayments(invoice: NewRow<InvoiceRecord>, random: Random): NewRow<PaymentRecord>[] {
  const state = invoice.invoice_process_state;
  const approvedGross = invoice.discounted_approved_amount && grossOf(invoice.discounted_approved_amount);
  if (!approvedGross || !invoice.date_approved || (state === 'APPROVED' && !random.chance(0.35))) return [];
  const grosses: Dec[] = [];
  if (state === 'APPROVED') {
    grosses.push(approvedGross.times(random.int(30, 70)).dividedBy(100).toDecimalPlaces(2));
  } else {
    const parts = weighted(random, [
      [1, 0.7],
      [2, 0.2],
      [3, 0.1],
    ] as const);
    let left = approvedGross;
    for (let part = 1; part < parts; part++) {
      const gross = approvedGross.times(random.int(25, 45)).dividedBy(100).toDecimalPlaces(2);
      grosses.push(gross);
      left = left.minus(gross);
    }
    grosses.push(left);
  }
  let paymentDate = addDays(invoice.date_approved.slice(0, 10), random.int(3, 14));
  return grosses.map((gross) => {
    const payment: NewRow<PaymentRecord> = {
      id: random.uuid(),
      invoice: invoice.id,
      payment_date: paymentDate,
      gross,
      paid_amount: paidAmount({ ...invoice, seq: 0 }, gross),
      payment_comment: random.chance(0.85) ? random.pick(PAYMENT_COMMENTS) : null,
      date_created: timestamp(paymentDate, random),
    };
    paymentDate = addDays(paymentDate, random.int(10, 30));
    return payment;
  });
}

// --- budget shifts -------------------------------------------------------------------------------

const SHIFT_PATTERN = ['SHIFT', 'SHIFT', 'INCREASE', 'DECREASE', 'SHIFT'] as const;

function seedBudgetShifts(tables: FinconTables, projects: readonly SeededProject[], units: readonly SeededUnit[], random: Random): void {
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
        amount: withTax(net, false),
        date_created: timestamp(minDate(day, HORIZON), random),
      });
      day = addDays(day, random.int(30, 150));
    }
  }
  for (const shift of byCreation(shifts)) tables.budgetShifts.insert(shift);
}

// --- helpers ---------------------------------------------------------------------------------

/** A random amount below one euro, 0.00 to 0.99. */
function cents(random: Random): Dec {
  return new Dec(random.int(0, 99)).dividedBy(100);
}

function withTax(net: Dec, reverseCharge: boolean): Money {
  return money(net, reverseCharge ? 0 : net.times(TAX_RATE).toDecimalPlaces(2));
}

const DAY_MS = 86_400_000;
const formattedDays = new Map<number, string>();

/** Whole-day arithmetic on YYYY-MM-DD dates (formatting is cached: the seed formats the same days often). */
function addDays(date: string, days: number): string {
  const day = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS + days;
  let formatted = formattedDays.get(day);
  if (formatted === undefined) {
    formatted = new Date(day * DAY_MS).toISOString().slice(0, 10);
    formattedDays.set(day, formatted);
  }
  return formatted;
}

/** Code-unit order, which is chronological for ISO dates (and far cheaper than localeCompare). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

/** A UTC timestamp during working hours of `date`, formatted like Date.toISOString. */
function timestamp(date: string, random: Random): string {
  const seconds = random.int(6 * 3600, 19 * 3600);
  const ms = random.int(0, 999);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${date}T${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(ms, 3)}Z`;
}

function byCreation<T extends { date_created: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => compareText(a.date_created, b.date_created));
}

function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  let roll = random.next();
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
}

function expand<T>(counts: readonly (readonly [T, number])[]): T[] {
  return counts.flatMap(([value, count]) => Array.from({ length: count }, () => value));
}

function shuffled<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function digits(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.int(0, 9)).join('');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** German IBAN with ISO 13616 check digits. */
function germanIban(bankCode: string, account: string): string {
  const bban = bankCode + account;
  const numeric = `${bban}131400`; // "DE00" moved to the end, letters as numbers (D=13, E=14)
  const remainder = Number(BigInt(numeric) % 97n);
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}
