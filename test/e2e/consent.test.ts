/**
 * Where the client can ask the person (elicitation), a write that moves money asks them in the
 * same call: a 2025-11-25 client over stdio gets elicitation/create, a 2026-07-28 client an
 * input_required result it answers and retries. Payments are counted at the API over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import {
  againstApi,
  connectStdio,
  dataOf,
  textOf,
  type AskingClient,
  type Era,
  type Page,
  type TestClient,
} from '../support/harness.js';

let sandbox: SandboxHandle;
const used = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

async function booked(invoiceId: string): Promise<unknown[]> {
  const response = await fetch(`${sandbox.baseUrls.fincon}/invoices/${invoiceId}/payments/`, {
    headers: { 'x-api-key': 'k', 'x-api-token': 't' },
  });
  return ((await response.json()) as { data: unknown[] }).data;
}

async function unpaidApproved(client: TestClient): Promise<string> {
  const page = dataOf<Page>(await client.callTool('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }));
  const invoice = page.items.find((item) => !used.has(item.id) && !item.payment_amount_gross)!;
  used.add(invoice.id);
  return invoice.id;
}

const payment = (invoiceId: string) => ({
  invoice_id: invoiceId,
  payment_amount_gross: '880.00',
  payment_date: '2026-11-20',
  payment_comment: 'per Rückfrage bestätigt',
  is_final_payment: false,
});

describe.each<Era>(['legacy', 'modern'])('a %s client that can ask the person', (era) => {
  async function withAnswer(answer: AskingClient['answer'], work: (client: TestClient, asking: AskingClient) => Promise<void>) {
    const asking: AskingClient = { questions: [], answer };
    const client = await connectStdio(era, againstApi(sandbox.baseUrls.fincon), asking);
    try {
      await work(client, asking);
    } finally {
      await client.close();
    }
  }

  it('commits in the same call when they accept, after showing them the preview', async () => {
    await withAnswer(
      () => ({ action: 'accept', content: { confirm: true } }),
      async (client, asking) => {
        const invoice = await unpaidApproved(client);
        const result = await client.callTool('register_invoice_payment', payment(invoice));
        expect((result.structuredContent as { status: string }).status).toBe('committed');
        expect(textOf(result)).toMatch(/^Committed\.\nPayment registered: 880\.00 EUR gross/);
        expect(asking.questions).toHaveLength(1);
        expect(asking.questions[0]).toMatch(
          /^Register a partial payment of 880\.00 EUR gross on Invoice .*\nAfterwards: .*\nDo you want this to be done\?$/s,
        );
        expect(await booked(invoice)).toHaveLength(1);
      },
    );
  });

  it.each<[string, AskingClient['answer'], string]>([
    ['decline', () => ({ action: 'decline' }), 'declined'],
    ['cancel', () => ({ action: 'cancel' }), 'cancelled'],
    ['accept without ticking the box', () => ({ action: 'accept', content: { confirm: false } }), 'declined'],
  ])('changes nothing when they %s, and says so without an error', async (_what, answer, status) => {
    await withAnswer(answer, async (client, asking) => {
      const invoice = await unpaidApproved(client);
      const result = await client.callTool('register_invoice_payment', payment(invoice));
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ status, correlation_id: expect.any(String) });
      expect(textOf(result)).toMatch(/nothing was changed/);
      expect(asking.questions).toHaveLength(1);
      expect(await booked(invoice)).toEqual([]);
    });
  });

  it('still takes a confirmation from a preview asked for with --confirm-writes token', async () => {
    const asking: AskingClient = { questions: [], answer: () => ({ action: 'accept', content: { confirm: true } }) };
    const client = await connectStdio(era, againstApi(sandbox.baseUrls.fincon, ['--confirm-writes', 'token']), asking);
    try {
      const invoice = await unpaidApproved(client);
      const preview = await client.callTool('register_invoice_payment', payment(invoice));
      expect((preview.structuredContent as { status: string }).status).toBe('preview');
      expect(asking.questions).toEqual([]);
      expect(await booked(invoice)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
