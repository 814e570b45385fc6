/**
 * Prompts, the budget resource and completions, through both client eras over stdio:
 * project arguments complete from a typed name to ids, and the resource gives the same
 * figures as get_project_budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideClient, type GuideClient } from '../support/guide-client.js';
import { dataOf, connectStdio } from '../support/harness.js';

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
    const client = await guideClient('modern', { args: ['--read-only'] });
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['monthly_budget_report', 'review_open_change_orders']);
    } finally {
      await client.close();
    }
  });
});
