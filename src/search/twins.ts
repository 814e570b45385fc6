/** FinCon and CAPEX offer many of the same operations: list_invoices and capex_list_invoices. */
import type { Product } from '../dispatch/operation.js';

const CAPEX_PREFIX = 'capex_';

/** The name a tool has in the other product that has the same operation, if it has one. */
export function twinOf(tool: { name: string; product: Product }): { name: string; product: Product } | undefined {
  if (tool.product === 'capex') return { name: tool.name.slice(CAPEX_PREFIX.length), product: 'fincon' };
  if (tool.product === 'fincon') return { name: `${CAPEX_PREFIX}${tool.name}`, product: 'capex' };
  return undefined;
}
