import { z } from 'zod';
import { CURRENCIES } from './currencies';

/** A currency of CURRENCIES, by its lowercase ISO 4217 code; kept apart so currencies.ts stays free of zod. */
export const currencySchema = z.enum(CURRENCIES, { error: 'validation.currencyUnknown' });
