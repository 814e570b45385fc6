/**
 * search_tools and call_tool: every tool of the chosen products stays reachable
 * while tools/list carries only the daily work.
 */
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolAnswer } from '../writes/call.js';
import type { Product } from '../dispatch/operation.js';
import type { ToolCard } from '../catalog/cards.js';
import { toolOf } from '../catalog/load.js';
import { hints } from '../dispatch/operation.js';
import { describeIssues, errorResult } from '../dispatch/problems.js';
import { strictObject } from '../dispatch/strict-object.js';
import { convertedOnce } from '../json-schemas.js';
import { shortened } from '../shape/words.js';
import type { ToolSurface } from '../surface.js';
import { searchTools, type Step } from './rank.js';

interface JsonProperty {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  items?: JsonProperty;
}

function typeOf(property: JsonProperty): string {
  if (property.enum) return property.enum.join('|');
  if (property.items) return `${typeOf(property.items)}[]`;
  const type = Array.isArray(property.type) ? property.type.join('|') : (property.type ?? 'value');
  return property.format ? `${type}(${property.format})` : type;
}

/** One line per argument: name, * when required, type, description. */
function argumentLines(schema: Record<string, unknown>): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonProperty>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(
    ([name, property]) =>
      `    ${name}${required.has(name) ? '*' : ''}: ${typeOf(property)}${property.description ? `: ${property.description}` : ''}`,
  );
}

export interface DiscoveryOptions extends ToolSurface {
  readOnly: boolean;
  run(card: ToolCard, args: Record<string, unknown>, request: ServerContext): Promise<ToolAnswer>;
}

const searchOutput = z.object({
  steps: z
    .array(z.object({ step: z.string(), tool: z.string() }))
    .meta({ description: 'For a request of several steps, each step in order with the tool for it; else empty' }),
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      description: z.string(),
      product: z.string(),
      read_only: z.boolean(),
      direct: z.boolean().meta({ description: 'also offered as a tool of its own' }),
      input_schema: z.record(z.string(), z.unknown()),
    }),
  ),
});

const callInput = strictObject({
  name: z.string().min(1).max(100).meta({ description: 'The tool name search_tools gave, e.g. "upload_invoice_document".' }),
  arguments: z.record(z.string(), z.unknown()).default({}).meta({ description: "The tool's arguments." }),
});

const callOutput = z.looseObject({});

interface Reach {
  directNames: Set<string>;
  products: [Product, ...Product[]];
  searchInput: z.ZodObject;
}

const reaches = new WeakMap<readonly ToolCard[], Reach>();

/** Longest search_tools query: a few words, not a document. */
const QUERY_LIMIT = 500;

/** The start of a query, to say what was searched for without repeating a long text back. */
function echoed(query: string): string {
  return shortened(query.replace(/\s+/g, ' ').trim(), 60);
}

/**
 * What the two tools need to know about a surface, built once: over stateless HTTP
 * they are registered again for every request.
 */
function reachOf(reachable: readonly ToolCard[], direct: readonly ToolCard[]): Reach {
  let reach = reaches.get(reachable);
  if (!reach) {
    const products = [...new Set(reachable.map((tool) => tool.product))] as [Product, ...Product[]];
    reach = {
      directNames: new Set(direct.map((tool) => tool.name)),
      products,
      searchInput: strictObject({
        query: z
          .string()
          .min(1)
          .max(QUERY_LIMIT, { error: `must be at most ${QUERY_LIMIT} characters: a few words on what you want to do` })
          .meta({
            description:
              'What you want to do, in your words, English or German, e.g. "upload invoice document" or "Nachträge zum Vertrag".',
          }),
        product: z.enum(products).optional().meta({ description: 'Only tools of this product.' }),
      }),
    };
    reaches.set(reachable, reach);
  }
  return reach;
}

/** For a request of several steps, the order to run them in: the lookup a later step needs comes first. */
function stepsText(steps: ReadonlyArray<Step<ToolCard>>): string {
  if (!steps.length) return '';
  const order = steps.map(({ request, tool }, index) => `${index + 1}. ${tool.name} ("${echoed(request)}")`);
  return `This request has ${steps.length} steps; in order: ${order.join(', ')}.\n`;
}

/** The tools registerDiscoveryTools adds. */
export const DISCOVERY_TOOLS = ['search_tools', 'call_tool'] as const;

export function registerDiscoveryTools(server: McpServer, options: DiscoveryOptions): void {
  const { reachable, direct, byName } = options;
  const { directNames, products, searchInput } = reachOf(reachable, direct);

  server.registerTool(
    'search_tools',
    {
      title: 'Search all tools',
      description: `Finds tools for work the listed tools do not cover (${reachable.length - direct.length} more: e.g. documents, contractors, change orders, reporting${products.length > 1 ? `, ${products.filter((p) => p !== 'fincon').join(', ')}` : ''}). Returns their names, purpose and arguments; run one with call_tool.`,
      inputSchema: convertedOnce(searchInput),
      outputSchema: convertedOnce(searchOutput),
      annotations: hints.read,
    },
    async (args) => {
      const { query, product } = args as { query: string; product?: Product };
      const { tools: found, steps } = searchTools(reachable, query, product);
      if (!found.length) {
        return {
          content: [{ type: 'text', text: `No tool matches "${echoed(query)}"; try other words.` }],
          structuredContent: { steps: [], tools: [] },
        };
      }
      const text = found.map((tool) =>
        [
          `- ${tool.name} (${tool.hints.readOnlyHint ? 'reads' : 'changes data'}${directNames.has(tool.name) ? '; also a direct tool' : ''}): ${tool.description}`,
          ...argumentLines(tool.input),
        ].join('\n'),
      );
      return {
        content: [
          {
            type: 'text',
            text: `${stepsText(steps)}Run these with call_tool {"name", "arguments"}; * marks required arguments.\n${text.join('\n')}`,
          },
        ],
        structuredContent: {
          steps: steps.map(({ request, tool }) => ({ step: echoed(request), tool: tool.name })),
          tools: found.map((tool) => ({
            name: tool.name,
            title: tool.title,
            description: tool.description,
            product: tool.product,
            read_only: tool.hints.readOnlyHint,
            direct: directNames.has(tool.name),
            input_schema: tool.input,
          })),
        },
      };
    },
  );

  server.registerTool(
    'call_tool',
    {
      title: 'Run a tool by name',
      description:
        "Runs a tool found with search_tools, with its arguments as an object; they are checked before anything is sent, and the answer is the tool's own.",
      inputSchema: convertedOnce(callInput),
      outputSchema: convertedOnce(callOutput),
      // It reaches writing tools unless the server is read-only.
      annotations: options.readOnly ? hints.read : { ...hints.append, destructiveHint: true },
    },
    async (input, context) => {
      const { name, arguments: args } = input as z.output<typeof callInput>;
      const card = byName.get(name);
      if (!card) {
        return errorResult(
          `No tool named "${name}" is available here${options.readOnly ? ' (read-only mode offers only reading tools)' : ''}. Find one with search_tools.`,
        );
      }
      const parsed = (await toolOf(card)).inputSchema.safeParse(args);
      if (!parsed.success) return errorResult(describeIssues(card.name, parsed.error.issues));
      return options.run(card, parsed.data as Record<string, unknown>, context);
    },
  );
}
