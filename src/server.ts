/** Builds the MCP server from the catalog and the configuration. */
import { McpServer } from '@modelcontextprotocol/server';
import { catalog } from '../tools/index.js';
import type { Config } from './config.js';
import { runOperation } from './dispatch/execute.js';
import type { Operation } from './dispatch/operation.js';
import type { UpstreamClient } from './upstream/client.js';

export const SERVER_NAME = 'project-finance-mcp';
export const SERVER_VERSION = '0.1.0';

/** Products, toolsets, then read-only, which overrides everything. */
export function selectTools(config: Pick<Config, 'products' | 'toolsets' | 'readOnly'>): Operation[] {
  const { toolsets } = config;
  return catalog.filter(
    (operation) =>
      config.products.includes(operation.product) &&
      (toolsets === 'all' || toolsets.includes(operation.toolset)) &&
      (!config.readOnly || operation.hints.readOnlyHint),
  );
}

export interface ServerSetup {
  tools: readonly Operation[];
  upstream: UpstreamClient;
  sandbox: boolean;
  readOnly: boolean;
}

export function instructionsFor(setup: Pick<ServerSetup, 'sandbox' | 'readOnly'>): string {
  const lines = [
    'Construction project finance data (finance control "FinCon"; CAPEX and ESG follow).',
    'Entity model: a project holds contract units (budget packages with an initial budget; budget shifts move budget between them); a contract unit holds contracts with contractors; a contract receives change orders and invoices; an invoice is settled by one or more payments.',
    'Invoice states: NEW -> DETAILS_ENTERED -> CHECKED -> APPROVED -> PAID. Only APPROVED invoices take a final payment; PAID ones take only further partial payments (is_final_payment=false).',
    'Ids are UUIDs: find them with the list_* tools and their filters, never guess them.',
    'Money is exact: amounts are decimal strings with a currency (net / tax). Pass amounts as strings like "12400.00" and never round them.',
    'Lists return up to 100 rows; when next_cursor is set, call the same tool with that cursor until it is null. Totals over a whole list need every page.',
    'The API does not deduplicate payments: read list_invoice_payments before registering one, and never repeat a payment call that may already have succeeded.',
  ];
  if (setup.sandbox) {
    lines.push(
      'THIS IS THE EMBEDDED SANDBOX with demo data, not a real account: nothing done here reaches a real company. Set PFM_API_KEY and PFM_API_TOKEN to work with the real API.',
    );
  }
  if (setup.readOnly) lines.push('Read-only mode: tools that change data are not available.');
  return lines.join('\n');
}

export function createMcpServer(setup: ServerSetup): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { instructions: instructionsFor(setup), capabilities: { tools: {} } },
  );
  for (const operation of setup.tools) {
    server.registerTool(
      operation.name,
      {
        title: operation.title,
        description: operation.description,
        inputSchema: operation.inputSchema,
        outputSchema: operation.outputSchema,
        annotations: operation.hints,
      },
      (args, context) => runOperation(operation, args, { upstream: setup.upstream, signal: context.mcpReq.signal }),
    );
  }
  return server;
}
