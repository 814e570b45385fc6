/**
 * Exactly once under faults: more than a thousand confirmed payments against a sandbox that cuts
 * writes after storing them, refuses requests with 503 and 429 and answers late, driven like a
 * model that simply repeats a call when it gets an error. At the end the API (counted over REST,
 * not through our server) holds exactly the payments that were reported committed, each once,
 * and no outcome was ever reported as unknown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { againstApi, connectStdio, dataOf, textOf, type Page, type TestClient } from '../support/harness.js';

const WORKERS = 8;
const PAYMENTS_EACH = 130;
const FAULTS = 'drop-after-commit=0.1,status-503=0.05,status-429=0.01,latency-ms=0-3,seed=7';

interface Tally {
  committed: string[];
  refused: string[];
  unknown: string[];
  /** Committed although the API's answer was lost (found by reading back). */
  foundAfterLoss: number;
  /** Not made after a lost answer or a refusal, and confirmed again. */
  notCommitted: number;
  calls: number;
}

let sandbox: SandboxHandle;
let client: TestClient;

beforeAll(async () => {
  sandbox = await startSandbox({ faults: parseFaultSpec(FAULTS) });
  client = await connectStdio('modern', againstApi(sandbox.baseUrls.fincon, ['--confirm-writes', 'token']));
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

type Structured = { status?: string; confirmation?: string } | undefined;

/** One intended payment, pursued like a model would: preview, confirm, and on an error just call again. */
async function pay(invoiceId: string, comment: string, tally: Tally): Promise<void> {
  const args = {
    invoice_id: invoiceId,
    payment_amount_gross: '1.00',
    payment_date: '2026-11-20',
    payment_comment: comment,
    is_final_payment: false,
  };
  let confirmation: string | undefined;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    tally.calls += 1;
    const result = await client.callTool('register_invoice_payment', confirmation ? { ...args, confirmation } : args);
    const answer = result.structuredContent as Structured;
    const text = textOf(result);
    if (/unknown whether it was applied/.test(text)) tally.unknown.push(comment);
    if (answer?.status === 'not_committed') tally.notCommitted += 1;
    if (answer?.status === 'committed') {
      if (/^Committed: the answer from the API was lost/.test(text)) tally.foundAfterLoss += 1;
      return void tally.committed.push(comment);
    }
    if (/^REFUSED: the state changed/.test(text)) return void tally.refused.push(comment);
    // A preview, or a fresh one after a write that was not made: confirm what it shows.
    if ((answer?.status === 'preview' || answer?.status === 'not_committed') && !result.isError) {
      confirmation = answer.confirmation;
    }
    // Any other error: call again, with the same arguments and the same confirmation.
  }
  throw new Error(`${comment}: no outcome after 30 calls`);
}

describe('a campaign of confirmed payments under injected faults', () => {
  it(
    `commits each of ${WORKERS * PAYMENTS_EACH} payments exactly once, or reports it not made`,
    { timeout: 600_000 },
    async () => {
      const approved = dataOf<Page>(
        await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }),
      );
      const invoices = approved.items.filter((invoice) => !invoice.payment_amount_gross).slice(0, WORKERS);
      expect(invoices).toHaveLength(WORKERS);

      const tally: Tally = { committed: [], refused: [], unknown: [], foundAfterLoss: 0, notCommitted: 0, calls: 0 };
      await Promise.all(
        invoices.map(async (invoice, worker) => {
          for (let index = 0; index < PAYMENTS_EACH; index += 1) await pay(invoice.id, `w${worker}-p${index}`, tally);
        }),
      );

      // Counted at the API itself.
      const booked: string[] = [];
      for (const invoice of invoices) {
        let next: string | null = `${sandbox.baseUrls.fincon}/invoices/${invoice.id}/payments/`;
        while (next) {
          const page = (await fetch(next, { headers: { 'x-api-key': 'k', 'x-api-token': 't' } }).then((response) =>
            response.ok ? response.json() : { data: [], links: { next } },
          )) as { data: Array<{ attributes: { payment_comment: string } }>; links?: { next?: string | null } };
          booked.push(...page.data.map((payment) => payment.attributes.payment_comment));
          next = page.links?.next ?? null;
        }
      }
      console.log(
        `campaign: ${tally.committed.length} committed (${tally.foundAfterLoss} after a lost answer), ${tally.notCommitted} not made and confirmed again, ` +
          `${tally.refused.length} refused, ${tally.unknown.length} unknown, ${tally.calls} calls`,
      );
      // The faults did happen: answers were lost after writes, and writes were refused before.
      expect(tally.foundAfterLoss).toBeGreaterThan(50);
      expect(tally.notCommitted).toBeGreaterThan(10);
      expect(tally.unknown).toEqual([]);
      expect(tally.committed.length).toBeGreaterThanOrEqual(1_000);
      expect(booked.length).toBe(new Set(booked).size);
      expect([...booked].sort()).toEqual([...tally.committed].sort());
    },
  );
});
