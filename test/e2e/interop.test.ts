/**
 * Clients we did not write: the AI SDK's MCP client (@ai-sdk/mcp), the official SDK's 1.x client
 * (2025-11-25) and its 2.x client (2026-07-28), each over stdio and over HTTP. Every one lists the
 * tools, reads an invoice, pays one through the preview and its confirmation, and reads a paged
 * list to its end; payments and list lengths are checked at the API (a sandbox the test runs).
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { Decimal } from '../../src/shape/money.js';
import { toolSurface } from '../../src/surface.js';
import { catalog } from '../../tools/index.js';
import {
  againstApi,
  CLI,
  connectHttp,
  connectStdio,
  dataOf,
  startHttpServer,
  type HttpServer,
  type Item,
  type Money,
  type Page,
  type ToolResult,
  type Transport,
} from '../support/harness.js';

/** What the test asks of every client. */
interface InteropClient {
  toolNames(): Promise<string[]>;
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** Anything the client could not handle (messages it did not expect, say). */
  troubles: unknown[];
  close(): Promise<void>;
}

type ClientKind = '@ai-sdk/mcp' | 'SDK 1.x (2025-11-25)' | 'SDK 2.x (2026-07-28)';

const CREDENTIALS = { 'x-api-key': 'test-key', 'x-api-token': 'test-token' };

let sandbox: SandboxHandle;
let http: HttpServer;
const used = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox();
  http = await startHttpServer(againstApi(sandbox.baseUrls.fincon));
});
afterAll(async () => {
  await http?.stop();
  await sandbox?.close();
});

async function aiSdkClient(transport: Transport): Promise<InteropClient> {
  const troubles: unknown[] = [];
  const { args, env } = againstApi(sandbox.baseUrls.fincon);
  const client = await createMCPClient({
    transport:
      transport === 'stdio'
        ? new Experimental_StdioMCPTransport({
            command: process.execPath,
            args: [CLI, ...args!],
            env: { PATH: process.env.PATH ?? '', ...env },
            stderr: 'ignore',
          })
        : { type: 'http', url: http.endpoint },
    onUncaughtError: (error) => troubles.push(error),
  });
  // Its executable tools, as an AI SDK application gets them.
  const tools = await client.tools();
  return {
    toolNames: async () => Object.keys(await client.tools()),
    call: async (name, args) => (await tools[name]!.execute(args, { toolCallId: name, messages: [] })) as ToolResult,
    troubles,
    close: () => client.close(),
  };
}

async function sdkClient(kind: ClientKind, transport: Transport): Promise<InteropClient> {
  const era = kind === 'SDK 1.x (2025-11-25)' ? 'legacy' : 'modern';
  const client =
    transport === 'stdio' ? await connectStdio(era, againstApi(sandbox.baseUrls.fincon)) : await connectHttp(era, http.endpoint);
  return {
    toolNames: async () => (await client.listTools()).map((tool) => tool.name),
    call: (name, args) => client.callTool(name, args),
    troubles: [],
    close: () => client.close(),
  };
}

/** A list read straight from the API, following links.next. */
async function restIds(path: string): Promise<string[]> {
  const ids: string[] = [];
  let url: string | null = `${sandbox.baseUrls.fincon}${path}`;
  while (url) {
    const body = (await (await fetch(url, { headers: CREDENTIALS })).json()) as {
      data: Array<{ id: string }>;
      links?: { next?: string | null };
    };
    ids.push(...body.data.map((item) => item.id));
    url = body.links?.next ?? null;
  }
  return ids;
}

async function restInvoice(id: string): Promise<Record<string, unknown>> {
  const body = (await (await fetch(`${sandbox.baseUrls.fincon}/invoices/${id}/`, { headers: CREDENTIALS })).json()) as {
    data: { attributes: Record<string, unknown> };
  };
  return body.data.attributes;
}

async function booked(invoiceId: string): Promise<Array<{ attributes: { payment_comment: string } }>> {
  const response = await fetch(`${sandbox.baseUrls.fincon}/invoices/${invoiceId}/payments/`, { headers: CREDENTIALS });
  return ((await response.json()) as { data: Array<{ attributes: { payment_comment: string } }> }).data;
}

const sameMoney = (shown: Money, api: Money) => new Decimal(shown.net).equals(api.net) && new Decimal(shown.tax).equals(api.tax);

const CLIENTS: ReadonlyArray<readonly [ClientKind, Transport]> = [
  ['@ai-sdk/mcp', 'stdio'],
  ['@ai-sdk/mcp', 'http'],
  ['SDK 1.x (2025-11-25)', 'stdio'],
  ['SDK 1.x (2025-11-25)', 'http'],
  ['SDK 2.x (2026-07-28)', 'stdio'],
  ['SDK 2.x (2026-07-28)', 'http'],
];

describe.each(CLIENTS)('the %s client over %s', (kind, transport) => {
  let client: InteropClient;

  beforeAll(async () => {
    client = kind === '@ai-sdk/mcp' ? await aiSdkClient(transport) : await sdkClient(kind, transport);
  });
  afterAll(async () => {
    expect(client?.troubles).toEqual([]);
    await client?.close();
  });

  it('lists the default tools', async () => {
    const daily = toolSurface(catalog, loadConfig([], {})).direct.map((tool) => tool.name);
    expect((await client.toolNames()).sort()).toEqual([...daily, 'call_tool', 'search_tools'].sort());
  });

  it("reads an invoice with the API's exact figures", async () => {
    const [first] = dataOf<Page>(await client.call('list_invoices', { filters: { 'invoice_process_state.in': ['PAID'] } })).items;
    const invoice = dataOf<Item>(await client.call('get_invoice', { invoice_id: first!.id }));
    const api = await restInvoice(first!.id);
    expect(invoice).toMatchObject({ id: first!.id, invoice_process_state: 'PAID', external_identifier: api.external_identifier });
    for (const field of ['unaudited_amount', 'audited_amount', 'discounted_approved_amount'] as const) {
      expect(sameMoney(invoice[field] as Money, api[field] as Money), field).toBe(true);
    }
  });

  it('pays an invoice once, through the preview and its confirmation', async () => {
    const page = dataOf<Page>(await client.call('list_invoices', { filters: { 'invoice_process_state.in': ['APPROVED'] } }));
    const invoice = page.items.find((item) => !used.has(item.id) && !item.payment_amount_gross);
    if (!invoice) throw new Error('no unpaid APPROVED invoice left');
    used.add(invoice.id);
    const payment = {
      invoice_id: invoice.id,
      payment_amount_gross: '120.50',
      payment_date: '2026-11-20',
      payment_comment: `Abschlag über ${kind} (${transport})`,
      is_final_payment: false,
    };

    const preview = dataOf<{ status: string; confirmation: string }>(await client.call('register_invoice_payment', payment));
    expect(preview.status).toBe('preview');
    expect(await booked(invoice.id)).toEqual([]);
    const done = dataOf<{ status: string }>(
      await client.call('register_invoice_payment', { ...payment, confirmation: preview.confirmation }),
    );
    expect(done.status).toBe('committed');
    expect((await booked(invoice.id)).map((row) => row.attributes.payment_comment)).toEqual([payment.payment_comment]);
  });

  it('reads a paged list to its end by its cursor, every row once', async () => {
    const ids: string[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const page: Page = dataOf<Page>(await client.call('list_invoices', cursor ? { cursor } : {}));
      ids.push(...page.items.map((item) => item.id));
      pages += 1;
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(ids).toEqual(await restIds('/invoices/'));
  });
});
