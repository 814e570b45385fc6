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
} from '../support/harness.js';
import {
  answerOf,
  bookedPayments,
  confirmationOf,
  expectOnePayment,
  impatientToolCall,
  paymentArgs,
  paymentPosts,
  slowly,
  unpaidApprovedInvoices,
} from '../support/payments.js';

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

describe('one confirmation sent many times at once', () => {
  it('over HTTP, ten at once: one payment, and every answer names it', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const args = paymentArgs(invoice!.id, '100.00', 'ten at once');
    const confirmation = await confirmationOf(http, args);
    const from = proxy.seen.length;
    const answers = await slowly(proxy, 150, () =>
      Promise.all(Array.from({ length: 10 }, () => http.callTool('register_invoice_payment', { ...args, confirmation }))),
    );
    await expectOnePayment({ sandbox, proxy }, invoice!.id, answers, from);
  });

  it('over stdio, four at once: one payment, and every answer names it', async () => {
    const [invoice] = await unpaidApprovedInvoices(stdio, 1, used);
    const args = paymentArgs(invoice!.id, '40.00', 'four at once');
    const confirmation = await confirmationOf(stdio, args);
    const from = proxy.seen.length;
    const answers = await slowly(proxy, 150, () =>
      Promise.all(Array.from({ length: 4 }, () => stdio.callTool('register_invoice_payment', { ...args, confirmation }))),
    );
    await expectOnePayment({ sandbox, proxy }, invoice!.id, answers, from);
  });

  it('from a client that gives up after 30 ms and sends the same request again: one payment, answered committed', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const args = paymentArgs(invoice!.id, '30.00', 'impatient');
    const confirmation = await confirmationOf(http, args);
    const from = proxy.seen.length;
    const answer = await slowly(proxy, 200, () =>
      impatientToolCall(server.endpoint, 'register_invoice_payment', { ...args, confirmation }, 30),
    );
    // The first request was cut while its payment was on the way; the second heard how it ended.
    expect(answerOf(answer)).toMatchObject({ status: 'committed', replayed: true });
    const booked = await bookedPayments(sandbox, invoice!.id);
    expect(booked).toHaveLength(1);
    expect(answerOf(answer).payment?.id).toBe(booked[0]!.id);
    expect(paymentPosts(proxy, from)).toHaveLength(1);
  });
});

describe('two previews of one state confirmed at once', () => {
  it('commits the first; the second sees the changed state and is refused with a fresh preview', async () => {
    const [invoice] = await unpaidApprovedInvoices(http, 1, used);
    const first = paymentArgs(invoice!.id, '10.00', 'first of two');
    const second = paymentArgs(invoice!.id, '20.00', 'second of two');
    const confirmations = await Promise.all([confirmationOf(http, first), confirmationOf(http, second)]);
    const from = proxy.seen.length;
    const answers = await slowly(proxy, 100, () =>
      Promise.all([
        http.callTool('register_invoice_payment', { ...first, confirmation: confirmations[0] }),
        http.callTool('register_invoice_payment', { ...second, confirmation: confirmations[1] }),
      ]),
    );
    const booked = await bookedPayments(sandbox, invoice!.id);
    expect(booked).toHaveLength(1);
    expect(paymentPosts(proxy, from)).toHaveLength(1);
    const committed = answers.filter((answer) => answerOf(answer).status === 'committed');
    const refused = answers.filter((answer) => answer.isError);
    expect(committed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(textOf(refused[0]!)).toMatch(/^REFUSED: the state changed since the preview/);
    expect(answerOf(refused[0]!)).toMatchObject({ status: 'preview', reason: 'state-changed' });
    // The fresh preview shows the payment made meanwhile and can be confirmed.
    const fresh = answerOf(refused[0]!).confirmation!;
    const again = refused[0] === answers[0] ? first : second;
    const later = await http.callTool('register_invoice_payment', { ...again, confirmation: fresh });
    expect(answerOf(later).status, textOf(later)).toBe('committed');
    expect(await bookedPayments(sandbox, invoice!.id)).toHaveLength(2);
  });
});
