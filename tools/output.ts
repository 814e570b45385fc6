/** Output schema builders: a flattened resource is loose (the API may add attributes) and nulls are dropped. */
import { z } from 'zod';
import { grossMoneySchema, moneySchema } from '../src/shape/schemas.js';

export const out = {
  text: z.string(),
  id: z.string().meta({ format: 'uuid' }),
  ids: z.array(z.string().meta({ format: 'uuid' })),
  date: z.string().meta({ format: 'date' }),
  dateTime: z.string().meta({ format: 'date-time' }),
  /** Decimal values the API writes as strings (areas, rates). */
  decimal: z.string(),
  /** Numbers the API writes as JSON numbers (percentages, factors). */
  number: z.number(),
  integer: z.number(),
  boolean: z.boolean(),
  texts: z.array(z.string()),
  /** A nested object passed through as the API wrote it. */
  object: z.looseObject({}),
  /** A value whose type depends on another attribute (custom field values). */
  any: z.unknown(),
  money: moneySchema,
  grossMoney: grossMoneySchema,
};

export function resourceSchema(attributes: Record<string, z.ZodType>): z.ZodObject {
  const optional = Object.fromEntries(Object.entries(attributes).map(([name, schema]) => [name, schema.optional()]));
  return z.looseObject({ id: out.id, type: z.string(), ...optional });
}

/** A resource the API returns without an id of its own (contract terms, an uploaded tax waiver). */
export function keylessSchema(attributes: Record<string, z.ZodType>): z.ZodObject {
  return resourceSchema(attributes).partial({ id: true, type: true });
}

/** The same money schema for each named attribute (reporting rows carry dozens). */
export function moneyAttributes(names: readonly string[]): Record<string, z.ZodType> {
  return Object.fromEntries(names.map((name) => [name, out.money]));
}
