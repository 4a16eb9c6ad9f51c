import { z } from 'zod';

/** The currencies prices are set in (lowercase ISO 4217, as Stripe writes them). */
export const CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const currencySchema = z.enum(CURRENCIES, { error: 'validation.currencyChoice' });
