/** Which tools the server offers: directly in tools/list, or reachable through search_tools and call_tool. */
import { catalog, dailyToolsets } from '../tools/index.js';
import type { Config } from './config.js';
import type { Tool } from './dispatch/summary.js';

export interface ToolSurface {
  /** Every tool of the chosen products (reading ones only in read-only mode). */
  reachable: readonly Tool[];
  /** The ones registered as tools of their own: the chosen toolsets. */
  direct: readonly Tool[];
  /** The reachable ones by tool name. */
  byName: ReadonlyMap<string, Tool>;
}

function toolsetNames(config: Pick<Config, 'products' | 'toolsets'>): Set<string> | 'all' {
  if (config.toolsets.includes('all')) return 'all';
  return new Set(config.toolsets.flatMap((name) => (name === 'daily' ? dailyToolsets(config.products) : [name])));
}

/** Products first, read-only over everything, then the toolsets pick the direct tools. */
export function toolSurface(config: Pick<Config, 'products' | 'toolsets' | 'readOnly'>): ToolSurface {
  const reachable = catalog.filter(
    (tool) => config.products.includes(tool.product) && (!config.readOnly || tool.hints.readOnlyHint),
  );
  const names = toolsetNames(config);
  const direct = names === 'all' ? reachable : reachable.filter((tool) => names.has(tool.toolset));
  return { reachable, direct, byName: new Map(reachable.map((tool) => [tool.name, tool])) };
}
