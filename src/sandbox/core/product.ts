import type { Resource } from '../resource.js';
import type { Store } from '../store.js';
import type { Row } from '../table.js';
import type { CoreTables } from './records.js';

/**
 * What distinguishes FinCon from CAPEX on the shared contract side. Core resources and routes
 * are built once per product from this description (see `perProduct`).
 */
export interface Product {
  name: 'fincon' | 'capex';
  tables(store: Store): CoreTables;
  /** The budget package a contract belongs to: a contract unit (FinCon) or a measure (CAPEX). */
  contractParent: {
    /** The contract attribute and relationship naming it. */
    attribute: 'contract_unit' | 'measure';
    resource(): Resource<Row>;
    /** The list of a parent's contracts and its path parameter. */
    contractsPath: string;
    contractsParam: string;
    /** Include paths through the parent, e.g. `contract_unit.project`. */
    includes: readonly string[];
  };
  /**
   * The container invoices are submitted to and contracts roll up to: the project (FinCon) or the
   * asset (CAPEX). `project` filters on contracts and change orders select by it in both products.
   */
  scope: {
    resource(): Resource<Row>;
    /** Collection path of the scope, e.g. `/projects`. */
    path: string;
    /** Name of the contractors filter that selects contractors working in one scope. */
    contractorFilter: 'project' | 'asset';
    /** The scope a contract parent belongs to; undefined when the parent does not exist. */
    ofParent(store: Store, parentId: string): string | undefined;
  };
}

/** Builds a product's variant of something once, on first use, and hands out that one afterwards. */
export function perProduct<T>(build: (product: Product) => T): (product: Product) => T {
  const built = new Map<Product['name'], T>();
  return (product) => {
    let value = built.get(product.name);
    if (value === undefined) {
      value = build(product);
      built.set(product.name, value);
    }
    return value;
  };
}
