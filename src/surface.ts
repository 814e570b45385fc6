/** Which tools the server offers: directly in tools/list, or reachable through search_tools and call_tool. */
import { catalog, dailyToolsets } from '../tools/index.js';
import type { Config } from './config.js';
import type { Operation } from './dispatch/operation.js';

export interface ToolSurface {
  /** Every operation of the chosen products (reading ones only in read-only mode). */
  reachable: readonly Operation[];
  /** The ones registered as tools of their own: the chosen toolsets. */
  direct: readonly Operation[];
  /** The reachable ones by tool name. */
  byName: ReadonlyMap<string, Operation>;
}

function toolsetNames(config: Pick<Config, 'products' | 'toolsets'>): Set<string> | 'all' {
  if (config.toolsets.includes('all')) return 'all';
  return new Set(config.toolsets.flatMap((name) => (name === 'daily' ? dailyToolsets(config.products) : [name])));
}

/** Products first, read-only over everything, then the toolsets pick the direct tools. */
export function toolSurface(config: Pick<Config, 'products' | 'toolsets' | 'readOnly'>): ToolSurface {
  const reachable = catalog.filter(
    (operation) => config.products.includes(operation.product) && (!config.readOnly || operation.hints.readOnlyHint),
  );
  const names = toolsetNames(config);
  const direct = names === 'all' ? reachable : reachable.filter((operation) => names.has(operation.toolset));
  return { reachable, direct, byName: new Map(reachable.map((operation) => [operation.name, operation])) };
}
