import type { ChapterAccess, ChapterOffer, FreeWay } from '@inkwell/contract';

/**
 * One ladder of ways a locked chapter opens (issue 22 §1): coins for good; the series'
 * wait-until-free pass or its daily free for a while (a rental); a plan; or waiting for its free
 * date. Pure: the catalogue builds a chapter's offers with it, and the unlock checks a rental
 * against the same rules inside its transaction.
 */

const HOUR_MS = 3_600_000;

/** A series' settings for the ladder (its row's columns). */
export interface LadderSettings {
  waitPassIntervalHours: number | null;
  rentalHours: number;
  waitPassExcludesNewest: number;
  dailyFree: boolean;
  status: string;
}

/** When a reader last used the series' pass and its daily free (null: never, or not signed in). */
export interface RentalState {
  waitPass: Date | null;
  dailyFree: Date | null;
}

export const NO_RENTALS: RentalState = { waitPass: null, dailyFree: null };

/** Whether the series has a pass, and the chapter (`newer` chapters out after it) is not among the newest it excludes. */
export const passOpens = (settings: LadderSettings, newer: number) =>
  settings.waitPassIntervalHours !== null && newer >= settings.waitPassExcludesNewest;

/** The daily free is for completed series only. */
export const hasDailyFree = (settings: LadderSettings) => settings.dailyFree && settings.status === 'completed';

/**
 * The free ways that may open a chapter while it is locked to its viewer, as its row's badge says
 * (issue 33 §2): the series' own, whatever any reader's pass says now, so lists stay shared.
 */
export function freeWaysOf(settings: LadderSettings, access: ChapterAccess, newer: number): FreeWay[] {
  if (access !== 'locked' && access !== 'early_access') return [];
  const ways: FreeWay[] = [];
  if (passOpens(settings, newer)) ways.push('wait_pass');
  if (hasDailyFree(settings)) ways.push('daily_free');
  return ways;
}

/** When the pass is next available: its last use plus its interval (now, or past, means now). */
export function passAvailableAt(settings: LadderSettings, lastUse: Date | null, now: Date): Date {
  if (!lastUse || settings.waitPassIntervalHours === null) return now;
  const at = new Date(lastUse.getTime() + settings.waitPassIntervalHours * HOUR_MS);
  return at > now ? at : now;
}

/** The start of the UTC day of `moment`: a daily free is one per reader per series per UTC day. */
const utcDayStart = (moment: Date) => new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

/** When the daily free is next available: now, or the next UTC midnight once today's is used. */
export function dailyFreeAvailableAt(lastUse: Date | null, now: Date): Date {
  const today = utcDayStart(now);
  if (!lastUse || lastUse < today) return now;
  return new Date(today.getTime() + 24 * HOUR_MS);
}

/** When a rental started now ends. */
export const rentalEnd = (settings: LadderSettings, now: Date) => new Date(now.getTime() + settings.rentalHours * HOUR_MS);

/**
 * The ways a chapter opens for a viewer while it is locked to them, in the lock panel's order.
 * Nothing for an open chapter (free, bought, rented, premium, the team).
 */
export function offersFor(input: {
  chapter: { price: number; freeAt: Date | null };
  access: ChapterAccess;
  settings: LadderSettings;
  /** Chapters out after this one. */
  newer: number;
  rentals: RentalState;
  now: Date;
}): ChapterOffer[] {
  const { chapter, access, settings, newer, rentals, now } = input;
  if (access !== 'locked' && access !== 'early_access') return [];
  const offers: ChapterOffer[] = [];
  if (passOpens(settings, newer))
    offers.push({ type: 'wait_pass', availableAt: passAvailableAt(settings, rentals.waitPass, now).toISOString() });
  if (hasDailyFree(settings))
    offers.push({ type: 'daily_free', availableAt: dailyFreeAvailableAt(rentals.dailyFree, now).toISOString() });
  offers.push({ type: 'coins', price: chapter.price });
  if (chapter.freeAt) offers.push({ type: 'free_at', at: chapter.freeAt.toISOString() });
  offers.push({ type: 'plan' });
  return offers;
}

/** How long until a pass or the daily free is back ("2 d 4 h", "5 h", "under an hour"), as the messages' values. */
export function waitValues(from: Date, to: Date): { wait: 'soon' | 'days' | 'wholeDays' | 'hours'; days: number; hours: number } {
  const hours = Math.ceil((to.getTime() - from.getTime()) / HOUR_MS);
  const days = Math.floor(hours / 24);
  if (hours <= 1) return { wait: 'soon', days: 0, hours };
  if (days === 0) return { wait: 'hours', days, hours };
  return { wait: hours % 24 ? 'days' : 'wholeDays', days, hours: hours % 24 };
}

/** A bulk unlock's charge: the sum less the bundle's discount, rounded down (coins are whole). */
export const bundleCharge = (total: number, discountPercent: number) => Math.floor((total * (100 - discountPercent)) / 100);
