/** Builds the MCP server from the tool cards and the configuration; tools are loaded when first called. */
import { isInputRequiredResult, McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { AuditSink } from './audit.js';
import { SERVER_NAME, SERVER_VERSION } from './identity.js';
import type { Caller } from './auth/caller.js';
import { clientLog, sessionLogLevel } from './client-log.js';
import { MODIFY_SCOPE } from './auth/scopes.js';
import { DISCOVERY_TOOLS, registerDiscoveryTools } from './search/discovery.js';
import { consentChannel } from './writes/consent.js';
import type { ToolAnswer, WriteSettings } from './writes/call.js';
import { FILTER_RULE, SHARED_ARGUMENTS_RULE } from './dispatch/input-schema.js';
import { cardSchemas } from './json-schemas.js';
import { ENVELOPE_RULE } from './shape/untrusted.js';
import { EMBED_LIMIT_TEXT, type FileAccess } from './dispatch/files.js';
import { createReader, deferredReader } from './dispatch/reader.js';
import { runTool } from './dispatch/run-tool.js';
import type { Tool } from './dispatch/summary.js';
import type { ToolCard } from './catalog/cards.js';
import { toolOf } from './catalog/load.js';
import { registerBudgetResource } from './guides/budget-resource.js';
import { registerPrompts } from './guides/prompts.js';
import { BUDGET_VIEW_URI, registerBudgetView } from './views/budget-view.js';
import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { PROJECT_BUDGET_TOOL } from '../tools/summaries/names.js';
import type { ToolSurface } from './surface.js';
import type { UpstreamClient } from './upstream/client.js';

export interface ServerSetup {
  surface: ToolSurface;
  /**
   * The same without the tools that change data, nor the arguments that write local files: for
   * read-only mode and callers without `modify`.
   */
  readSurface: ToolSurface;
  upstream: UpstreamClient;
  /** The API credentials of one caller (token exchange); the shared ones otherwise. */
  upstreamFor?: (caller: Caller) => UpstreamClient;
  files: FileAccess;
  /** Characters of list rows one answer may carry. */
  answerBudget: number;
  /** API reads one call may have in flight at once. */
  parallelReads: number;
  sandbox: boolean;
  readOnly: boolean;
  /** The audit trail: money writes always, tool calls of hosted callers. */
  audit?: AuditSink;
  /** How writes that move money are confirmed. */
  writes: WriteSettings;
}

const PRODUCT_NAMES = {
  fincon: 'finance control ("FinCon": projects, budgets, contracts, invoices, payments)',
  capex: 'CAPEX (assets, measures and their contracts and invoices; tools prefixed capex_)',
  esg: 'ESG (buildings, utility meters, consumption, tenants, files, audit events; tools prefixed esg_)',
} as const;

/** Prompts and the budget resource, with completions of their project arguments: where FinCon is offered. */
const GUIDE_CAPABILITIES = { prompts: {}, resources: {}, completions: {} };

export function instructionsFor(setup: Pick<ServerSetup, 'surface' | 'sandbox' | 'readOnly'>): string {
  const { reachable, direct } = setup.surface;
  const products = [...new Set(reachable.map((tool) => tool.product))];
  const lines = [
    `Construction and real-estate project finance data: ${products.map((product) => PRODUCT_NAMES[product]).join('; ')}.`,
    'FinCon entity model: a project plans its budget on contract units (budget packages), or on cost elements when the project uses them; budget shifts move budget between units or raise and lower it; a contract unit holds contracts with contractors; a contract receives change orders (Nachträge) and invoices; an invoice is settled by one or more payments. The reporting tools roll all of this up per project, contract unit, contract or cost element.',
    'Ids flow from lists to the rest: list_projects gives project ids, list_contract_units and list_contracts filter by project, list_invoices by contract, list_invoice_payments takes an invoice id. Ids are UUIDs: find them, never guess them.',
    'Invoice states: NEW -> DETAILS_ENTERED -> CHECKED -> APPROVED -> PAID. Only APPROVED invoices take a final payment; PAID ones take only further partial payments (is_final_payment=false).',
    ENVELOPE_RULE,
    'Money is exact: amounts are decimal strings with a currency (net / tax). Pass amounts as strings like "12400.00" and never round them.',
    'Lists return at most 100 rows (reporting 1000) and may stop earlier to keep answers small; when next_cursor is set, call the same tool again with the same arguments plus that cursor, until it is null. Totals over a whole list need every page.',
    FILTER_RULE,
    SHARED_ARGUMENTS_RULE,
    'Tools that change a record take only the fields to change, the others keep their value (update_paid_invoice alone replaces every detail); tools that create one answer with the new record.',
    'Tools that move money answer first with a PREVIEW and a confirmation, changing nothing: show the preview to the user and, only once they agree, call the same tool again with the same arguments plus that confirmation. Never confirm on your own. A confirmation is used once: sent again, it answers how its first use ended (replayed: true) and sends nothing, so after a timeout or an error send the same call again rather than asking for a new preview.',
  ];
  // Every summary the surface reaches; the instructions point the model to them first.
  const listed = new Set(direct.map((card) => card.name));
  const summaries = reachable.filter((card) => card.summary);
  if (summaries.length) {
    const named = summaries.map((card) => (listed.has(card.name) ? card.name : `${card.name} (through call_tool)`));
    lines.push(
      `Summaries answer in one call and add up exactly on the server: ${named.join(', ')}. Prefer them to paging through lists and adding amounts yourself.`,
    );
  }
  if (reachable.length > direct.length) {
    lines.push(
      `Only the daily tools are listed; ${reachable.length - direct.length} more (documents, contractors, change orders, reporting and more) are found with search_tools and run with call_tool.`,
    );
  }
  lines.push(
    setup.sandbox
      ? 'Connected to THE EMBEDDED SANDBOX with demo data, not a real account: nothing done here reaches a real company. Set PFM_API_KEY and PFM_API_TOKEN to work with the real API.'
      : 'Connected to the real API of the account: what changes here changes the books.',
  );
  if (setup.readOnly) {
    lines.push(
      `Read-only mode: tools that change data are not available, and no local file is written: save_to is refused, so downloads come back embedded only, up to ${EMBED_LIMIT_TEXT}.`,
    );
  }
  return lines.join('\n');
}

/** Over HTTP a server is made per request; its instructions depend only on the surface. */
const instructionsBySurface = new WeakMap<ToolSurface, string>();

function instructionsOnce(surface: ToolSurface, sandbox: boolean, readOnly: boolean): string {
  let instructions = instructionsBySurface.get(surface);
  if (instructions === undefined) {
    instructions = instructionsFor({ surface, sandbox, readOnly });
    instructionsBySurface.set(surface, instructions);
  }
  return instructions;
}

/** Progress notifications for a call whose client sent a progressToken; each step counts one. */
function progressReporter(request: ServerContext): ((message: string) => void) | undefined {
  const progressToken = request.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return (message) => {
    progress += 1;
    // A client that went away misses its progress; the call itself goes on and answers.
    request.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(() => {});
  };
}

/** The tools a surface reaches, their schemas built: what summaries and guides read through. */
const operationsBySurface = new WeakMap<ToolSurface, Promise<ReadonlyMap<string, Tool>>>();

function operationsOf(surface: ToolSurface): Promise<ReadonlyMap<string, Tool>> {
  let operations = operationsBySurface.get(surface);
  if (!operations) {
    operations = Promise.all(surface.reachable.map(async (card) => [card.name, await toolOf(card)] as const)).then(
      (entries) => new Map(entries),
    );
    operationsBySurface.set(surface, operations);
  }
  return operations;
}

/** A card's schemas for the SDK, made once per card: over HTTP every request registers its tool again. */
const schemasByCard = new WeakMap<ToolCard, ReturnType<typeof cardSchemas>>();

function schemasOf(card: ToolCard): ReturnType<typeof cardSchemas> {
  let schemas = schemasByCard.get(card);
  if (!schemas) {
    schemas = cardSchemas(card, async () => (await toolOf(card)).inputSchema);
    schemasByCard.set(card, schemas);
  }
  return schemas;
}

/** Why the server is read-only for `caller`, as the refusal of a local write says it; undefined when it is not. */
function readOnlyBecause(setup: ServerSetup, caller: Caller | undefined): string | undefined {
  if (setup.readOnly) return 'this server runs with --read-only (PFM_READ_ONLY)';
  if (caller && !caller.scopes.has(MODIFY_SCOPE)) return `your access token lacks the ${MODIFY_SCOPE} scope`;
  return undefined;
}

/**
 * A server for one client (stdio) or one request (HTTP), as `caller` may see it. A request that
 * calls one tool (`onlyTool`, HTTP) gets just that tool: the rest would be built for nothing.
 */
export function createMcpServer(setup: ServerSetup, caller?: Caller, onlyTool?: string): McpServer {
  const writesRefused = readOnlyBecause(setup, caller);
  const readOnly = writesRefused !== undefined;
  const surface = readOnly ? setup.readSurface : setup.surface;
  const hasBudget = surface.byName.has(PROJECT_BUDGET_TOOL);
  const server = new McpServer(
    { name: SERVER_NAME, version: SERVER_VERSION },
    {
      instructions: instructionsOnce(surface, setup.sandbox, readOnly),
      capabilities: { tools: {}, logging: {}, ...(hasBudget ? GUIDE_CAPABILITIES : {}) },
    },
  );
  const logLevel = sessionLogLevel(server);
  const context = {
    upstream: caller && setup.upstreamFor ? setup.upstreamFor(caller) : setup.upstream,
    files: readOnly ? { ...setup.files, writesRefused } : setup.files,
    answerBudget: setup.answerBudget,
    parallelReads: setup.parallelReads,
    writes: setup.writes,
    caller: caller?.id,
    audit: setup.audit,
  };
  const audit = caller && setup.audit;
  const call = async (card: ToolCard, args: Record<string, unknown>, request: ServerContext): Promise<ToolAnswer> => {
    const [tool, operations] = await Promise.all([toolOf(card), operationsOf(surface)]);
    return runTool(tool, args, {
      ...context,
      operations,
      signal: request.mcpReq.signal,
      consent: consentChannel(server, request),
      progress: progressReporter(request),
      log: clientLog(request, logLevel()),
    });
  };
  const run = async (card: ToolCard, args: Record<string, unknown>, request: ServerContext): Promise<ToolAnswer> => {
    if (!audit) return call(card, args, request);
    try {
      const result = await call(card, args, request);
      // A question to the person is not an outcome yet; their answer comes with the next call.
      if (!isInputRequiredResult(result))
        audit({
          audit: 'tool_call',
          iss: caller.iss,
          sub: caller.sub,
          tool: card.name,
          outcome: result.isError ? 'error' : 'ok',
        });
      return result;
    } catch (error) {
      audit({ audit: 'tool_call', iss: caller.iss, sub: caller.sub, tool: card.name, outcome: 'failed' });
      throw error;
    }
  };
  const wanted = (name: string) => onlyTool === undefined || onlyTool === name;
  for (const card of surface.direct.filter((direct) => wanted(direct.name))) {
    const schemas = schemasOf(card);
    const config = {
      title: card.title,
      description: card.description,
      inputSchema: schemas.input,
      outputSchema: schemas.output,
      annotations: card.hints,
    };
    const handler = (args: unknown, request: ServerContext) => run(card, args as Record<string, unknown>, request);
    // Hosts with MCP Apps show the budget as a view; the others read the same answer as text.
    if (card.name === PROJECT_BUDGET_TOOL) {
      registerAppTool(server, card.name, { ...config, _meta: { ui: { resourceUri: BUDGET_VIEW_URI } } }, handler);
    } else server.registerTool(card.name, config, handler);
  }
  if (hasBudget && onlyTool === undefined) {
    const read = () => deferredReader(async () => createReader({ ...context, operations: await operationsOf(surface) }));
    registerPrompts(server, { read, writes: surface.byName.has('register_invoice_payment') });
    registerBudgetResource(server, read);
    registerBudgetView(server);
  }
  if (surface.reachable.length > surface.direct.length && DISCOVERY_TOOLS.some(wanted)) {
    registerDiscoveryTools(server, { ...surface, readOnly, run });
  }
  return server;
}
