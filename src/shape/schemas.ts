/**
 * Output schema parts for API values, as flattened resources carry them. The money
 * shapes carry ids so each tool's JSON Schema defines them once under $defs.
 */
import { z } from 'zod';

export const moneySchema = z
  .object({ currency: z.string().optional(), net: z.string(), tax: z.string() })
  .meta({ id: 'Money', description: 'Exact amount; net and tax are decimal strings' });

export const grossMoneySchema = z
  .object({ amount: z.string(), currency: z.string().optional() })
  .meta({ id: 'GrossMoney', description: 'Exact gross amount as a decimal string' });
