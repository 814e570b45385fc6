/** search_tools and call_tool reach every operation the daily tools/list leaves out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, dataOf, textOf, type TestClient } from '../support/harness.js';

describe('search_tools and call_tool', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect('http', 'modern');
  });
  afterAll(async () => {
    await client?.close();
  });

  it('finds a tool that is not in tools/list, with its arguments', async () => {
    const listed = (await client.listTools()).map((tool) => tool.name);
    expect(listed).not.toContain('list_contractors');
    const result = await client.callTool('search_tools', { query: 'list contractors' });
    const { tools } = dataOf<{ tools: Array<{ name: string; read_only: boolean; input_schema: { properties: object } }> }>(
      result,
    );
    const found = tools.find((tool) => tool.name === 'list_contractors')!;
    expect(found.read_only).toBe(true);
    expect(found.input_schema.properties).toHaveProperty('filters');
    expect(textOf(result)).toMatch(/- list_contractors \(reads\): .*\n {4}filters: /);
  });

  it.each([
    ['Nachträge zum Vertrag', 'list_contract_change_orders'],
    ['new subcontractor with IBAN', 'create_contractor'],
    ['address book', 'list_contacts'],
  ])('understands "%s" as people say it', async (query, tool) => {
    const { tools } = dataOf<{ tools: Array<{ name: string }> }>(await client.callTool('search_tools', { query }));
    expect(tools.slice(0, 3).map((found) => found.name)).toContain(tool);
  });

  it('runs it with call_tool and answers as the tool itself would', async () => {
    const page = dataOf<{ items: Array<{ type: string; iban?: string }> }>(
      await client.callTool('call_tool', { name: 'list_contractors', arguments: { filters: { 'name.contains': 'Bau' } } }),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.type === 'CONTRACTOR')).toBe(true);
  });

  it('checks the arguments before anything is sent', async () => {
    const result = await client.callTool('call_tool', { name: 'get_contractor', arguments: { contractor_id: 'Bau GmbH' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /Invalid arguments for get_contractor; nothing was sent to the API\.\n- contractor_id: must be a UUID/,
    );
  });

  it('names no tool it does not have', async () => {
    const result = await client.callTool('call_tool', { name: 'transfer_money', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Find one with search_tools');
  });
});

describe('call_tool in read-only mode', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connect('stdio', 'legacy', { args: ['--read-only'] });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('reaches reading tools only, and says so', async () => {
    const tools = await client.listTools();
    expect(tools.find((tool) => tool.name === 'call_tool')?.annotations?.readOnlyHint).toBe(true);
    const refused = await client.callTool('call_tool', { name: 'create_contractor', arguments: { name: 'X' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('read-only mode offers only reading tools');
    const found = dataOf<{ tools: Array<{ read_only: boolean }> }>(
      await client.callTool('search_tools', { query: 'create contractor' }),
    );
    expect(found.tools.length).toBeGreaterThan(0);
    expect(found.tools.every((tool) => tool.read_only)).toBe(true);
  });
});
