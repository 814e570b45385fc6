/**
 * What the tests of money writes share: payments as the API holds them (counted over REST at the
 * sandbox, never through our server), unpaid approved invoices to pay, payment arguments, calls
 * made to overlap, the check that overlapping calls booked one payment, and a tools/call of a
 * client that gives up waiting and sends the same request again.
 */
import { expect } from 'vitest';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import type { FaultProxy } from './fault-proxy.js';
import { dataOf, textOf, type Item, type Page, type TestClient, type ToolResult } from './harness.js';
import { postMcp } from './raw-mcp.js';

/** What a guarded write's structured answer says, as far as these tests look. */
export interface PaymentAnswer {
  status?: string;
  replayed?: boolean;
  reason?: string;
  confirmation?: string;
  payment?: { id: string };
  warnings?: Array<{ code: string }>;
}

export const answerOf = (result: ToolResult) => (result.structuredContent ?? {}) as PaymentAnswer;

/** A preview's confirmation; fails with the preview's text when there is none. */
export async function confirmationOf(client: TestClient, args: Record<string, unknown>): Promise<string> {
  const preview = await client.callTool('register_invoice_payment', args);
  const { confirmation } = answerOf(preview);
  expect(confirmation, textOf(preview)).toEqual(expect.any(String));
  return confirmation!;
}

/** The payments sent to the API through `proxy` since its `from`-th request. */
export const paymentPosts = (proxy: FaultProxy, from: number) =>
  proxy.seen.slice(from).filter((seen) => seen.method === 'POST' && seen.path.includes('/register-payment/'));

/** Runs `work` with every API request held `ms` at the proxy first, so calls overlap in flight. */
export async function slowly<T>(proxy: FaultProxy, ms: number, work: () => Promise<T>): Promise<T> {
  proxy.delayMs = ms;
  try {
    return await work();
  } finally {
    proxy.delayMs = 0;
  }
}

/**
 * Overlapping calls of one confirmation booked one payment: the API holds one, one was sent, every
 * answer is that commit and names it, and all but one say they were replayed.
 */
export async function expectOnePayment(
  api: { sandbox: SandboxHandle; proxy: FaultProxy },
  invoiceId: string,
  answers: readonly ToolResult[],
  from: number,
): Promise<void> {
  const booked = await bookedPayments(api.sandbox, invoiceId);
  expect(booked).toHaveLength(1);
  expect(paymentPosts(api.proxy, from)).toHaveLength(1);
  for (const answer of answers) {
    expect(answerOf(answer), textOf(answer)).toMatchObject({ status: 'committed', payment: { id: booked[0]!.id } });
    expect(textOf(answer)).toContain(`payment id ${booked[0]!.id}`);
  }
  expect(answers.filter((answer) => !answerOf(answer).replayed)).toHaveLength(1);
  for (const replay of answers.filter((answer) => answerOf(answer).replayed)) {
    expect(textOf(replay)).toMatch(/^ALREADY COMMITTED: .* nothing was sent again\./);
  }
}

export interface BookedPayment {
  id: string;
  attributes: { payment_comment: string; paid_amount: { net: string; tax: string } };
}

/** One page of payments, asked again while a sandbox with faults refuses or drops it. */
async function paymentsPage(url: string): Promise<{ data: BookedPayment[]; links?: { next?: string | null } }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { headers: { 'x-api-key': 'k', 'x-api-token': 't' } });
      if (response.ok) return (await response.json()) as { data: BookedPayment[]; links?: { next?: string | null } };
      if (response.status !== 429 && response.status !== 503) throw new Error(`${url} answered ${response.status}`);
    } catch (error) {
      if (attempt === 20 || (error as Error).message.includes('answered')) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every payment of an invoice as the API has it, all pages. */
export async function bookedPayments(sandbox: SandboxHandle, invoiceId: string, product: 'fincon' | 'capex' = 'fincon') {
  const booked: BookedPayment[] = [];
  let next: string | null = `${sandbox.baseUrls[product]}/invoices/${invoiceId}/payments/`;
  while (next) {
    const page = await paymentsPage(next);
    booked.push(...page.data);
    next = page.links?.next ?? null;
  }
  return booked;
}

/** Unpaid APPROVED invoices, `count` of them, none of those in `used` (which they are added to). */
export async function unpaidApprovedInvoices(client: TestClient, count: number, used: Set<string>): Promise<Item[]> {
  const page = dataOf<Page>(await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }));
  const invoices = page.items.filter((item) => !used.has(item.id) && !item.payment_amount_gross).slice(0, count);
  if (invoices.length < count) throw new Error(`only ${invoices.length} unpaid APPROVED invoices left, ${count} wanted`);
  for (const invoice of invoices) used.add(invoice.id);
  return invoices;
}

/** The details of an invoice paid outside the workflow (add_paid_invoice), but for its number and contract. */
export const PAID_INVOICE = {
  unaudited_amount: { net: '1000.00', tax: '190.00' },
  audited_amount: { net: '1000.00', tax: '190.00' },
  discounted_approved_amount: { net: '1000.00', tax: '190.00' },
  paid_amount: { net: '1000.00', tax: '190.00' },
  date_received: '2026-10-01',
  date_posted: '2026-10-02',
  date_due: '2026-10-31',
  payment_date: '2026-10-20',
};

export const paymentArgs = (invoiceId: string, gross: string, comment: string) => ({
  invoice_id: invoiceId,
  payment_amount_gross: gross,
  payment_date: '2026-11-20',
  payment_comment: comment,
  is_final_payment: false,
});

/** The result of a stateless tools/call answered as JSON or as an event stream. */
async function resultOf(body: string, contentType: string | undefined): Promise<ToolResult> {
  const json = contentType?.includes('text/event-stream')
    ? body
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { result?: ToolResult; error?: unknown })
        .find((message) => message.result || message.error)
    : (JSON.parse(body) as { result?: ToolResult; error?: unknown });
  if (!json?.result) throw new Error(`no result: ${body.slice(0, 500)}`);
  return json.result;
}

let nextId = 1;

/** One tools/call over stateless HTTP (2025-11-25), given up after `giveUpMs` when set. */
export async function rawToolCall(endpoint: string, name: string, args: Record<string, unknown>, giveUpMs?: number) {
  const signal = giveUpMs === undefined ? undefined : AbortSignal.timeout(giveUpMs);
  const response = await postMcp(
    endpoint,
    { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } },
    {},
    undefined,
    signal,
  );
  const body = await response.body.text();
  return resultOf(body, response.headers['content-type'] as string | undefined);
}

/**
 * A client that gives up after `giveUpMs` (what HTTP clients, proxies and agent frameworks do)
 * and sends the same request again, then waits for its answer.
 */
export async function impatientToolCall(endpoint: string, name: string, args: Record<string, unknown>, giveUpMs: number) {
  try {
    return await rawToolCall(endpoint, name, args, giveUpMs);
  } catch {
    return rawToolCall(endpoint, name, args);
  }
}
