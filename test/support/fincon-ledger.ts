/**
 * What the sandbox's FinCon API holds, read straight over REST, and the arithmetic the tests
 * check summaries with: independent of the server's own reads and sums.
 */
import { Decimal } from 'decimal.js';
import { query, walk, type Json } from '../sandbox/helpers.js';

export interface FinconLedger {
  projects: Json[];
  units: Json[];
  contracts: Json[];
  changeOrders: Json[];
  invoices: Json[];
  shifts: Json[];
  /** Every payment, read from each invoice's payment list. */
  paymentsByInvoice: Map<string, Json[]>;
}

/** JSON:API resources as flat objects: the attributes, with the id. */
export const flat = (resource: Json): Json => ({ id: resource.id, ...resource.attributes });

/** Every row of a list, all pages, flattened. */
export async function readAll(base: string, path: string, params: Record<string, string> = {}): Promise<Json[]> {
  return (await walk(`${base}${path}${Object.keys(params).length ? query(params) : ''}`)).items.map(flat);
}

export async function readFinconLedger(base: string): Promise<FinconLedger> {
  const [projects, units, contracts, changeOrders, invoices, shifts] = await Promise.all(
    ['/projects/', '/contract_units/', '/contracts/', '/change_orders/', '/invoices/', '/budget_shifts/'].map((path) =>
      readAll(base, path),
    ),
  );
  const paymentsByInvoice = new Map<string, Json[]>();
  for (const invoice of invoices!) paymentsByInvoice.set(invoice.id, await readAll(base, `/invoices/${invoice.id}/payments/`));
  return {
    projects: projects!,
    units: units!,
    contracts: contracts!,
    changeOrders: changeOrders!,
    invoices: invoices!,
    shifts: shifts!,
    paymentsByInvoice,
  };
}

export const net = (money: Json | null | undefined) => new Decimal(money?.net ?? 0);
export const tax = (money: Json | null | undefined) => new Decimal(money?.tax ?? 0);
export const gross = (money: Json | null | undefined) => net(money).plus(money?.tax ?? 0);
export const sum = (values: readonly Decimal[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));
export const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
