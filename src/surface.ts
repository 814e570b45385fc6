/** Which tools the server offers: directly in tools/list, or reachable through search_tools and call_tool. */
import { toolsets } from '../tools/toolsets.js';
import type { ToolCard } from './catalog/cards.js';
import type { Config } from './config.js';
import type { Product } from './dispatch/operation.js';

/** What placing a tool needs: its card, or the tool itself. */
export type Placed = Pick<ToolCard, 'name' | 'product' | 'toolset' | 'hints'>;

export interface ToolSurface<T extends Placed = ToolCard> {
  /** Every tool of the chosen products (reading ones only in read-only mode). */
  reachable: readonly T[];
  /** The ones registered as tools of their own: the chosen toolsets. */
  direct: readonly T[];
  /** The reachable ones by tool name. */
  byName: ReadonlyMap<string, T>;
}

/**
 * The daily work, offered as direct tools unless --toolsets says otherwise: FinCon's
 * daily toolsets when FinCon is offered (the core product; CAPEX and ESG stay
 * reachable through search_tools), otherwise the daily toolsets of the products offered.
 */
export function dailyToolsets(tools: readonly Placed[], products: readonly Product[]): string[] {
  const primary: readonly Product[] = products.includes('fincon') ? ['fincon'] : products;
  const productOf = (toolset: string) => tools.find((tool) => tool.toolset === toolset)?.product;
  return Object.entries(toolsets)
    .filter(([name, info]) => info.daily && primary.includes(productOf(name)!))
    .map(([name]) => name);
}

function toolsetNames(tools: readonly Placed[], config: Pick<Config, 'products' | 'toolsets'>): Set<string> | 'all' {
  if (config.toolsets.includes('all')) return 'all';
  return new Set(config.toolsets.flatMap((name) => (name === 'daily' ? dailyToolsets(tools, config.products) : [name])));
}

/** Products first, read-only over everything, then the toolsets pick the direct tools. */
export function toolSurface<T extends Placed>(
  tools: readonly T[],
  config: Pick<Config, 'products' | 'toolsets' | 'readOnly'>,
): ToolSurface<T> {
  const reachable = tools.filter(
    (tool) => config.products.includes(tool.product) && (!config.readOnly || tool.hints.readOnlyHint),
  );
  const names = toolsetNames(tools, config);
  const direct = names === 'all' ? reachable : reachable.filter((tool) => names.has(tool.toolset));
  return { reachable, direct, byName: new Map(reachable.map((tool) => [tool.name, tool])) };
}

/**
 * A card as read-only mode lists it: without save_to, the one argument that writes a local file.
 * The tool still validates it, so a call that sends it anyway is refused with the reason.
 */
export function readOnlyCard(card: ToolCard): ToolCard {
  const { save_to: saveTo, ...properties } = (card.input.properties ?? {}) as Record<string, unknown>;
  return saveTo === undefined ? card : { ...card, input: { ...card.input, properties } };
}
