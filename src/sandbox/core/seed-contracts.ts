import type { FileStore } from '../files/file-store.js';
import { Dec, formatAmount, money, type Money } from '../money.js';
import type { Random } from '../random.js';
import type { NewRow } from '../table.js';
import { paymentPeriods } from './contract-terms.js';
import { CALCULATION_REFERENCES, type ChangeOrderState, type ContractStatus, type ContractType } from './enums.js';
import type {
  ChangeOrderRecord,
  ContractRecord,
  ContractRule,
  ContractTerms,
  CoreTables,
  CustomFieldDefinitionRecord,
  CustomFieldValue,
} from './records.js';
import { CHANGE_ORDER_TOPICS, RULE_TEMPLATES, type CustomFieldFixture } from './seed-catalog.js';
import { seedDocument } from './seed-documents.js';
import { addDays, byCreation, cents, HORIZON, minDate, timestamp, weighted, withTax } from './seed-kit.js';
import type { SeededContractor } from './seed-parties.js';

/*
 * Contracts of the budget packages (FinCon contract units, CAPEX measures) with their terms,
 * custom field values, documents and change orders.
 */

/** A budget package contracts are placed in. */
export interface BudgetParent {
  id: string;
  /** Name of the package; contracts are named after it. */
  name: string;
  /** The trade whose contractors get its contracts (see TRADES). */
  trade: string;
  /** Planned net volume. */
  volume: Dec;
  /** Contracts are dated after this day. */
  start: string;
  /** Packages of finished projects hold only COMPLETED contracts. */
  active: boolean;
  numberPrefix: string;
  costCenter: string;
  bookingAccount: number;
  contractingEntity: string;
  /** Planning packages may hold RECURRING contracts. */
  recurring: boolean;
}

const STATUS_WEIGHTS: readonly [ContractStatus, number][] = [
  ['DRAFT', 0.1],
  ['ORDERED', 0.4],
  ['PARTIAL_COMPLETED', 0.2],
  ['COMPLETED', 0.3],
];

/** 1 to 3 contracts per package (some get none), stored oldest first. */
export function seedContracts(
  tables: CoreTables,
  parents: readonly BudgetParent[],
  contractors: readonly SeededContractor[],
  random: Random,
  /** Contracts per parent; by default none to three, at random. */
  lots?: number,
): ContractRecord[] {
  const contracts: NewRow<ContractRecord>[] = [];
  const working = contractors.filter((contractor) => contractor.trade !== null);
  for (const parent of parents) {
    const count = lots ?? (random.chance(0.1) ? 0 : random.int(1, 3));
    const matching = working.filter((contractor) => contractor.trade === parent.trade);
    for (let lot = 1; lot <= count; lot++) {
      const status = parent.active ? weighted(random, STATUS_WEIGHTS) : 'COMPLETED';
      const contractor = random.pick(matching.length > 0 ? matching : working).record;
      const reverseCharge = random.chance(0.1);
      const net = parent.volume.dividedBy(count).times(random.int(80, 110)).dividedBy(100).plus(cents(random)).toDecimalPlaces(2);
      const amount = withTax(net, reverseCharge);
      const dateContract = minDate(addDays(parent.start, random.int(20, 420)), '2026-05-01');
      const type: ContractType =
        parent.recurring && random.chance(0.3) ? 'RECURRING' : random.chance(0.08) ? 'MULTIPART' : 'STANDARD';
      const draft = status === 'DRAFT';
      contracts.push({
        id: random.uuid(),
        name: count > 1 ? `${parent.name}, Los ${lot}` : parent.name,
        description: draft ? '' : `Vergabe an ${contractor.name}`,
        contract_number: `${parent.numberPrefix}-V${String(contracts.length + 1).padStart(3, '0')}`,
        cost_center: parent.costCenter,
        parent: parent.id,
        contracting_entity: parent.contractingEntity,
        contractor: draft && random.chance(0.5) ? null : contractor.id,
        contract_type: type,
        status,
        amount,
        reserve_amount: random.chance(0.5) ? reserveOf(amount, random) : null,
        booking_account_number: random.chance(0.6) ? parent.bookingAccount + random.int(0, 9) : null,
        date_contract: draft ? null : dateContract,
        date_created: timestamp(addDays(dateContract, -random.int(2, 20)), random),
        is_reverse_charge: reverseCharge,
        terms: termsFor(random),
        custom_fields: {},
      });
    }
  }
  return byCreation(contracts).map((contract) => tables.contracts.insert(contract));
}

/** 2.5 % of the contract amount; a few are left unrounded, so some amounts carry more than two decimals. */
function reserveOf(amount: Money, random: Random): Money {
  const places = random.chance(0.15) ? 6 : 2;
  return money(amount.net.times('0.025').toDecimalPlaces(places), amount.tax.times('0.025').toDecimalPlaces(places));
}

const RULE_CHANCES: Record<ContractRule['rule_type'], number> = {
  deduction: 0.4,
  retainage: 0.7,
  cost_allocation: 0.6,
  insurance: 0.3,
  guarantee: 0.5,
};

function termsFor(random: Random): ContractTerms {
  const cashDiscount = random.chance(0.4);
  const rules = RULE_TEMPLATES.filter((template) => random.chance(RULE_CHANCES[template.rule_type])).map(
    (template, i): ContractRule => ({
      input_value_from: template.input,
      order_in_block: i + 1,
      param_values: { percentage: random.pick(template.percentages) },
      rule_identifier: `${template.key}_${i + 1}`,
      rule_template_key: template.key,
      rule_template_title: template.title,
      rule_type: template.rule_type,
    }),
  );
  return {
    calculation_block_order: [...CALCULATION_REFERENCES],
    general_terms: {
      cash_discount_percentage: cashDiscount ? random.pick([2, 3]) : 0,
      deduction_percentage: 0,
      cash_discount_reference: 'approved_amount',
      cash_discount_reference_choices: ['approved_amount', 'payment_amount'],
      deduction_reference: 'approved_amount',
      deduction_reference_choices: ['approved_amount', 'unaudited_amount'],
      periods: paymentPeriods(random.pick([21, 30]), cashDiscount ? 14 : null),
    },
    rules,
  };
}

export function seedDefinitions(
  tables: CoreTables,
  random: Random,
  fixtures: readonly CustomFieldFixture[],
): CustomFieldDefinitionRecord[] {
  return fixtures.map((fixture) =>
    tables.customFieldDefinitions.insert({ id: random.uuid(), ...fixture, options: [...(fixture.options ?? [])] }),
  );
}

/** Values for most fields on most records, drawn to fit each field's type. */
export function customFieldValues(
  definitions: readonly CustomFieldDefinitionRecord[],
  random: Random,
  context: { date: string },
): Record<string, CustomFieldValue> {
  const values: Record<string, CustomFieldValue> = {};
  for (const definition of definitions) {
    if (!random.chance(0.8)) continue;
    switch (definition.field_type) {
      case 'TEXT':
        values[definition.id] = `${definition.name.split(' ')[0]} ${random.int(100, 999)}`;
        break;
      case 'INTEGER':
        values[definition.id] = random.int(1, 60);
        break;
      case 'DECIMAL':
      case 'MONEY':
        values[definition.id] = formatAmount(
          definition.field_type === 'MONEY'
            ? new Dec(random.int(1_000, 500_000)).times(10)
            : new Dec(random.int(400, 25_000)).plus(cents(random)),
        );
        break;
      case 'DATE':
        values[definition.id] = addDays(context.date, random.int(30, 400));
        break;
      case 'SELECT':
        values[definition.id] = random.pick(definition.options);
        break;
      case 'MULTISELECT':
        values[definition.id] = definition.options.filter(() => random.chance(0.5));
        break;
      case 'BOOLEAN':
        values[definition.id] = random.chance(0.5);
        break;
    }
  }
  return values;
}

/** Values of the CONTRACT fields on most contracts, dated from the contract (or the seeds' present). */
export function fillContractFields(
  contracts: readonly ContractRecord[],
  definitions: readonly CustomFieldDefinitionRecord[],
  random: Random,
): void {
  const contractFields = definitions.filter((definition) => definition.object_type === 'CONTRACT');
  for (const contract of contracts) {
    contract.custom_fields = customFieldValues(contractFields, random, { date: contract.date_contract ?? HORIZON });
  }
}

export function seedContractDocuments(
  tables: CoreTables,
  files: FileStore,
  contracts: readonly ContractRecord[],
  random: Random,
): void {
  for (const contract of contracts) {
    if (contract.status === 'DRAFT' || !contract.date_contract) continue;
    const uploaded = timestamp(contract.date_contract, random);
    const lines = [
      `Vertrag ${contract.contract_number}: ${contract.name}`,
      contract.description,
      `Datum: ${contract.date_contract}`,
    ];
    seedDocument(tables.contractDocuments, files, random, {
      parent: contract.id,
      document_type: 'CONTRACT',
      uploaded_at: uploaded,
      content: { filename: `Auftrag_${contract.contract_number}.pdf`, title: 'Auftragsschreiben', lines },
    });
    if (random.chance(0.4)) {
      seedDocument(tables.contractDocuments, files, random, {
        parent: contract.id,
        document_type: 'ATTACHMENT',
        uploaded_at: uploaded,
        content: { filename: `Zahlungsplan_${contract.contract_number}.pdf`, title: 'Zahlungsplan', lines },
      });
    }
  }
}

const CHANGE_ORDER_STATE_WEIGHTS: Record<'open' | 'done', readonly [ChangeOrderState, number][]> = {
  open: [
    ['OPEN', 0.3],
    ['DETAILS_ENTERED', 0.25],
    ['ACKNOWLEDGED', 0.35],
    ['REJECTED', 0.1],
  ],
  done: [
    ['ACKNOWLEDGED', 0.8],
    ['REJECTED', 0.2],
  ],
};

/** 0 to 4 change orders per awarded contract, each with its documents; stored oldest first. */
export function seedChangeOrders(
  tables: CoreTables,
  files: FileStore,
  contracts: readonly ContractRecord[],
  random: Random,
  horizon: string,
): void {
  const orders: NewRow<ChangeOrderRecord>[] = [];
  for (const contract of contracts) {
    if (contract.status === 'DRAFT' || !contract.date_contract || !contract.amount) continue;
    const count = weighted(random, [
      [0, 0.25],
      [1, 0.3],
      [2, 0.25],
      [3, 0.12],
      [4, 0.08],
    ] as const);
    let day = contract.date_contract;
    for (let n = 1; n <= count; n++) {
      day = minDate(addDays(day, random.int(20, 90)), horizon);
      orders.push(changeOrder(contract, n, day, random, contract.status === 'COMPLETED' ? 'done' : 'open'));
    }
  }
  for (const order of byCreation(orders.map((order) => ({ ...order, date_created: order.change_order_date })))) {
    const { date_created: _created, ...fields } = order;
    const stored = tables.changeOrders.insert(fields);
    seedChangeOrderDocuments(tables, files, stored, random);
  }
}

function changeOrder(
  contract: ContractRecord,
  n: number,
  day: string,
  random: Random,
  phase: 'open' | 'done',
): NewRow<ChangeOrderRecord> {
  const state = weighted(random, CHANGE_ORDER_STATE_WEIGHTS[phase]);
  const basis = weighted(random, [
    ['ADDITIONAL_SERVICE', 0.25],
    ['QUANTITY_CHANGE', 0.2],
    ['SERVICE_CHANGE', 0.15],
    ['PRICE_CHANGE', 0.1],
    ['DIRECT_LABOR_WORK', 0.08],
    ['SERVICE_WITHOUT_CONTRACT', 0.06],
    ['PERFORMANCE_PERIOD_EXTENSION', 0.05],
    ['COMPENSATION', 0.04],
    ['SERVICE_OMMISION', 0.04],
    ['OTHER', 0.03],
  ] as const);
  const trigger = weighted(random, [
    ['CONTRACTING_ENTITY_BUILDING_OWNER', 0.3],
    ['PLANNING', 0.25],
    ['USER_TENANT', 0.1],
    ['BUYER', 0.08],
    ['CONSTRUCTION_SUPERVISION', 0.1],
    ['UNFORESEEABLE_EVENTS', 0.1],
    ['THIRD_PARTY_AUTHORITIES', 0.04],
    ['THIRD_PARTY_CONSTRUCTION_SECTIONS', 0.02],
    ['OTHER', 0.01],
  ] as const);
  const reverseCharge = contract.is_reverse_charge;
  const sign = basis === 'SERVICE_OMMISION' ? -1 : 1;
  const claimedNet = (contract.amount as Money).net
    .times(random.int(2, 12))
    .dividedBy(100)
    .times(sign)
    .plus(cents(random))
    .toDecimalPlaces(2);
  const audited =
    state === 'OPEN' ? null : withTax(claimedNet.times(random.int(82, 100)).dividedBy(100).toDecimalPlaces(2), reverseCharge);
  const decidedAt = timestamp(addDays(day, random.int(5, 30)), random);
  return {
    contract: contract.id,
    identifier: `NT-${String(n).padStart(3, '0')}`,
    name: random.pick(CHANGE_ORDER_TOPICS[basis]),
    state,
    basis_of_claim: basis,
    other_basis_of_claim: basis === 'OTHER' ? 'Logistikmehraufwand durch Sperrung der Zufahrt' : '',
    trigger,
    other_trigger: trigger === 'OTHER' ? 'Änderung der Nachbarbebauung' : '',
    change_order_date: day,
    claimed_amount: withTax(claimedNet, reverseCharge),
    audited_amount: audited,
    approved_amount: state === 'ACKNOWLEDGED' ? audited : null,
    acknowledged_at: state === 'ACKNOWLEDGED' ? decidedAt : null,
    declined_at: state === 'REJECTED' ? decidedAt : null,
    weighting_factor: state === 'OPEN' || state === 'DETAILS_ENTERED' ? random.pick([0.25, 0.5, 0.75, 1]) : null,
    id: random.uuid(),
  };
}

/** The offer for every change order; reviewed ones also carry the annotated review, acknowledged ones the order. */
function seedChangeOrderDocuments(tables: CoreTables, files: FileStore, order: ChangeOrderRecord, random: Random): void {
  const lines = [
    `${order.identifier} ${order.name}`,
    `Anspruchsgrundlage: ${order.basis_of_claim}`,
    `Datum: ${order.change_order_date}`,
  ];
  const uploaded = timestamp(order.change_order_date, random);
  const add = (document_type: string, filename: string, title: string, annotated?: readonly string[]) =>
    seedDocument(tables.changeOrderDocuments, files, random, {
      parent: order.id,
      document_type,
      uploaded_at: uploaded,
      content: { filename, title, lines },
      ...(annotated && { annotated }),
    });
  add('CHANGE_ORDER_OFFER', `Nachtragsangebot_${order.identifier}.pdf`, 'Nachtragsangebot');
  if (order.state !== 'OPEN') {
    add('AUDITED_CHANGE_ORDER', `Nachtragspruefung_${order.identifier}.pdf`, 'Nachtragsprüfung', [
      'Mengen geprüft und gekürzt',
      'Einheitspreise gemäß Urkalkulation',
    ]);
  }
  if (order.state === 'ACKNOWLEDGED')
    add('CHANGE_ORDER', `Nachtragsbeauftragung_${order.identifier}.pdf`, 'Nachtragsbeauftragung');
}
