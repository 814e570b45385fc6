import { z } from 'zod';
import { ApiError, pointer } from '../envelope.js';
import { decimal, str, uuid } from '../fields.js';
import { money, type Money } from '../money.js';
import type { Resource } from '../resource.js';
import type { Store } from '../store.js';
import type { Row, Table } from '../table.js';

/* Pieces of request bodies several FinCon/CAPEX operations share. */

/** `{data: {id, type}}`, a reference to another record. */
export const relationshipRef = () => z.object({ data: z.object({ id: uuid(), type: str() }) });

/** `{net, tax}` as decimal strings (money inputs carry no currency). */
export const netTax = () => z.object({ net: decimal(), tax: decimal() });

/** `{currency?, net, tax}`, the contract amount input. */
export const amountInput = () => z.object({ currency: str().optional(), net: decimal(), tax: decimal() });

export function toMoney(amount: { net: Money['net']; tax: Money['tax']; currency?: string | undefined }): Money {
  return money(amount.net, amount.tax, amount.currency);
}

/** A record named in the body; 404 pointing at the body field when it does not exist. */
export function referenced<R extends Row>(resource: Resource<R>, store: Store, id: string, ...path: string[]): R {
  const record = resource.table(store).get(id);
  if (!record) throw new ApiError(404, `${resource.label} ${id} does not exist.`, pointer(...path));
  return record;
}

/** The record a body names under `relationships.<name>`; 404 pointing there when it does not exist. */
export function relatedRecord<R extends Row>(
  resource: Resource<R>,
  store: Store,
  name: string,
  ref: { data: { id: string } },
): R {
  return referenced(resource, store, ref.data.id, 'data', 'relationships', name, 'data', 'id');
}

/** Update bodies that repeat the id must repeat the path's id. */
export function requireSameId(bodyId: string, pathId: string, label: string): void {
  if (bodyId !== pathId) {
    throw new ApiError(400, `data.id ${bodyId} does not match the ${label} ${pathId} in the path.`, pointer('data', 'id'));
  }
}

/** Copies the keys present in `changes` onto `record`; undefined and null values leave a field as it is. */
export function assignDefined<R extends object>(record: R, changes: { [K in keyof R]?: R[K] | null | undefined }): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined && value !== null) (record as Record<string, unknown>)[key] = value;
  }
}

/** The current time as the service writes timestamps. */
export function nowTimestamp(store: Store): string {
  return store.now().toISOString();
}

/** Names unique per account (contracting entities, tags): 409 for a name another record has. */
export function refuseTakenName(table: Table<Row & { name: string }>, label: string, name: string, except?: string): void {
  const taken = table.all().find((record) => record.name === name && record.id !== except);
  if (taken)
    throw new ApiError(409, `A ${label} named '${name}' already exists (${taken.id}).`, pointer('data', 'attributes', 'name'));
}
