/**
 * Exactly once when calls overlap, on one instance (the memory state store): one confirmation
 * sent many times at once over HTTP and over stdio, a client that gives up and sends the same
 * request again while the first is in flight, and two previews of one state confirmed at once.
 * The API is slowed down so the calls really are in flight together; payments are counted at the
 * API over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import {
  againstApi,
  connectHttp,
  connectStdio,
  startHttpServer,
  textOf,
  type HttpServer,
  type TestClient,
  type ToolResult,
} from '../support/harness.js';
import { bookedPayments, impatientToolCall, paymentArgs, unpaidApprovedInvoices } from '../support/payments.js';

interface Answer {
  status?: string;
  replayed?: boolean;
  reason?: string;
  confirmation?: string;
  payment?: { id: string };
}

const structured = (result: ToolResult) => (result.structuredContent ?? {}) as Answer;

let sandbox: SandboxHandle;
let proxy: FaultProxy;
let server: HttpServer;
let http: TestClient;
let stdio: TestClient;
const used = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.origin);
  const api = againstApi(`${proxy.origin}/fincon/v1`);
  server = await startHttpServer(api);
  http = await connectHttp('modern', server.endpoint);
  stdio = await connectStdio('modern', api);
}, 60_000);

afterAll(async () => {
  await Promise.all([http?.close(), stdio?.close()]);
  await server?.stop();
  await proxy?.close();
  await sandbox?.close();
});

const paymentPosts = (from: number) =>
  proxy.seen.slice(from).filter((request) => request.method === 'POST' && request.path.includes('/register-payment/'));

/** Runs `work` with every API request held for `ms` first, so calls overlap in flight. */
async function slowly<T>(ms: number, work: () => Promise<T>): Promise<T> {
  proxy.delayMs = ms;
  try {
    return await work();
  } finally {
    proxy.delayMs = 0;
  }
}

/** A preview's confirmation; fails with the preview's text when there is none. */
async function previewOf(client: TestClient, args: Record<string, unknown>): Promise<string> {
  const preview = await client.callTool('register_invoice_payment', args);
  const { confirmation } = structured(preview);
  expect(confirmation, textOf(preview)).toEqual(expect.any(String));
  return confirmation!;
}

/** All answers committed, all naming the one payment the API holds, the first the only one not replayed. */
async function expectOnePayment(invoiceId: string, answers: ToolResult[], from: number): Promise<void> {
  const booked = await bookedPayments(sandbox, invoiceId);
  expect(booked).toHaveLength(1);
  expect(paymentPosts(from)).toHaveLength(1);
  for (const answer of answers) {
    expect(answer.isError, textOf(answer)).toBeFalsy();
    expect(structured(answer)).toMatchObject({ status: 'committed', payment: { id: booked[0]!.id } });
    expect(textOf(answer)).toContain(`payment id ${booked[0]!.id}`);
  }
  expect(answers.filter((answer) => !structured(answer).replayed)).toHaveLength(1);
  for (const replay of answers.filter((answer) => structured(answer).replayed)) {
    expect(textOf(replay)).toMatch(/^ALREADY COMMITTED: .* nothing was sent again\./);
  }
}

describe('one confirmation sent many times at once', () => {
  it('over HTTP, ten at once: one payment, and every answer names it', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const args = paymentArgs(invoice!.id, '100.00', 'ten at once');
    const confirmation = await previewOf(http, args);
    const from = proxy.seen.length;
    const answers = await slowly(150, () =>
      Promise.all(Array.from({ length: 10 }, () => http.callTool('register_invoice_payment', { ...args, confirmation }))),
    );
    await expectOnePayment(invoice!.id, answers, from);
  });

  it('over stdio, four at once: one payment, and every answer names it', async () => {
    const [invoice] = await unpaidApprovedInvoices(stdio, 1, used);
    const args = paymentArgs(invoice!.id, '40.00', 'four at once');
    const confirmation = await previewOf(stdio, args);
    const from = proxy.seen.length;
    const answers = await slowly(150, () =>
      Promise.all(Array.from({ length: 4 }, () => stdio.callTool('register_invoice_payment', { ...args, confirmation }))),
    );
    await expectOnePayment(invoice!.id, answers, from);
  });

  it('from a client that gives up after 30 ms and sends the same request again: one payment, answered committed', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const args = paymentArgs(invoice!.id, '30.00', 'impatient');
    const confirmation = await previewOf(http, args);
    const from = proxy.seen.length;
    const answer = await slowly(200, () =>
      impatientToolCall(server.endpoint, 'register_invoice_payment', { ...args, confirmation }, 30),
    );
    // The first request was cut while its payment was on the way; the second heard how it ended.
    expect(structured(answer)).toMatchObject({ status: 'committed', replayed: true });
    const booked = await bookedPayments(sandbox, invoice!.id);
    expect(booked).toHaveLength(1);
    expect(structured(answer).payment?.id).toBe(booked[0]!.id);
    expect(paymentPosts(from)).toHaveLength(1);
  });
});

describe('two previews of one state confirmed at once', () => {
  it('commits the first; the second sees the changed state and is refused with a fresh preview', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const first = paymentArgs(invoice!.id, '10.00', 'first of two');
    const second = paymentArgs(invoice!.id, '20.00', 'second of two');
    const confirmations = await Promise.all([previewOf(http, first), previewOf(http, second)]);
    const from = proxy.seen.length;
    const answers = await slowly(100, () =>
      Promise.all([
        http.callTool('register_invoice_payment', { ...first, confirmation: confirmations[0] }),
        http.callTool('register_invoice_payment', { ...second, confirmation: confirmations[1] }),
      ]),
    );
    const booked = await bookedPayments(sandbox, invoice!.id);
    expect(booked).toHaveLength(1);
    expect(paymentPosts(from)).toHaveLength(1);
    const committed = answers.filter((answer) => structured(answer).status === 'committed');
    const refused = answers.filter((answer) => answer.isError);
    expect(committed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0]!)).toMatch(/^REFUSED: the state changed since the preview/);
    expect(structured(refused[0]!)).toMatchObject({ status: 'preview', reason: 'state-changed' });
    // The fresh preview shows the payment made meanwhile and can be confirmed.
    const fresh = structured(refused[0]!).confirmation!;
    const again = refused[0] === answers[0] ? first : second;
    const later = await http.callTool('register_invoice_payment', { ...again, confirmation: fresh });
    expect(structured(later).status, textOf(later)).toBe('committed');
    expect(await bookedPayments(sandbox, invoice!.id)).toHaveLength(2);
  });
});
