/**
 * A product's naming: CAPEX shares most FinCon resources and rules, so shared
 * declarations are written once as factories over a scope, and each product gets
 * its own tools (`list_invoices`, `capex_list_invoices`).
 */
import type { Product } from '../src/dispatch/operation.js';

export interface Scope {
  product: Product;
  /** What the product's tool and toolset names start with: '' for FinCon. */
  prefix: string;
  /** The product's name for a tool: `list_invoices` -> `capex_list_invoices`. */
  tool(name: string): string;
  toolset(name: string): string;
}

function scope(product: Product, prefix: string): Scope {
  return { product, prefix, tool: (name) => prefix + name, toolset: (name) => prefix + name };
}

export const fincon = scope('fincon', '');
export const capex = scope('capex', 'capex_');
export const esg = scope('esg', 'esg_');

export const SCOPES: Readonly<Record<Product, Scope>> = { fincon, capex, esg };
