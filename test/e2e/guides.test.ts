/**
 * Prompts, the budget resource and completions, through both client eras over stdio:
 * project arguments complete from a typed name to ids, and the resource gives the same
 * figures as get_project_budget.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, dataOf, connectStdio, type Era } from '../support/harness.js';

interface GuideClient {
  listPrompts(): Promise<{ prompts: Array<{ name: string; arguments?: Array<{ name: string; required?: boolean }> }> }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<{
    messages: Array<{ role: string; content: { type: string; text?: string } }>;
  }>;
  complete(params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<{ uriTemplate: string; name: string }> }>;
  listResources(): Promise<{ resources: Array<{ uri: string; name: string }> }>;
  readResource(params: { uri: string }): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  close(): Promise<void>;
}

async function guideClient(era: Era, args: string[] = []): Promise<GuideClient> {
  const params = { command: process.execPath, args: [CLI, ...args], stderr: 'pipe' as const };
  if (era === 'modern') {
    const client = new ModernClient(
      { name: 'guides-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new ModernStdio(params));
    return client as unknown as GuideClient;
  }
  const client = new LegacyClient({ name: 'guides-test', version: '1.0.0' });
  await client.connect(new LegacyStdio(params));
  return client as unknown as GuideClient;
}

describe.each(['modern', 'legacy'] as const)('prompts, resources and completions with a %s client', (era) => {
  let client: GuideClient;
  let hunsrueck: string;
  let budget: unknown;

  beforeAll(async () => {
    client = await guideClient(era);
    const tools = await connectStdio('modern');
    try {
      const page = dataOf<{ items: Array<{ id: string; name: string }> }>(
        await tools.callTool('list_projects', { filters: { 'name.exact': 'Hunsrück Mitte' } }),
      );
      hunsrueck = page.items[0]!.id;
      budget = dataOf(await tools.callTool('get_project_budget', { project_id: hunsrueck }));
    } finally {
      await tools.close();
    }
  });
  afterAll(async () => {
    await client?.close();
  });

  it('offers the three prompts, with a project argument', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual([
      'monthly_budget_report',
      'register_payment_safely',
      'review_open_change_orders',
    ]);
    const report = prompts.find((prompt) => prompt.name === 'monthly_budget_report')!;
    expect(report.arguments).toContainEqual(expect.objectContaining({ name: 'project_id', required: true }));
  });

  it('completes a typed project name to the ids of the projects it names', async () => {
    const { completion } = await client.complete({
      ref: { type: 'ref/prompt', name: 'monthly_budget_report' },
      argument: { name: 'project_id', value: 'hunsr' },
    });
    expect(completion.values).toEqual([hunsrueck]);
    const all = await client.complete({
      ref: { type: 'ref/prompt', name: 'review_open_change_orders' },
      argument: { name: 'project_id', value: '' },
    });
    expect(all.completion.values.length).toBeGreaterThan(3);
  });

  it('turns a prompt into instructions naming the tools, with the project filled in', async () => {
    const { messages } = await client.getPrompt({
      name: 'monthly_budget_report',
      arguments: { project_id: hunsrueck, month: '2026-11' },
    });
    const text = messages[0]!.content.text!;
    expect(messages[0]!.role).toBe('user');
    expect(text).toContain(`get_project_budget with {"project_id": "${hunsrueck}"}`);
    expect(text).toContain('get_project_payables');
    const payment = await client.getPrompt({ name: 'register_payment_safely', arguments: { invoice_id: 'abc' } });
    expect(payment.messages[0]!.content.text).toMatch(/get_invoice_payment_status[\s\S]*preview[\s\S]*confirmation/);
  });

  it('lists the budget resource template and completes its project id', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('finance://projects/{project_id}/budget');
    const { completion } = await client.complete({
      ref: { type: 'ref/resource', uri: 'finance://projects/{project_id}/budget' },
      argument: { name: 'project_id', value: 'Hunsrück' },
    });
    expect(completion.values).toEqual([hunsrueck]);
    const { resources } = await client.listResources();
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: `finance://projects/${hunsrueck}/budget`, name: 'Budget of Hunsrück Mitte' }),
    );
  });

  it('reads the budget summary as JSON, the same figures get_project_budget gives', async () => {
    const { contents } = await client.readResource({ uri: `finance://projects/${hunsrueck}/budget` });
    expect(contents[0]!.mimeType).toBe('application/json');
    expect(JSON.parse(contents[0]!.text!)).toEqual(budget);
  });

  it('says a project that does not exist is not found', async () => {
    await expect(client.readResource({ uri: 'finance://projects/00000000-0000-4000-8000-000000000000/budget' })).rejects.toThrow(
      /No project with id/,
    );
  });
});

describe('prompts in read-only mode', () => {
  it('leave out the payment prompt', async () => {
    const client = await guideClient('modern', ['--read-only']);
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['monthly_budget_report', 'review_open_change_orders']);
    } finally {
      await client.close();
    }
  });
});
