/** The catalog: every declared operation of every product, and the toolsets that group them. */
import type { Operation, Product } from '../src/dispatch/operation.js';
import { capexOperations, capexToolsets } from './capex/index.js';
import { esgOperations, esgToolsets } from './esg/index.js';
import { finconOperations, finconToolsets } from './fincon/index.js';
import type { ToolsetInfo } from './toolsets.js';

export const catalog: readonly Operation[] = [...finconOperations, ...capexOperations, ...esgOperations];

export const toolsets: Readonly<Record<string, ToolsetInfo>> = { ...finconToolsets, ...capexToolsets, ...esgToolsets };

function productOf(toolset: string): Product | undefined {
  return catalog.find((operation) => operation.toolset === toolset)?.product;
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
