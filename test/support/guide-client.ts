/**
 * A client of what the server offers besides tools (prompts, resources, completions) and of the
 * lists themselves, over stdio with either SDK generation: the harness's TestClient covers tools.
 */
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, childEnv, type Era, type ServerOptions } from './harness.js';

/** What a client shows of a listed tool, prompt, resource or template. */
interface Listed {
  name: string;
  title?: string;
  description?: string;
}

export interface GuideClient {
  listTools(): Promise<{ tools: Array<Listed & { inputSchema: unknown }> }>;
  listPrompts(): Promise<{ prompts: Array<Listed & { arguments?: Array<Listed & { required?: boolean }> }> }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<{
    messages: Array<{ role: string; content: { type: string; text?: string } }>;
  }>;
  complete(params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
  }): Promise<{ completion: { values: string[] } }>;
  listResourceTemplates(): Promise<{ resourceTemplates: Array<Listed & { uriTemplate: string }> }>;
  listResources(): Promise<{ resources: Array<Listed & { uri: string }> }>;
  readResource(params: { uri: string }): Promise<{ contents: Array<{ uri: string; mimeType?: string; text?: string }> }>;
  close(): Promise<void>;
}

export async function guideClient(era: Era, options: ServerOptions = {}): Promise<GuideClient> {
  const params = {
    command: process.execPath,
    args: [CLI, ...(options.args ?? [])],
    env: childEnv(options.env),
    stderr: 'pipe' as const,
  };
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
