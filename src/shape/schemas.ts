/** Output schema parts for API values, as flattened resources carry them. */
import { z } from 'zod';

export const decimalOut = z.string().meta({ description: 'decimal string' });

export const moneySchema = z.object({ currency: z.string().optional(), net: decimalOut, tax: decimalOut });

export const grossMoneySchema = z.object({ amount: decimalOut, currency: z.string().optional() });
