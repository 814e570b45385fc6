/**
 * A tool's card: everything the server needs of a tool before one is called (its listing, its
 * place in the products and toolsets, the JSON Schemas it advertises). Cards are written at build
 * time, so a start reads one JSON file instead of building the zod schemas of every tool.
 */
import type { Product, ToolHints } from '../dispatch/operation.js';
import { isSummary, type Tool } from '../dispatch/summary.js';
import { inputJsonSchema, outputJsonSchema, type JsonSchema } from '../json-schemas.js';

export interface ToolCard {
  name: string;
  title: string;
  description: string;
  product: Product;
  toolset: string;
  hints: ToolHints;
  /** A summary answers from several reads (see dispatch/summary.ts). */
  summary: boolean;
  /** The input schema as models see it. */
  input: JsonSchema;
  output: JsonSchema;
}

export function cardOf(tool: Tool): ToolCard {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    product: tool.product,
    toolset: tool.toolset,
    hints: tool.hints,
    summary: isSummary(tool),
    input: inputJsonSchema(tool.inputSchema),
    output: outputJsonSchema(tool.outputSchema),
  };
}
