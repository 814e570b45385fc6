/** The catalog: every API operation and summary of every product, and the toolsets that group them. */
import type { Operation, Product } from '../src/dispatch/operation.js';
import type { Tool } from '../src/dispatch/summary.js';
import { capexOperations } from './capex/index.js';
import { esgOperations } from './esg/index.js';
import { finconOperations } from './fincon/index.js';
import { summaries } from './summaries/index.js';
import { toolsets } from './toolsets.js';

/** One tool per API operation. */
export const apiOperations: readonly Operation[] = [...finconOperations, ...capexOperations, ...esgOperations];

/** Every tool: the API operations and the summaries over them. */
export const catalog: readonly Tool[] = [...apiOperations, ...summaries];

export { toolsets };

function productOf(toolset: string): Product | undefined {
  return catalog.find((tool) => tool.toolset === toolset)?.product;
}

/**
 * The daily work, offered as direct tools unless --toolsets says otherwise: FinCon's
 * daily toolsets when FinCon is offered (the core product; CAPEX and ESG stay
 * reachable through search_tools), otherwise the daily toolsets of the products offered.
 */
export function dailyToolsets(products: readonly Product[]): string[] {
  const primary: readonly Product[] = products.includes('fincon') ? ['fincon'] : products;
  return Object.entries(toolsets)
    .filter(([name, info]) => info.daily && primary.includes(productOf(name)!))
    .map(([name]) => name);
}
