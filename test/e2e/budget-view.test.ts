/**
 * The budget view in a real browser: headless Chromium shows the UI resource get_project_budget
 * names, in a sandboxed frame, and the official Apps bridge (AppBridge of ext-apps, run here as
 * the host) hands it the tool's real answer from the sandbox. Every figure the page shows must
 * equal the structured output, for every seeded project; the over-budget rows are marked.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI } from '../support/harness.js';
import { chromiumPath } from '../support/chromium.js';

/* The functions passed to evaluate() run in the page; these are its globals as far as they are used. */
declare const document: any;
declare const window: any;

const ARTIFACTS = fileURLToPath(new URL('../../.test-runs/', import.meta.url));
const FIGURES = [
  'current_budget',
  'contracted',
  'in_draft',
  'approved',
  'paid',
  'open_change_orders',
  'open_change_orders_unweighted',
] as const;
const TOTALS = [...FIGURES, 'uncommitted', 'undistributed_budget', 'over_budget'] as const;
/** How the page labels the figures that are easy to mistake for others. */
const LABELS = {
  open_change_orders: 'Open change orders, weighted',
  open_change_orders_unweighted: 'Open change orders, unweighted',
  in_draft: 'In draft contracts',
} as const;

interface Budget {
  project: { id: string; name: string };
  currency: string | null;
  rows: Array<Record<string, string>>;
  totals: Record<string, string>;
}

interface ShownRow {
  id: string;
  over: boolean;
  amounts: Record<string, string>;
}

const executablePath = chromiumPath();
let client: Client;
let browser: Browser;

beforeAll(async () => {
  client = new Client({ name: 'budget-view-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI], stderr: 'pipe' }));
  if (executablePath) browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await client?.close();
});

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** How the page writes an amount: thousands grouped with commas, the currency after it. */
function written(amount: string, currency: string | null): string {
  const [whole, cents] = amount.replace('-', '').split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount.startsWith('-') ? '-' : ''}${grouped}${cents === undefined ? '' : `.${cents}`}${currency ? ` ${currency}` : ''}`;
}

/** A host page holding the view in a sandboxed frame, joined to an AppBridge over postMessage. */
async function hostView(page: Page, html: string): Promise<AppBridge> {
  await page.setContent('<iframe id="view" sandbox="allow-scripts" style="width:900px;height:1800px;border:0"></iframe>');
  const bridge = new AppBridge(null, { name: 'project-finance-mcp tests', version: '1.0.0' }, {});
  const transport = {
    onmessage: undefined as ((message: JSONRPCMessage) => void) | undefined,
    onclose: undefined as (() => void) | undefined,
    onerror: undefined as ((error: Error) => void) | undefined,
    async start() {},
    async send(message: JSONRPCMessage) {
      await page.evaluate((sent) => document.getElementById('view').contentWindow!.postMessage(sent, '*'), message);
    },
    async close() {
      transport.onclose?.();
    },
  };
  await page.exposeFunction('toHost', (message: JSONRPCMessage) => transport.onmessage?.(message));
  await page.evaluate(() => {
    const frame = document.getElementById('view');
    window.addEventListener('message', (event: any) => {
      if (event.source === frame.contentWindow) window.toHost(event.data);
    });
  });
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(transport);
  await page.evaluate((source) => (document.getElementById('view').srcdoc = source), html);
  await initialized;
  return bridge;
}

describe.skipIf(!executablePath)('the budget view in Chromium, through the Apps bridge', () => {
  it('declares its UI resource on get_project_budget and serves it as an MCP App page', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((listed) => listed.name === 'get_project_budget')!;
    const uri = (tool._meta as { ui?: { resourceUri?: string } }).ui?.resourceUri;
    expect(uri).toMatch(/^ui:\/\//);
    const { contents } = await client.readResource({ uri: uri! });
    expect(contents[0]).toMatchObject({ uri, mimeType: 'text/html;profile=mcp-app' });
  });

  it('shows every figure of the structured output, for every seeded project, the over-budget rows marked', async () => {
    const { tools } = await client.listTools();
    const uri = (tools.find((listed) => listed.name === 'get_project_budget')!._meta as { ui: { resourceUri: string } }).ui
      .resourceUri;
    const html = ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    const projects = (await client.callTool({ name: 'list_projects', arguments: {} })).structuredContent as {
      items: Array<{ id: string }>;
    };
    expect(projects.items.length).toBeGreaterThan(1);
    mkdirSync(ARTIFACTS, { recursive: true });
    let overRows = 0;
    for (const { id } of projects.items) {
      const result = await client.callTool({ name: 'get_project_budget', arguments: { project_id: id } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const budget = result.structuredContent as unknown as Budget;
      const page = await browser.newPage({ viewport: { width: 920, height: 1800 } });
      try {
        const bridge = await hostView(page, html);
        await bridge.sendToolInput({ arguments: { project_id: id } });
        await bridge.sendToolResult(result as never);
        const view = page.frame({ url: /about:srcdoc/ }) ?? page.frames()[1]!;
        await view.waitForSelector('body[data-rendered="true"]');
        const shown = await view.evaluate(() => {
          const amounts = (scope: any) =>
            Object.fromEntries([...scope.querySelectorAll('.amount')].map((node: any) => [node.dataset.field, node.textContent]));
          return {
            title: document.querySelector('h1')!.textContent,
            totals: amounts(document.querySelector('[data-totals]')!),
            labels: Object.fromEntries(
              [...document.querySelectorAll('[data-totals] .total')].map((box: any) => [
                box.querySelector('.amount').dataset.field,
                box.querySelector('.label').textContent,
              ]),
            ),
            rows: [...document.querySelectorAll('[data-row-id]')].map((row: any) => ({
              id: row.dataset.rowId,
              over: row.classList.contains('over'),
              amounts: amounts(row),
            })),
          };
        });
        expect(shown.title).toBe(budget.project.name);
        for (const figure of TOTALS) expect(shown.totals[figure], figure).toBe(written(budget.totals[figure]!, budget.currency));
        for (const [figure, label] of Object.entries(LABELS)) expect(shown.labels[figure], figure).toBe(label);
        expect(shown.rows.map((row: ShownRow) => row.id)).toEqual(budget.rows.map((row) => row.id));
        for (const [index, row] of budget.rows.entries()) {
          const seen = shown.rows[index]!;
          for (const figure of FIGURES) {
            expect(seen.amounts[figure], `${row.name} ${figure}`).toBe(written(row[figure]!, budget.currency));
          }
          const over = Number(row.over_budget) > 0;
          expect(seen.over, `${row.name} marked over budget`).toBe(over);
          if (over) expect(seen.amounts.over_budget).toBe(written(row.over_budget!, budget.currency));
          if (over) overRows += 1;
        }
        await page.screenshot({ path: `${ARTIFACTS}budget-view-${slug(budget.project.name)}.png`, fullPage: true });
      } finally {
        await page.close();
      }
    }
    expect(overRows, 'the seed has projects over budget to mark').toBeGreaterThan(0);
  }, 120_000);
});
