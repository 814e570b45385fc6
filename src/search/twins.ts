/** FinCon and CAPEX offer many of the same operations: list_invoices and capex_list_invoices. */
import { capex, fincon, SCOPES } from '../../tools/scope.js';
import type { Product } from '../dispatch/operation.js';

interface Named {
  name: string;
  product: Product;
}

/** A tool's name without its product's prefix: capex_list_invoices -> list_invoices. */
export const operationOf = (tool: Named): string => tool.name.slice(SCOPES[tool.product].prefix.length);

/** The name a tool has in the other product that has the same operation, if it has one. */
export function twinOf(tool: Named): Named | undefined {
  if (tool.product === 'capex') return { name: fincon.tool(operationOf(tool)), product: fincon.product };
  if (tool.product === 'fincon') return { name: capex.tool(tool.name), product: capex.product };
  return undefined;
}
