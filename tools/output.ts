/** Output schema builders: a flattened resource is loose (the API may add attributes) and nulls are dropped. */
import { z } from 'zod';
import { grossMoneySchema, moneySchema } from '../src/shape/schemas.js';

export const out = {
  text: z.string(),
  id: z.string().meta({ format: 'uuid' }),
  date: z.string().meta({ format: 'date' }),
  dateTime: z.string().meta({ format: 'date-time' }),
  /** Decimal values the API writes as strings (areas, rates). */
  decimal: z.string(),
  integer: z.number(),
  boolean: z.boolean(),
  money: moneySchema,
  grossMoney: grossMoneySchema,
};

export function resourceSchema(attributes: Record<string, z.ZodType>): z.ZodObject {
  const optional = Object.fromEntries(Object.entries(attributes).map(([name, schema]) => [name, schema.optional()]));
  return z.looseObject({ id: out.id, type: z.string(), ...optional });
}
