/**
 * Money moves only with consent, exactly once: the preview/confirmation contract of the tools
 * that move money, each refusal, confirmations across instances, and what happens when the
 * answer to a confirmed write is lost. Payments are counted at the API (the sandbox) over REST.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../src/sandbox/faults.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { PAID_INVOICE } from '../support/payments.js';
import { Decimal } from '../../src/shape/money.js';
import {
  againstApi,
  connect,
  dataOf,
  textOf,
  type Item,
  type Money,
  type Page,
  type TestClient,
  type ToolResult,
} from '../support/harness.js';

interface PreviewAnswer {
  status: string;
  confirmation: string;
  expires_at: string;
  preview: { summary: string[]; changes: Record<string, unknown>; resulting: Record<string, unknown>; warnings: Warning[] };
  warnings: Warning[];
}

interface Warning {
  code: string;
  message: string;
  about?: string;
}

const messages = (warnings: Warning[]) => warnings.map((warning) => warning.message);

const KEY = { PFM_CONFIRMATION_KEY: 'shared-by-every-instance-3c1f' };

let sandbox: SandboxHandle;
let proxy: FaultProxy;
let client: TestClient;
const used = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await startFaultProxy(sandbox.origin);
  // Reading back after a lost answer gives up after 2 s here, not the default 30.
  const api = againstApi(`${proxy.origin}/fincon/v1`, ['--toolsets', 'all', '--money-read-budget-s', '2']);
  client = await connect('stdio', 'modern', { ...api, env: { ...api.env, ...KEY } });
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await sandbox?.close();
});

/** The payments of an invoice as the API has them. */
async function booked(invoiceId: string, api = sandbox): Promise<Array<{ id: string; attributes: { payment_comment: string } }>> {
  const response = await fetch(`${api.baseUrls.fincon}/invoices/${invoiceId}/payments/`, {
    headers: { 'x-api-key': 'k', 'x-api-token': 't' },
  });
  return ((await response.json()) as { data: Array<{ id: string; attributes: { payment_comment: string } }> }).data;
}

async function unpaidApproved(on: TestClient = client): Promise<Item> {
  const page = dataOf<Page>(await on.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }));
  const invoice = page.items.find((item) => !used.has(item.id) && !item.payment_amount_gross);
  if (!invoice) throw new Error('no unpaid APPROVED invoice left');
  used.add(invoice.id);
  return invoice;
}

const payment = (invoiceId: string, gross = '100.00', extra: Record<string, unknown> = {}) => ({
  invoice_id: invoiceId,
  payment_amount_gross: gross,
  payment_date: '2026-11-20',
  payment_comment: `Abschlag ${gross}`,
  is_final_payment: false,
  ...extra,
});

const structured = <T>(result: ToolResult) => result.structuredContent as T;
const posts = (from: number) => proxy.seen.slice(from).filter((request) => request.method === 'POST');

describe('the preview', () => {
  it('changes nothing and says what would happen, with a confirmation to send back once the user agrees', async () => {
    const invoice = await unpaidApproved();
    const from = proxy.seen.length;
    const result = await client.callTool('register_invoice_payment', payment(invoice.id, '1000.00'));
    expect(result.isError).toBeFalsy();
    const answer = structured<PreviewAnswer>(result);
    expect(answer.status).toBe('preview');
    expect(answer.confirmation).toEqual(expect.any(String));
    expect(Date.parse(answer.expires_at) - Date.now()).toBeGreaterThan(590_000);
    expect(answer.preview.summary[0]).toMatch(
      /^Register a partial payment of 1,000\.00 EUR gross on Invoice \S+ \(id [^)]+, now APPROVED\), dated 2026-11-20/,
    );
    expect(answer.preview.resulting).toMatchObject({ invoice_state: 'APPROVED', paid_gross: { amount: '1000' } });
    expect(textOf(result)).toMatch(/^PREVIEW: nothing has been changed yet\./);
    expect(textOf(result)).toContain(
      `Show this preview to the user. Only once they agree, call register_invoice_payment again with the same arguments plus "confirmation": "${answer.confirmation}"`,
    );
    expect(posts(from)).toEqual([]);
    expect(await booked(invoice.id)).toEqual([]);
  });

  it('warns when the payment exceeds the approved amount, and when the invoice has a recent payment of the same amount', async () => {
    const invoice = await unpaidApproved();
    const first = await client.commit('register_invoice_payment', payment(invoice.id, '50.00'));
    const paymentId = structured<{ status: string; payment: { id: string } }>(first).payment.id;
    const again = await client.callTool('register_invoice_payment', payment(invoice.id, '50.00', { payment_date: '2026-11-24' }));
    const answer = structured<PreviewAnswer>(again);
    expect(answer.preview.warnings).toEqual([
      {
        code: 'possible_duplicate',
        about: paymentId,
        message: expect.stringMatching(
          /^Possible duplicate: the invoice already has a payment of the same amount, 50\.00 EUR gross, dated 2026-11-20 \(payment \S+\): is this the same payment again\?$/,
        ),
      },
    ]);
    expect(answer.warnings).toEqual(answer.preview.warnings);
    expect(textOf(again)).toMatch(/\nWarnings:\n- Possible duplicate: /);
    // The rest of the approved amount, on top of the 50.00 already paid.
    const approved = [invoice.discounted_approved_amount, invoice.undiscounted_approved_amount].find(Boolean) as Money;
    const rest = new Decimal(approved.net).plus(approved.tax).toFixed(2);
    const tooMuch = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', payment(invoice.id, rest)));
    expect(tooMuch.preview.warnings[0]).toMatchObject({
      code: 'exceeds_approved',
      message: expect.stringMatching(/^Exceeds the approved amount by 50\.00 EUR/),
    });
  });

  it('refuses one payment larger than the whole invoice, a typing mistake', async () => {
    const invoice = await unpaidApproved();
    const result = await client.callTool('register_invoice_payment', payment(invoice.id, '99999999.00'));
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/A payment of 99,999,999\.00 EUR gross is larger than Invoice .* as a whole/);
  });
});

describe('confirming', () => {
  it('commits once with the same arguments, and answers what was written', async () => {
    const invoice = await unpaidApproved();
    const args = payment(invoice.id, '250.00');
    const preview = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
    const from = proxy.seen.length;
    const result = await client.callTool('register_invoice_payment', { ...args, confirmation: preview.confirmation });
    expect(structured<{ status: string; id: string }>(result)).toMatchObject({ status: 'committed', id: invoice.id });
    expect(textOf(result)).toMatch(/^Committed\.\nPayment registered: 250\.00 EUR gross/);
    expect(posts(from)).toHaveLength(1);
    expect((await booked(invoice.id)).map((row) => row.attributes.payment_comment)).toEqual(['Abschlag 250.00']);
  });

  it('cannot commit twice: sent again, a confirmation answers its commit, replayed, and sends nothing', async () => {
    const invoice = await unpaidApproved();
    const args = payment(invoice.id, '75.00');
    const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
    const first = await client.callTool('register_invoice_payment', { ...args, confirmation });
    const paid = structured<{ status: string; payment: { id: string } }>(first);
    const from = proxy.seen.length;
    const again = await client.callTool('register_invoice_payment', { ...args, confirmation });
    expect(again.isError).toBeFalsy();
    expect(structured<Record<string, unknown>>(again)).toMatchObject({
      status: 'committed',
      replayed: true,
      payment: { id: paid.payment.id },
    });
    expect(textOf(again)).toMatch(
      /^ALREADY COMMITTED: this confirmation was carried out at \S+ \(reference [0-9a-f-]{36}\); nothing was sent again\./,
    );
    expect(textOf(again)).toContain(`payment id ${paid.payment.id}`);
    expect(proxy.seen.slice(from)).toEqual([]);
    expect(await booked(invoice.id)).toHaveLength(1);
  });

  it('refuses a confirmation once anyone booked a payment on the invoice, offering a fresh preview that can be confirmed', async () => {
    const invoice = await unpaidApproved();
    const args = payment(invoice.id, '40.00');
    const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
    // Someone else books a payment meanwhile, straight at the API.
    await fetch(`${sandbox.baseUrls.fincon}/invoices/${invoice.id}/register-payment/`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'x-api-token': 't', 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          attributes: {
            payment_amount_gross: '5.00',
            payment_comment: 'elsewhere',
            payment_date: '2026-11-19',
            is_final_payment: false,
          },
        },
      }),
    });
    const refused = await client.callTool('register_invoice_payment', { ...args, confirmation });
    expect(refused.isError).toBe(true);
    const fresh = structured<PreviewAnswer>(refused);
    expect(fresh.preview.resulting).toMatchObject({ paid_gross: { amount: '45' } });
    const committed = await client.callTool('register_invoice_payment', { ...args, confirmation: fresh.confirmation });
    expect(structured<{ status: string }>(committed).status).toBe('committed');
    expect((await booked(invoice.id)).map((row) => row.attributes.payment_comment).sort()).toEqual([
      'Abschlag 40.00',
      'elsewhere',
    ]);
  });

  it.each<[string, (args: Record<string, unknown>, token: string) => [string, Record<string, unknown>], RegExp]>([
    [
      'other arguments',
      (args, token) => ['register_invoice_payment', { ...args, payment_amount_gross: '41.00', confirmation: token }],
      /The arguments differ/,
    ],
    [
      'an altered confirmation',
      (args, token) => ['register_invoice_payment', { ...args, confirmation: `${token.slice(0, -2)}xx` }],
      /not one this server issued, or it was altered/,
    ],
    [
      'a confirmation of another tool',
      (args, token) => [
        'update_invoice_payment',
        {
          invoice_id: args.invoice_id,
          payment_id: '3f2b6c1e-8a4d-4e7b-9c0a-1d2e3f4a5b6c',
          payment_comment: 'x',
          confirmation: token,
        },
      ],
      /issued for another tool/,
    ],
  ])('refuses %s, sending nothing', async (_case, misuse, message) => {
    const invoice = await unpaidApproved();
    const args = payment(invoice.id, '40.00');
    const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
    const from = proxy.seen.length;
    const [tool, wrong] = misuse(args, confirmation);
    const refused = await client.callTool(tool, wrong);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(message);
    expect(textOf(refused)).toContain('Nothing was sent.');
    expect(posts(from)).toEqual([]);
    expect(proxy.seen.slice(from).filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('refuses an expired confirmation', async () => {
    const short = await connect('stdio', 'modern', { ...againstApi(`${proxy.origin}/fincon/v1`, ['--confirmation-ttl', '1']) });
    try {
      const invoice = await unpaidApproved(short);
      const args = payment(invoice.id, '12.00');
      const { confirmation, expires_at } = structured<PreviewAnswer>(await short.callTool('register_invoice_payment', args));
      expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(1_000);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const refused = await short.callTool('register_invoice_payment', { ...args, confirmation });
      expect(textOf(refused)).toMatch(/The confirmation has expired\. Nothing was sent\./);
      expect(await booked(invoice.id)).toEqual([]);
    } finally {
      await short.close();
    }
  });
});

describe('confirmations across instances', () => {
  it('commit on another instance that shares PFM_CONFIRMATION_KEY, and are refused by one that does not', async () => {
    const api = againstApi(`${proxy.origin}/fincon/v1`);
    const sharing = await connect('stdio', 'legacy', { ...api, env: { ...api.env, ...KEY } });
    const stranger = await connect('stdio', 'legacy', api);
    try {
      const invoice = await unpaidApproved();
      const args = payment(invoice.id, '33.00');
      const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
      expect(textOf(await stranger.callTool('register_invoice_payment', { ...args, confirmation }))).toMatch(
        /not one this server issued/,
      );
      const committed = await sharing.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<{ status: string }>(committed).status).toBe('committed');
      expect(await booked(invoice.id)).toHaveLength(1);
    } finally {
      await Promise.all([sharing.close(), stranger.close()]);
    }
  });
});

describe('a lost answer', () => {
  it('reads back a write that was made and answers committed, once', async () => {
    const dropping = await startSandbox({ faults: parseFaultSpec('drop-after-commit=1') });
    const lossy = await connect('stdio', 'modern', againstApi(dropping.baseUrls.fincon));
    try {
      const invoice = await unpaidApproved(lossy);
      const result = await lossy.commit('register_invoice_payment', payment(invoice.id, '60.00'));
      expect(result.isError).toBeFalsy();
      expect(structured<{ status: string; id: string }>(result)).toMatchObject({ status: 'committed' });
      expect(textOf(result)).toMatch(
        /^Committed: the answer from the API was lost, but reading it back shows the write was made, once\./,
      );
      expect(await booked(invoice.id, dropping)).toHaveLength(1);
    } finally {
      await lossy.close();
      await dropping.close();
    }
  });

  it('reads back a write that was not made and offers a fresh confirmation', async () => {
    const invoice = await unpaidApproved();
    const args = payment(invoice.id, '61.00');
    const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
    let left = 1;
    proxy.failWith = { status: 503 };
    proxy.fails = (method) => method === 'POST' && left-- > 0;
    const lost = await client.callTool('register_invoice_payment', { ...args, confirmation });
    proxy.fails = () => false;
    expect(lost.isError).toBeFalsy();
    const answer = structured<PreviewAnswer>(lost);
    expect(answer.status).toBe('not_committed');
    expect(textOf(lost)).toMatch(/^NOT COMMITTED: .*It is safe to confirm again/s);
    expect(await booked(invoice.id)).toEqual([]);
    const committed = await client.callTool('register_invoice_payment', { ...args, confirmation: answer.confirmation });
    expect(structured<{ status: string }>(committed).status).toBe('committed');
    expect(await booked(invoice.id)).toHaveLength(1);
  });

  it('says exactly what to read when reading back fails too, and how it ended once asked again', async () => {
    // Reads give up after a second, and a write whose connection was cut counts as not made 3 s after it was sent.
    const quick = await connect(
      'stdio',
      'modern',
      againstApi(`${proxy.origin}/fincon/v1`, ['--money-read-budget-s', '1', '--timeout-ms', '1000']),
    );
    try {
      const invoice = await unpaidApproved(quick);
      const args = payment(invoice.id, '62.00');
      const { confirmation } = structured<PreviewAnswer>(await quick.callTool('register_invoice_payment', args));
      let posted = false;
      proxy.failWith = 'drop';
      proxy.fails = (method) => {
        if (method === 'POST') posted = true;
        return posted;
      };
      const lost = await quick.callTool('register_invoice_payment', { ...args, confirmation });
      proxy.fails = () => false;
      expect(lost.isError).toBe(true);
      expect(textOf(lost)).toMatch(
        /unknown whether it was applied\. Do NOT confirm it again or ask for a new preview to repeat it/,
      );
      expect(textOf(lost)).toContain(`To look yourself: list_invoice_payments for invoice ${invoice.id}.`);
      const from = proxy.seen.length;
      // While the cut write might still be under way at the API, asking again says so and sends nothing...
      const early = await quick.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<Record<string, unknown>>(early)).toMatchObject({ status: 'in_progress' });
      // ...and once it cannot be any more, the same confirmation hears how it ended.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const settled = await quick.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<Record<string, unknown>>(settled)).toMatchObject({ status: 'not_committed', replayed: true });
      expect(textOf(settled)).toMatch(
        /^ALREADY USED: .*\nNOT COMMITTED: the answer to this write was lost .* it was not made\./s,
      );
      expect(posts(from)).toEqual([]);
      expect(await booked(invoice.id)).toEqual([]);
    } finally {
      await quick.close();
    }
  });
});

describe('a write that never reached the API', () => {
  it('books nothing, and the same confirmation commits once the API can be reached again', async () => {
    const front = await startFaultProxy(sandbox.origin);
    const port = Number(new URL(front.origin).port);
    const direct = await connect('stdio', 'modern', againstApi(`${front.origin}/fincon/v1`));
    let back: FaultProxy | undefined;
    try {
      const invoice = await unpaidApproved(direct);
      const args = payment(invoice.id, '66.00');
      const { confirmation } = structured<PreviewAnswer>(await direct.callTool('register_invoice_payment', args));
      // The API goes away during the state check: its reads are answered, on connections that then
      // close, and the payment has to open a new one, to a port that refuses it.
      const paths: string[] = [];
      front.fails = (method, path) => method === 'GET' && paths.push(path) > 0;
      front.failWith = async (outgoing) => {
        // Called right after `fails` for the same request: its path is the last one seen.
        const path = paths.at(-1)!;
        // Both reads have their connections once the second arrives.
        if (paths.length === 2) front.stopListening();
        const answer = await fetch(`${sandbox.origin}${path}`, { headers: { 'x-api-key': 'k', 'x-api-token': 't' } });
        outgoing.writeHead(answer.status, { 'content-type': 'application/json', connection: 'close' }).end(await answer.text());
      };
      const refused = await direct.callTool('register_invoice_payment', { ...args, confirmation });
      expect(refused.isError, textOf(refused)).toBe(true);
      expect(structured<Record<string, unknown>>(refused), textOf(refused)).toMatchObject({
        status: 'refused',
        reason: 'api-unreachable',
      });
      expect(textOf(refused)).toMatch(
        /Nothing reached the API's books, so nothing was booked\. Call register_invoice_payment again with the same arguments and confirmation once the API can be reached\./,
      );
      expect(await booked(invoice.id)).toEqual([]);
      back = await startFaultProxy(sandbox.origin, port);
      const committed = await direct.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<{ status: string }>(committed).status, textOf(committed)).toBe('committed');
      expect(await booked(invoice.id)).toHaveLength(1);
    } finally {
      await direct.close();
      await back?.close();
    }
  });
});

describe('a write of unknown fate', () => {
  it('is settled by the next preview on the same invoice, which says what happened, naming the payment made', async () => {
    // Every write is stored and its answer lost; reading back fails until the proxy lets reads through again.
    const dropping = await startSandbox({ faults: parseFaultSpec('drop-after-commit=1') });
    const front = await startFaultProxy(dropping.origin);
    const lossy = await connect('stdio', 'modern', againstApi(`${front.origin}/fincon/v1`, ['--money-read-budget-s', '1']));
    try {
      const invoice = await unpaidApproved(lossy);
      const args = payment(invoice.id, '64.00');
      const { confirmation } = structured<PreviewAnswer>(await lossy.callTool('register_invoice_payment', args));
      let posted = false;
      front.failWith = { status: 503 };
      front.fails = (method) => {
        if (method === 'POST') posted = true;
        return posted && method === 'GET';
      };
      const lost = await lossy.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<{ status: string }>(lost).status, textOf(lost)).toBe('unknown');
      front.fails = () => false;
      const [made] = await booked(invoice.id, dropping);
      expect(made).toBeDefined();
      // Another payment on the same invoice: its preview settles the first one before anything else.
      const next = await lossy.callTool('register_invoice_payment', payment(invoice.id, '65.00'));
      expect(textOf(next)).toMatch(
        /^Settled first: an earlier register_invoice_payment on this resource \(confirmed at \S+\) had lost its answer; reading back shows it was made: Payment registered: 64\.00 EUR gross/,
      );
      expect(textOf(next)).toContain(`payment id ${made!.id}`);
      expect(structured<{ status: string; settled: Array<Record<string, unknown>> }>(next)).toMatchObject({
        status: 'preview',
        settled: [{ tool: 'register_invoice_payment', outcome: 'committed' }],
      });
      // The first confirmation, sent again, hears the same: made once, nothing sent again.
      const from = front.seen.length;
      const again = await lossy.callTool('register_invoice_payment', { ...args, confirmation });
      expect(structured<Record<string, unknown>>(again)).toMatchObject({ status: 'committed', replayed: true });
      expect(front.seen.slice(from).filter((request) => request.method === 'POST')).toEqual([]);
      expect(await booked(invoice.id, dropping)).toHaveLength(1);
    } finally {
      await lossy.close();
      await front.close();
      await dropping.close();
    }
  });
});

describe('without confirmation', () => {
  it('writes at once with --confirm-writes off, and says so at start', async () => {
    const api = againstApi(`${proxy.origin}/fincon/v1`, ['--confirm-writes', 'off']);
    const direct = await connect('stdio', 'modern', api);
    try {
      const invoice = await unpaidApproved(direct);
      const result = await direct.callTool('register_invoice_payment', payment(invoice.id, '3.00'));
      expect(textOf(result)).toMatch(/^Payment registered: 3\.00 EUR gross/);
      expect(await booked(invoice.id)).toHaveLength(1);
    } finally {
      await direct.close();
    }
  });
});

describe('every tool that moves money', () => {
  const writesSince = (from: number) => proxy.seen.slice(from).filter((request) => request.method !== 'GET');
  const paidInvoice = { external_identifier: 'BAR-2026-301', ...PAID_INVOICE };

  /** Previews `tool` (nothing written, the summary as expected), then confirms it; the committed answer. */
  async function previewThenCommit(
    tool: string,
    args: Record<string, unknown>,
    summary: RegExp,
    warning?: RegExp,
  ): Promise<ToolResult> {
    const from = proxy.seen.length;
    const preview = await client.callTool(tool, args);
    const answer = structured<PreviewAnswer>(preview);
    expect(answer.status, textOf(preview)).toBe('preview');
    expect(answer.preview.summary.join('\n')).toMatch(summary);
    if (warning) expect(messages(answer.preview.warnings).join('\n')).toMatch(warning);
    expect(writesSince(from)).toEqual([]);
    const result = await client.callTool(tool, { ...args, confirmation: answer.confirmation });
    expect(structured<{ status: string }>(result).status, textOf(result)).toBe('committed');
    expect(writesSince(from)).toHaveLength(1);
    return result;
  }

  it('adds, replaces and deletes a paid invoice only once each is confirmed, and warns of a second invoice with the same number', async () => {
    const [contract] = await client.items('list_contracts', { filters: { 'status.in': ['ORDERED'] } });
    const args = { contract_id: contract!.id, ...paidInvoice };
    const added = structured<{ id: string }>(
      await previewThenCommit('add_paid_invoice', args, /^Add invoice "BAR-2026-301" as already PAID to contract/),
    );
    await previewThenCommit(
      'add_paid_invoice',
      { ...args, paid_amount: { net: '1.00', tax: '0.19' } },
      /Add invoice "BAR-2026-301"/,
      /already on this contract/,
    );
    await previewThenCommit(
      'update_paid_invoice',
      { invoice_id: added.id, ...paidInvoice, payment_date: '2026-10-21' },
      /Change payment_date: "2026-10-20" -> "2026-10-21"/,
    );
    await previewThenCommit(
      'delete_paid_invoice',
      { invoice_id: added.id },
      /^Delete Invoice "BAR-2026-301" .* for good\./,
      /cannot be undone/,
    );
    expect((await client.callTool('get_invoice', { invoice_id: added.id })).isError).toBe(true);
  });

  it('creates a contract unit with a budget and changes the budget only once confirmed; other changes need no confirmation', async () => {
    const [project] = await client.items('list_projects', { filters: { 'use_cost_elements.is': false } });
    const created = structured<{ id: string }>(
      await previewThenCommit(
        'create_contract_unit',
        { project_id: project!.id, name: 'Photovoltaik', initial_budget: { net: '80000.00', tax: '15200.00' } },
        /^Create contract unit "Photovoltaik" in project .* with an initial budget of 80,000\.00 net \/ 15,200\.00 tax \(95,200\.00 gross\)/,
      ),
    );
    await previewThenCommit(
      'update_contract_unit',
      { contract_unit_id: created.id, initial_budget: { net: '90000.00', tax: '17100.00' } },
      /from 80,000\.00 EUR net \/ 15,200\.00 tax .* to 90,000\.00 net \/ 17,100\.00 tax/,
    );
    const renamed = await client.callTool('update_contract_unit', { contract_unit_id: created.id, name: 'PV-Anlage' });
    expect(structured<{ status?: string; name: string }>(renamed)).toMatchObject({ name: 'PV-Anlage' });
    expect(structured<{ status?: string }>(renamed).status).toBeUndefined();
  });
});

describe('the audit trail', () => {
  it('records every preview, refusal and commit with the caller, an argument hash, the correlation id and the API request id', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'pfm-audit-')), 'audit.jsonl');
    const audited = await connect('stdio', 'modern', againstApi(`${proxy.origin}/fincon/v1`, ['--audit-log', log]));
    try {
      const invoice = await unpaidApproved(audited);
      const args = payment(invoice.id, '21.00');
      const preview = structured<PreviewAnswer & { correlation_id: string }>(
        await audited.callTool('register_invoice_payment', args),
      );
      const wrong = await audited.callTool('register_invoice_payment', {
        ...args,
        payment_amount_gross: '22.00',
        confirmation: preview.confirmation,
      });
      const done = await audited.callTool('register_invoice_payment', { ...args, confirmation: preview.confirmation });
      const ids = [preview, structured<{ correlation_id: string }>(wrong), structured<{ correlation_id: string }>(done)].map(
        (answer) => answer.correlation_id,
      );
      expect(textOf(done)).toContain(`(reference ${ids[2]})`);
      const lines = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([
        expect.objectContaining({
          audit: 'money_write',
          caller: 'local',
          tool: 'register_invoice_payment',
          outcome: 'preview',
          correlation_id: ids[0],
        }),
        expect.objectContaining({ outcome: 'refused', reason: 'other-arguments', correlation_id: ids[1] }),
        expect.objectContaining({
          outcome: 'committed',
          correlation_id: ids[2],
          upstream_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        }),
      ]);
      expect(lines[0]!.args_hash).toBe(lines[2]!.args_hash);
      expect(lines[1]!.args_hash).not.toBe(lines[0]!.args_hash);
      expect(lines.every((line) => typeof line.time === 'string')).toBe(true);
    } finally {
      await audited.close();
    }
  });
});

describe('read-only mode', () => {
  it('refuses a money write even with a valid confirmation', async () => {
    const api = againstApi(`${proxy.origin}/fincon/v1`);
    const readOnly = await connect('stdio', 'modern', {
      ...api,
      args: [...api.args!, '--read-only'],
      env: { ...api.env, ...KEY },
    });
    try {
      const invoice = await unpaidApproved();
      const args = payment(invoice.id, '9.00');
      const { confirmation } = structured<PreviewAnswer>(await client.callTool('register_invoice_payment', args));
      const from = proxy.seen.length;
      const refused = await readOnly.callTool('call_tool', {
        name: 'register_invoice_payment',
        arguments: { ...args, confirmation },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/No tool named "register_invoice_payment" is available here \(read-only mode/);
      expect(posts(from)).toEqual([]);
    } finally {
      await readOnly.close();
    }
  });
});
