/**
 * The fault campaign of test/e2e/campaign-*.test.ts: exactly once under faults, with clients as
 * they really behave. More than a thousand confirmed payments against a sandbox that drops
 * answers after storing writes, refuses requests with 503 and 429 (Retry-After 1 s) and answers
 * late, with --timeout-ms 800. Two clients work on each invoice at once; a third of the confirms
 * come from a client that gives up after 30-120 ms and sends the same request again; after an
 * error every client sends exactly what it sent again. It runs with the memory store on one
 * instance and with Redis shared by two. At the end the API (counted over REST, not through our
 * server) holds every payment reported committed exactly once and nothing else, no outcome was
 * unknown, and at most 5% of previews failed.
 */
import { expect } from 'vitest';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { createRandom } from '../../src/sandbox/random.js';
import { connectHttp, textOf, type Item, type ToolResult } from './harness.js';
import { bookedPayments, impatientToolCall, paymentArgs, unpaidApprovedInvoices } from './payments.js';

const INVOICES = 8;
const CLIENTS_PER_INVOICE = 2;
const PAYMENTS_EACH = 63;
/** The sandbox's faults; each campaign picks its own seed. */
export const FAULTS = 'drop-after-commit=0.1,status-503=0.05,status-429=0.02,latency-ms=0-5,seed=7';
const TOOL = 'register_invoice_payment';

interface Answer {
  status?: string;
  replayed?: boolean;
  reason?: string;
  confirmation?: string;
}

interface Tally {
  committed: string[];
  /** Intended payments that ended without a commit. */
  abandoned: string[];
  unknown: string[];
  previews: number;
  failedPreviews: number;
  /** Committed although the API's answer was lost (found by reading back). */
  foundAfterLoss: number;
  /** Answered from the record of a confirmation already used (a duplicate, or a request sent again). */
  replayed: number;
  /** Refused because another client's payment changed the invoice, with a fresh preview confirmed instead. */
  stateChanged: number;
  calls: number;
}

/**
 * One intended payment, pursued as a person with a model would: preview, confirm what it shows,
 * confirm a fresh preview where one is offered, and after any other error send exactly the same
 * request again.
 */
async function pay(
  send: (args: Record<string, unknown>, confirming: boolean) => Promise<ToolResult>,
  args: Record<string, unknown>,
  tally: Tally,
): Promise<void> {
  const comment = String(args.payment_comment);
  let confirmation: string | undefined;
  for (let call = 0; call < 60; call += 1) {
    tally.calls += 1;
    const result = await send(confirmation ? { ...args, confirmation } : args, confirmation !== undefined);
    const answer = (result.structuredContent ?? {}) as Answer;
    if (!confirmation) {
      tally.previews += 1;
      if (result.isError) tally.failedPreviews += 1;
    }
    if (answer.replayed) tally.replayed += 1;
    if (answer.status === 'unknown') tally.unknown.push(comment);
    if (answer.status === 'committed') {
      if (/Committed: the answer (from the API|to this write) was lost/.test(textOf(result))) tally.foundAfterLoss += 1;
      return void tally.committed.push(comment);
    }
    if (answer.reason === 'state-changed') tally.stateChanged += 1;
    // A fresh preview (after a refusal, or a write that was not made): the person agrees again.
    if (answer.confirmation && (answer.status === 'preview' || answer.status === 'not_committed')) {
      confirmation = answer.confirmation;
    } else if (answer.status === 'not_committed') {
      confirmation = undefined;
    }
    // Any other error: the same request again.
  }
  tally.abandoned.push(comment);
}

/** The invoices to pay, listed through a sandbox that misbehaves: asked again until the list comes. */
async function invoicesToPay(endpoint: string): Promise<Item[]> {
  const client = await connectHttp('modern', endpoint);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await unpaidApprovedInvoices(client, INVOICES, new Set());
      } catch (error) {
        if (attempt === 10) throw error;
      }
    }
  } finally {
    await client.close();
  }
}

export async function campaign(endpoints: readonly string[], sandbox: SandboxHandle): Promise<Tally> {
  const invoices = await invoicesToPay(endpoints[0]!);
  const tally: Tally = {
    committed: [],
    abandoned: [],
    unknown: [],
    previews: 0,
    failedPreviews: 0,
    foundAfterLoss: 0,
    replayed: 0,
    stateChanged: 0,
    calls: 0,
  };
  const workers = invoices.flatMap((invoice, index) =>
    Array.from({ length: CLIENTS_PER_INVOICE }, (_, client) => ({ invoice, name: `i${index}c${client}` })),
  );
  await Promise.all(
    workers.map(async ({ invoice, name }, index) => {
      const endpoint = endpoints[index % endpoints.length]!;
      const client = await connectHttp('modern', endpoint);
      const random = createRandom(index + 1).fork('impatience');
      const send = (args: Record<string, unknown>, confirming: boolean) =>
        confirming && random.next() < 1 / 3
          ? impatientToolCall(endpoint, TOOL, args, random.int(30, 120))
          : client.callTool(TOOL, args);
      try {
        for (let payment = 0; payment < PAYMENTS_EACH; payment += 1) {
          await pay(send, paymentArgs(invoice.id, '1.00', `${name}-p${payment}`), tally);
        }
      } finally {
        await client.close();
      }
    }),
  );
  const booked = (await Promise.all(invoices.map((invoice) => bookedPayments(sandbox, invoice.id)))).flat();
  const comments = booked.map((payment) => payment.attributes.payment_comment);
  console.log(
    `campaign over ${endpoints.length} instance(s): ${tally.committed.length} committed (${tally.foundAfterLoss} after a lost answer), ` +
      `${tally.replayed} answers replayed, ${tally.stateChanged} refused for a changed state, ${tally.abandoned.length} abandoned, ` +
      `${tally.unknown.length} unknown, ${tally.failedPreviews} of ${tally.previews} previews failed, ${tally.calls} calls`,
  );
  // Every payment reported committed is there exactly once, and nothing else is.
  expect(comments.length).toBe(new Set(comments).size);
  expect([...comments].sort()).toEqual([...tally.committed].sort());
  expect(tally.unknown).toEqual([]);
  expect(tally.abandoned).toEqual([]);
  expect(tally.committed.length).toBeGreaterThanOrEqual(1_000);
  expect(tally.failedPreviews / tally.previews).toBeLessThanOrEqual(0.05);
  // The faults did happen: answers were lost after writes, and requests were sent again.
  expect(tally.foundAfterLoss).toBeGreaterThan(20);
  expect(tally.replayed).toBeGreaterThan(20);
  return tally;
}

// Every client calls from 127.0.0.1 without a token: one caller, as far as the rate limit knows.
export const CAMPAIGN_SERVER_ARGS = ['--timeout-ms', '800', '--confirm-writes', 'token', '--rate-limit', '1000000'];
