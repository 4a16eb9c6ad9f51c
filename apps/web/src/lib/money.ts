/** Money and coins on screen (DESIGN §4): prices travel as integers in their currency's minor unit. */
import { formatMinor } from './i18n/format';

/** "$4.99", "€10.00", "¥500" in English: an amount in its currency's minor unit (case of the code does not matter). */
export const formatMoney = (cents: number, currency: string): string => formatMinor('en', cents, currency);
