/**
 * What tools/list costs a model's context, counted with cl100k on each tool's
 * {name, description, inputSchema} as a client receives it over stdio.
 */
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { connectStdio } from '../support/harness.js';

interface ListedTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

async function listedTools(args: string[]): Promise<ListedTool[]> {
  const client = await connectStdio('modern', { args });
  try {
    return (await client.listTools()) as ListedTool[];
  } finally {
    await client.close();
  }
}

const tokensOf = (tool: ListedTool) =>
  encode(JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })).length;

describe('the tokens tools/list costs', () => {
  it('keeps the default surface, summaries included, within 3,500 tokens', async () => {
    const tools = await listedTools([]);
    expect(tools.map((tool) => tool.name)).toContain('get_project_budget');
    const total = tools.reduce((sum, tool) => sum + tokensOf(tool), 0);
    console.info(`default tools/list: ${tools.length} tools, ${total} tokens (budget 3,500)`);
    expect(total, `${tools.length} tools, ${total} tokens`).toBeLessThanOrEqual(3_500);
  });

  it('keeps every tool offered directly (--toolsets all) to 100 tokens a tool on average', async () => {
    const tools = await listedTools(['--toolsets', 'all']);
    const average = tools.reduce((sum, tool) => sum + tokensOf(tool), 0) / tools.length;
    console.info(`--toolsets all: ${tools.length} tools, ${average.toFixed(1)} tokens a tool on average (budget 100)`);
    expect(average, `${tools.length} tools, ${average.toFixed(0)} tokens on average`).toBeLessThanOrEqual(100);
  });
});
