/**
 * What every declaration file shares: a declarer that stamps product, toolset and
 * the product's tool name on a declaration, and the filter operation sets the API
 * offers per kind of attribute.
 */
import type { z } from 'zod';
import { defineOperation } from '../src/dispatch/define.js';
import type { FilterOperation, Operation, OperationDeclaration } from '../src/dispatch/operation.js';
import type { Scope } from './scope.js';

export type Declaration = Omit<OperationDeclaration, 'product' | 'toolset'>;

/** Declares the tools of one toolset of a product: `name` and `toolset` get the product's prefix. */
export function declarer(scope: Scope, toolset: string): (declaration: Declaration) => Operation {
  return (declaration) =>
    defineOperation({
      ...declaration,
      name: scope.tool(declaration.name),
      product: scope.product,
      toolset: scope.toolset(toolset),
    });
}

/** Ids and enum values. */
export const oneOf = ['in', 'not_in'] as const satisfies readonly FilterOperation[];
/** Text attributes. */
export const matches = ['exact', 'contains'] as const satisfies readonly FilterOperation[];
/** Dates, timestamps and amounts. */
export const bounds = ['less_than_equal', 'greater_than_equal', 'range'] as const satisfies readonly FilterOperation[];
/** Nullable dates and amounts: bounds, or `is` false/true for "has no value". */
export const boundsOrUnset = [...bounds, 'is'] as const satisfies readonly FilterOperation[];
/** Calendar days: one day or bounds. */
export const onDay = ['exact', ...bounds] as const satisfies readonly FilterOperation[];

/** The same arguments, each optional: an update takes any subset of what a create takes. */
export function allOptional<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}
