import { z } from 'zod';
import { envelope } from './errors';
import { currencySchema } from './currency-schema';

/**
 * Metrics (issue 10 §3): daily series over a range of UTC days, `to` included. Every day of the
 * range is in the answer, zeros included, so a chart's axis has no gaps.
 */

/** The range when none is asked for: the last 30 days, today included. */
export const METRICS_DEFAULT_DAYS = 30;
/** The range picker's presets: the last N days, today included (the server prepares these ahead). */
export const METRICS_RANGE_PRESETS = [7, 30, 90] as const;
/** The longest range one call may ask for (a leap year). */
export const METRICS_MAX_DAYS = 366;
/**
 * The days a range may name, the earnings' months' window (payouts.ts): nothing was counted before
 * 2000, and the last day stops where the day after it is still a four-digit year, since 9999-12-31's
 * next day is written '+010000-01-01', which neither sorts nor parses as a day.
 */
export const METRICS_FIRST_DAY = '2000-01-01';
export const METRICS_LAST_DAY = '9998-12-31';
/** How many series and chapters the top lists hold. */
export const METRICS_TOP = 10;
/** How many series the revenue per series lists (those with the most coins spent). */
export const METRICS_SERIES_REVENUE_MAX = 50;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether `text` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1;
}

/** Today's UTC day. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

export type MetricsRange = { from: string; to: string; days: number };

/**
 * The range a query asks for, its missing ends filled in (to: today; from: 30 days up to `to`),
 * or what is wrong with it, per field. The server and the range picker share it.
 */
export function resolveMetricsRange(
  query: { from?: string | undefined; to?: string | undefined },
  today: string,
): { range: MetricsRange } | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const fromProblem = query.from === undefined ? null : dayProblem('from', query.from);
  const toProblem = query.to === undefined ? null : dayProblem('to', query.to);
  if (fromProblem) fields.from = fromProblem;
  if (toProblem) fields.to = toProblem;
  if (Object.keys(fields).length > 0) return { fields };
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(METRICS_DEFAULT_DAYS - 1));
  const problem = rangeProblem(from, to);
  if (problem) return { fields: problem };
  return { range: { from, to, days: daysInRange(from, to) } };
}

/** What is wrong with one end of a range, or null. */
function dayProblem(end: 'from' | 'to', text: string): string | null {
  if (!isDay(text)) return end === 'from' ? 'validation.metrics.fromFormat' : 'validation.metrics.toFormat';
  // Same width and zero-padding, so the strings compare as the days do.
  if (text < METRICS_FIRST_DAY || text > METRICS_LAST_DAY)
    return end === 'from' ? 'validation.metrics.fromWindow' : 'validation.metrics.toWindow';
  return null;
}

/** What is wrong with two real days as a range (their order, its length), by field, or null. */
function rangeProblem(from: string, to: string): Record<string, string> | null {
  if (from > to) return { from: 'validation.metrics.fromAfterTo' };
  if (daysInRange(from, to) > METRICS_MAX_DAYS) return { to: 'validation.metrics.rangeTooLong' };
  return null;
}

// Each end, and the ends against each other, are checked here; a missing end against today by resolveMetricsRange.
const dayParam = (end: 'from' | 'to') =>
  z
    .string()
    .trim()
    .superRefine((text, context) => {
      const problem = dayProblem(end, text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional();
export const metricsQuerySchema = z
  .object({ from: dayParam('from'), to: dayParam('to') })
  .superRefine(({ from, to }, context) => {
    if (from === undefined || to === undefined || dayProblem('from', from) || dayProblem('to', to)) return;
    for (const [field, message] of Object.entries(rangeProblem(from, to) ?? {}))
      context.addIssue({ code: 'custom', message, path: [field] });
  });
export type MetricsQuery = z.input<typeof metricsQuerySchema>;

const count = z.number().int();
const rangeSchema = z.object({ from: z.string(), to: z.string(), days: count });

/**
 * Amounts in each currency something was sold in, in its minor unit (issue 38 §3: any currency
 * Stripe takes); a currency left out is none.
 */
export const moneyByCurrencySchema = z.partialRecord(currencySchema, count);
export type MoneyByCurrency = z.infer<typeof moneyByCurrencySchema>;

const chapterRefSchema = z.object({
  chapterId: z.uuid(),
  seriesId: z.uuid(),
  seriesTitle: z.string(),
  seriesSlug: z.string(),
  number: z.number(),
  title: z.string(),
  slug: z.string(),
});

export const teamMetricsDaySchema = z.object({
  day: z.string(),
  /** Series pages and chapters read, each counted once per reader per day. */
  views: count,
  /** Bookmarks added that day. */
  followers: count,
  comments: count,
  unlocks: count,
  unlockCoins: count,
});

export const teamMetricsSchema = z.object({
  range: rangeSchema,
  days: z.array(teamMetricsDaySchema),
  totals: teamMetricsDaySchema.omit({ day: true }),
  topSeries: z.array(z.object({ seriesId: z.uuid(), title: z.string(), slug: z.string(), views: count })),
  topChapters: z.array(chapterRefSchema.extend({ views: count })),
  /** The chapters unlocked most in the range, with the coins spent on them. */
  topUnlocks: z.array(chapterRefSchema.extend({ unlocks: count, coins: count })),
  /** As things stand now, whatever the range. */
  /** What waits for the team now: the dashboard home's cards say it. */
  now: z.object({ reportedComments: count, scheduledChapters: count, draftChapters: count, draftSeries: count }),
});
export type TeamMetrics = z.infer<typeof teamMetricsSchema>;
export const teamMetricsResponseSchema = envelope(teamMetricsSchema);

export const adminMetricsDaySchema = z.object({
  day: z.string(),
  /** Purchases paid that day … */
  paid: moneyByCurrencySchema,
  /** … purchases refunded that day (on the refund's day, not the payment's) … */
  refunded: moneyByCurrencySchema,
  /** … and the difference. */
  net: moneyByCurrencySchema,
  /** Coins credited by coin purchases and by subscriptions' coins. */
  coinsSold: count,
  /** Coins spent on unlocks. */
  coinsSpent: count,
  /** Subscriptions running at the day's end (or now, for today). */
  activeSubscriptions: count,
  /** Their monthly recurring revenue: monthly plans' price, yearly plans' price / 12. */
  mrr: moneyByCurrencySchema,
  signups: count,
});

export const adminMetricsSchema = z.object({
  range: rangeSchema,
  days: z.array(adminMetricsDaySchema),
  totals: z.object({
    paid: moneyByCurrencySchema,
    refunded: moneyByCurrencySchema,
    net: moneyByCurrencySchema,
    coinsSold: count,
    coinsSpent: count,
    signups: count,
  }),
  /**
   * What one coin is worth: coins spent are valued at what coins were bought for, the average
   * price per coin of every coin purchase paid up to the range's end (refunded ones left out).
   * With sales in several currencies a coin is worth a share of each.
   */
  coinValue: z.object({ coinsSold: count, paid: moneyByCurrencySchema }),
  /** Coins spent on each series' chapters in the range, and their value by coinValue. */
  revenueBySeries: z.array(
    z.object({
      seriesId: z.uuid(),
      title: z.string(),
      slug: z.string(),
      unlocks: count,
      coins: count,
      value: moneyByCurrencySchema,
    }),
  ),
  /** As things stand now, whatever the range. */
  now: z.object({ activeSubscriptions: count, mrr: moneyByCurrencySchema }),
});
export type AdminMetrics = z.infer<typeof adminMetricsSchema>;
export const adminMetricsResponseSchema = envelope(adminMetricsSchema);

/**
 * Issue 22 §3: what turns a reader into a buyer, per chapter of a series, over a range of UTC days:
 * readers who started it and who finished it (read to the end), how it was opened, how many paying
 * readers paid for the first time there, and the share of its readers who did not go on to the next.
 */
export const funnelRowSchema = z.object({
  chapterId: z.uuid(),
  number: z.number(),
  started: count,
  finished: count,
  unlocksByMethod: z.object({ coins: count, wait_pass: count, daily_free: count }),
  firstPaid: count,
  /** 0–1: readers of this chapter who did not start the next; null for the last chapter. */
  dropOff: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;
export const seriesFunnelResponseSchema = envelope(
  z.object({
    range: rangeSchema,
    seriesId: z.uuid(),
    title: z.string(),
    rows: z.array(funnelRowSchema),
    /** The series' members (issue 38 §1): running now, and those who joined in the range. */
    members: z.object({ running: count, joined: count }).optional(),
  }),
);
export type SeriesFunnel = z.infer<typeof seriesFunnelResponseSchema>['data'];
