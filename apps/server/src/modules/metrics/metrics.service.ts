import {
  METRICS_SERIES_REVENUE_MAX,
  METRICS_TOP,
  resolveMetricsRange,
  utcDay,
  type AdminMetrics,
  type MetricsQuery,
  type MetricsRange,
  type MoneyByCurrency,
  type TeamMetrics,
} from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  countAwaitingTeam,
  listAdminDays,
  listRevenueBySeries,
  listTeamDays,
  listTopChaptersByUnlocks,
  listTopChaptersByViews,
  listTopSeriesByViews,
  sumCoinPurchases,
  sumPayingSubscriptions,
  type Amount,
  type AmountsByCurrency,
  type ChapterRefRow,
} from './metrics.repository';

const num = (value: Amount | undefined) => Number(value ?? 0);
const money = <P extends string>(row: Partial<AmountsByCurrency<P>>, prefix: P): MoneyByCurrency => ({
  usd: num(row[`${prefix}_usd`]),
  eur: num(row[`${prefix}_eur`]),
  gbp: num(row[`${prefix}_gbp`]),
});

/**
 * Editors' and admins' numbers (issue 10 §3). Each answer is a few set-based statements: every
 * day of the range comes from generate_series, joined to per-day counts that read the indexes on
 * the counted column, so a year costs the same number of statements as a day.
 */
export function createMetricsService({ db, clock }: { db: Database; clock: Clock }) {
  const rangeOf = (query: MetricsQuery): MetricsRange => {
    const resolved = resolveMetricsRange(query, utcDay(clock.now()));
    if ('fields' in resolved) {
      const [first] = Object.values(resolved.fields);
      throw new AppError('validation_failed', first ?? 'The range is not valid', { fields: resolved.fields });
    }
    return resolved.range;
  };

  async function team(query: MetricsQuery): Promise<TeamMetrics> {
    const range = rangeOf(query);
    const now = clock.now();
    const [daily, topSeries, topChapters, topUnlocks, awaiting] = await Promise.all([
      listTeamDays(db, range),
      listTopSeriesByViews(db, range, METRICS_TOP),
      listTopChaptersByViews(db, range, METRICS_TOP),
      listTopChaptersByUnlocks(db, range, METRICS_TOP),
      countAwaitingTeam(db, now),
    ]);

    const days = daily.map((row) => ({
      day: String(row.day),
      views: num(row.views),
      followers: num(row.followers),
      comments: num(row.comments),
      unlocks: num(row.unlocks),
      unlockCoins: num(row.unlock_coins),
    }));
    const sum = (key: Exclude<keyof TeamMetrics['days'][number], 'day'>) => days.reduce((total, day) => total + day[key], 0);
    const chapterRef = (row: ChapterRefRow) => ({
      chapterId: String(row.chapter_id),
      seriesId: String(row.series_id),
      seriesTitle: String(row.series_title),
      seriesSlug: String(row.series_slug),
      number: num(row.number),
      title: String(row.title),
      slug: String(row.slug),
    });
    return {
      range,
      days,
      totals: {
        views: sum('views'),
        followers: sum('followers'),
        comments: sum('comments'),
        unlocks: sum('unlocks'),
        unlockCoins: sum('unlockCoins'),
      },
      topSeries: topSeries.map((row) => ({
        seriesId: String(row.id),
        title: String(row.title),
        slug: String(row.slug),
        views: num(row.views),
      })),
      topChapters: topChapters.map((row) => ({ ...chapterRef(row), views: num(row.views) })),
      topUnlocks: topUnlocks.map((row) => ({ ...chapterRef(row), unlocks: num(row.unlocks), coins: num(row.coins) })),
      now: { reportedComments: num(awaiting?.reported_comments), scheduledChapters: num(awaiting?.scheduled_chapters) },
    };
  }

  async function admin(query: MetricsQuery): Promise<AdminMetrics> {
    const range = rangeOf(query);
    const now = clock.now();
    const [daily, coinPurchases, bySeries, paying] = await Promise.all([
      listAdminDays(db, range),
      sumCoinPurchases(db, range),
      listRevenueBySeries(db, range, METRICS_SERIES_REVENUE_MAX),
      sumPayingSubscriptions(db, now),
    ]);

    const days = daily.map((row) => {
      const paid = money(row, 'paid');
      const refunded = money(row, 'refunded');
      return {
        day: String(row.day),
        paid,
        refunded,
        net: { usd: paid.usd - refunded.usd, eur: paid.eur - refunded.eur, gbp: paid.gbp - refunded.gbp },
        coinsSold: num(row.coins_sold),
        coinsSpent: num(row.coins_spent),
        activeSubscriptions: num(row.active),
        mrr: money(row, 'mrr'),
        signups: num(row.signups),
      };
    });
    const total = (pick: (day: (typeof days)[number]) => MoneyByCurrency): MoneyByCurrency => ({
      usd: days.reduce((sum, day) => sum + pick(day).usd, 0),
      eur: days.reduce((sum, day) => sum + pick(day).eur, 0),
      gbp: days.reduce((sum, day) => sum + pick(day).gbp, 0),
    });
    const value = { coinsSold: num(coinPurchases?.coins), paid: money(coinPurchases ?? {}, 'paid') };
    // A coin spent is worth what the average coin was bought for, in each currency it was sold in.
    const valueOf = (coins: number): MoneyByCurrency =>
      value.coinsSold === 0
        ? { usd: 0, eur: 0, gbp: 0 }
        : {
            usd: Math.round((coins * value.paid.usd) / value.coinsSold),
            eur: Math.round((coins * value.paid.eur) / value.coinsSold),
            gbp: Math.round((coins * value.paid.gbp) / value.coinsSold),
          };

    return {
      range,
      days,
      totals: {
        paid: total((day) => day.paid),
        refunded: total((day) => day.refunded),
        net: total((day) => day.net),
        coinsSold: days.reduce((sum, day) => sum + day.coinsSold, 0),
        coinsSpent: days.reduce((sum, day) => sum + day.coinsSpent, 0),
        signups: days.reduce((sum, day) => sum + day.signups, 0),
      },
      coinValue: value,
      revenueBySeries: bySeries.map((row) => ({
        seriesId: String(row.id),
        title: String(row.title),
        slug: String(row.slug),
        unlocks: num(row.unlocks),
        coins: num(row.coins),
        value: valueOf(num(row.coins)),
      })),
      now: { activeSubscriptions: num(paying?.active), mrr: money(paying ?? {}, 'mrr') },
    };
  }

  return { team, admin };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
