import type { FileStore } from '../files/file-store.js';
import { Dec, grossOf, money, type Money } from '../money.js';
import type { Random } from '../random.js';
import type { NewRow } from '../table.js';
import { coversheetFor } from './coversheet.js';
import { INVOICE_PROCESS_STATES, type InvoiceProcessState, type InvoiceType } from './enums.js';
import { paidAmount } from './ledger.js';
import type { ContractRecord, CoreTables, InvoiceRecord, PaymentRecord, TagRecord } from './records.js';
import { PAYMENT_COMMENTS } from './seed-catalog.js';
import { seedDocument } from './seed-documents.js';
import {
  addDays,
  byCreation,
  compareText,
  digits,
  expand,
  minDate,
  shuffled,
  sum,
  timestamp,
  weighted,
  withTax,
} from './seed-kit.js';

/*
 * Invoices over the awarded contracts, with payments, documents and tags. States go by age: the
 * oldest invoices are settled (APPROVED or PAID), the newest spread over the workflow.
 */

/** The invoice tags; their ids in the order of `fixtures`. */
export function seedTags(tables: CoreTables, random: Random, fixtures: readonly Omit<NewRow<TagRecord>, 'id'>[]): string[] {
  return fixtures.map((tag) => tables.tags.insert({ id: random.uuid(), ...tag }).id);
}

interface InvoicePlan {
  /** States of the older invoices, then of the newest ones; the counts add up to all invoices. */
  settled: readonly (readonly [InvoiceProcessState, number])[];
  recent: readonly (readonly [InvoiceProcessState, number])[];
  /** That many NEW invoices are not linked to a contract yet. */
  withoutContract: number;
  /** No invoice is received after this day. */
  lastReceipt: string;
  /** The project (FinCon) or asset (CAPEX) of a contract. */
  scopeOf(contract: ContractRecord): string;
  /** Scopes whose workflow has two complete-details steps. */
  twoStepScopes: ReadonlySet<string>;
  /** That many NEW invoices of those scopes are in the second step. */
  inSecondStep: number;
  /** That many PAID invoices (one payment each) were added through add-paid-invoice. */
  addedAsPaid: number;
  /** Whether invoices get their documents (PDFs); by default they do. */
  documents?: boolean;
  /** How many payments settle a PAID invoice, with their weights; by default mostly one. */
  paidIn?: readonly (readonly [number, number])[];
  /**
   * The newest APPROVED invoices with a cash discount keep it running: that many get a discount
   * date a few days after `from` (the day the sandbox starts), the older ones have lapsed.
   */
  runningDiscounts?: { count: number; from: string };
}

const PAID_IN: readonly (readonly [number, number])[] = [
  [1, 0.7],
  [2, 0.2],
  [3, 0.1],
];

interface InvoiceDraft {
  contract: ContractRecord;
  installment: number;
  type: InvoiceType;
  received: string;
  share: Dec;
}

export function seedInvoices(
  tables: CoreTables,
  files: FileStore,
  contracts: readonly ContractRecord[],
  tagIds: readonly string[],
  random: Random,
  plan: InvoicePlan,
): void {
  const total = sum([...plan.settled, ...plan.recent].map(([, count]) => count));
  const drafts = draftInvoices(contracts, total, plan.lastReceipt, random).sort((a, b) => compareText(a.received, b.received));
  const states = [...shuffled(expand(plan.settled), random), ...shuffled(expand(plan.recent), random)];
  let withoutContract = 0;

  const invoices: NewRow<InvoiceRecord>[] = [];
  const payments: NewRow<PaymentRecord>[] = [];
  drafts.forEach((draft, i) => {
    const state = states[i] as InvoiceProcessState;
    const detached = state === 'NEW' && withoutContract < plan.withoutContract;
    if (detached) withoutContract += 1;
    const invoice = invoiceRecord(draft, state, detached, i, tagIds, random, plan.scopeOf(draft.contract));
    invoices.push(invoice);
    payments.push(...seedPayments(invoice, random, plan.paidIn ?? PAID_IN));
  });
  placeInWorkflowSteps(invoices, plan);
  markAddedAsPaid(invoices, payments, plan.addedAsPaid);
  if (plan.runningDiscounts) keepDiscountsRunning(invoices, plan.runningDiscounts);

  for (const invoice of byCreation(invoices)) {
    tables.invoices.insert(invoice);
    if (plan.documents ?? true) seedInvoiceDocuments(tables, files, invoice, random);
  }
  for (const payment of byCreation(payments)) tables.payments.insert(payment);
}

/** Exactly `total` invoice drafts over the contracts that are no longer drafts. */
function draftInvoices(contracts: readonly ContractRecord[], total: number, lastReceipt: string, random: Random): InvoiceDraft[] {
  const billable = contracts.filter((contract) => contract.status !== 'DRAFT' && contract.date_contract !== null);
  const counts = billable.map((contract) =>
    contract.status === 'COMPLETED'
      ? random.int(3, 6)
      : contract.status === 'PARTIAL_COMPLETED'
        ? random.int(2, 5)
        : random.int(1, 4),
  );
  for (let i = 0; sum(counts) < total; i++) counts[i % counts.length] = (counts[i % counts.length] as number) + 1;
  while (sum(counts) > total) {
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
        // Contracts billed until the end of the timeline get their last invoices spread over the last weeks.
        received: minDate(received, addDays(lastReceipt, -random.int(0, 40))),
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
  scope: string,
): NewRow<InvoiceRecord> {
  const { contract } = draft;
  const reverseCharge = contract.is_reverse_charge;
  const stage = INVOICE_PROCESS_STATES.indexOf(state);
  const unaudited = withTax((contract.amount as Money).net.times(draft.share).toDecimalPlaces(2), reverseCharge);
  const audited = withTax(
    random.chance(0.4) ? unaudited.net.times(random.int(920, 995)).dividedBy(1000).toDecimalPlaces(2) : unaudited.net,
    reverseCharge,
  );
  const discountRate = random.chance(0.4) ? new Dec(random.pick(['0.02', '0.03'])) : new Dec(0);
  const cashDiscount = money(
    audited.net.times(discountRate).toDecimalPlaces(2),
    audited.tax.times(discountRate).toDecimalPlaces(2),
  );
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
    scope,
    origin: 'WORKFLOW',
    details_step: null,
  };
}

/** PAID invoices are settled in 1-3 payments; some APPROVED ones carry one partial payment. */
function seedPayments(
  invoice: NewRow<InvoiceRecord>,
  random: Random,
  paidIn: readonly (readonly [number, number])[],
): NewRow<PaymentRecord>[] {
  const state = invoice.invoice_process_state;
  const approvedGross = invoice.discounted_approved_amount && grossOf(invoice.discounted_approved_amount);
  if (!approvedGross || !invoice.date_approved || (state === 'APPROVED' && !random.chance(0.35))) return [];
  const grosses: Dec[] = [];
  if (state === 'APPROVED') {
    grosses.push(approvedGross.times(random.int(30, 70)).dividedBy(100).toDecimalPlaces(2));
  } else {
    const parts = weighted(random, paidIn);
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
      paid_amount: paidAmount(invoice, gross),
      payment_comment: random.chance(0.85) ? random.pick(PAYMENT_COMMENTS) : null,
      date_created: timestamp(paymentDate, random),
    };
    paymentDate = addDays(paymentDate, random.int(10, 30));
    return payment;
  });
}

/** Invoices come newest last: the last approved ones with a discount get discount dates after `from`, a few days apart. */
function keepDiscountsRunning(invoices: readonly NewRow<InvoiceRecord>[], running: { count: number; from: string }): void {
  const discounted = invoices.filter((invoice) => invoice.invoice_process_state === 'APPROVED' && invoice.date_discount !== null);
  discounted.slice(-running.count).forEach((invoice, index) => {
    invoice.date_discount = addDays(running.from, 3 + 4 * index);
  });
}

/** NEW invoices of two-step workflows: the first `inSecondStep` are in step 2, the others in step 1. */
function placeInWorkflowSteps(invoices: NewRow<InvoiceRecord>[], plan: InvoicePlan): void {
  let second = 0;
  for (const invoice of invoices) {
    if (invoice.invoice_process_state !== 'NEW' || !plan.twoStepScopes.has(invoice.scope)) continue;
    invoice.details_step = second < plan.inSecondStep ? 2 : 1;
    if (invoice.details_step === 2) second += 1;
  }
}

/** The first PAID invoices with a single payment become invoices added as paid: type SINGLE, no workflow. */
function markAddedAsPaid(invoices: NewRow<InvoiceRecord>[], payments: readonly NewRow<PaymentRecord>[], count: number): void {
  const paymentCount = new Map<string, number>();
  for (const payment of payments) paymentCount.set(payment.invoice, (paymentCount.get(payment.invoice) ?? 0) + 1);
  let marked = 0;
  for (const invoice of invoices) {
    if (marked >= count) break;
    if (invoice.invoice_process_state !== 'PAID' || paymentCount.get(invoice.id) !== 1) continue;
    invoice.origin = 'PAID_INVOICE';
    invoice.invoice_type = 'SINGLE';
    invoice.installment_number = null;
    marked += 1;
  }
}

/**
 * The invoice PDF of every workflow invoice (with the reviewers' annotated copy once it is CHECKED),
 * some valuations; invoices added as paid carry only their generated coversheet.
 */
function seedInvoiceDocuments(tables: CoreTables, files: FileStore, invoice: NewRow<InvoiceRecord>, random: Random): void {
  if (invoice.origin === 'PAID_INVOICE') {
    const file = coversheetFor(files, invoice, invoice.contract === null ? undefined : tables.contracts.get(invoice.contract));
    tables.invoiceDocuments.insert({
      id: random.uuid(),
      parent: invoice.id,
      document_type: 'COVERSHEET',
      filename: file.filename,
      uploaded_at: invoice.date_created,
      file,
      annotated: null,
    });
    return;
  }
  const number = invoice.external_identifier ?? `Eingang-${invoice.date_received}`;
  const lines = [
    `Rechnung ${number}`,
    `Eingang: ${invoice.date_received}`,
    `Rechnungsart: ${invoice.invoice_type ?? 'noch nicht erfasst'}`,
  ];
  const checked = INVOICE_PROCESS_STATES.indexOf(invoice.invoice_process_state) >= INVOICE_PROCESS_STATES.indexOf('CHECKED');
  seedDocument(tables.invoiceDocuments, files, random, {
    parent: invoice.id,
    document_type: 'INVOICE',
    uploaded_at: invoice.date_created,
    content: { filename: `Rechnung_${number}.pdf`, title: 'Rechnung', lines },
    ...(checked && { annotated: ['Sachlich und rechnerisch richtig', 'Skonto beachten'] }),
  });
  if (checked && random.chance(0.3)) {
    seedDocument(tables.invoiceDocuments, files, random, {
      parent: invoice.id,
      document_type: 'VALUATIONS',
      uploaded_at: invoice.date_created,
      content: { filename: `Aufmass_${number}.pdf`, title: 'Aufmaß', lines },
    });
  }
}
