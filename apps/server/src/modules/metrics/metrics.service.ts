import {
  METRICS_SERIES_REVENUE_MAX,
  METRICS_TOP,
  addDays,
  resolveMetricsRange,
  utcDay,
  type AdminMetrics,
  type MetricsQuery,
  type MetricsRange,
  type MoneyByCurrency,
  type TeamMetrics,
} from '@inkwell/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { NIL_UUID } from '../../db/schema';
import { at, rowsOf } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);
const money = (row: Row, prefix: string): MoneyByCurrency => ({
  usd: num(row[`${prefix}_usd`]),
  eur: num(row[`${prefix}_eur`]),
  gbp: num(row[`${prefix}_gbp`]),
});
/** `sum(expr)` split into one column per currency: `<prefix>_usd`, `_eur`, `_gbp`. */
const perCurrency = (expr: SQL, currency: SQL, prefix: string) =>
  sql.join(
    (['usd', 'eur', 'gbp'] as const).map(
      (code) =>
        sql`coalesce(round(sum(${expr}) filter (where ${currency} = ${code})), 0)::bigint as ${sql.raw(`${prefix}_${code}`)}`,
    ),
    sql`, `,
  );

/**
 * The range's bounds as SQL: its days (for daily_views' `day`) and the moments they start and end
 * (for created_at columns: `>= start and < end`, which their indexes serve). Days are UTC days.
 */
function bounds(range: MetricsRange) {
  return {
    fromDay: sql`${range.from}::date`,
    toDay: sql`${range.to}::date`,
    start: at(new Date(`${range.from}T00:00:00Z`)),
    end: at(new Date(`${addDays(range.to, 1)}T00:00:00Z`)),
  };
}

/** The UTC day of a timestamptz column. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

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

  const rows = async (query: SQL) => rowsOf<Row>(await db.execute(query));

  async function team(query: MetricsQuery): Promise<TeamMetrics> {
    const range = rangeOf(query);
    const { fromDay, toDay, start, end } = bounds(range);
    const inDays = sql`day between ${fromDay} and ${toDay}`;

    const [daily, topSeries, topChapters, topUnlocks, now] = await Promise.all([
      rows(sql`
        with days as (
          select d::date as day from generate_series(${fromDay}::timestamp, ${toDay}::timestamp, interval '1 day') as d
        ), views as (
          select day, sum(views) as n from daily_views where ${inDays} group by day
        ), follows as (
          select ${dayOf(sql`created_at`)} as day, count(*) as n from bookmarks
          where created_at >= ${start} and created_at < ${end} group by 1
        ), posts as (
          select ${dayOf(sql`created_at`)} as day, count(*) as n from comments
          where created_at >= ${start} and created_at < ${end} group by 1
        ), unlocks as (
          select ${dayOf(sql`created_at`)} as day, count(*) as n, sum(coins) as coins from chapter_unlocks
          where created_at >= ${start} and created_at < ${end} group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as day,
          coalesce(views.n, 0)::bigint as views, coalesce(follows.n, 0)::bigint as followers,
          coalesce(posts.n, 0)::bigint as comments, coalesce(unlocks.n, 0)::bigint as unlocks,
          coalesce(unlocks.coins, 0)::bigint as unlock_coins
        from days
        left join views using (day) left join follows using (day) left join posts using (day) left join unlocks using (day)
        order by days.day`),
      // Series pages and chapters alike count toward a series, as the popular sort counts them.
      rows(sql`
        select s.id, s.title, s.slug, t.views from (
          select series_id, sum(views) as views from daily_views where ${inDays}
          group by series_id order by sum(views) desc, series_id limit ${METRICS_TOP}
        ) t join series s on s.id = t.series_id
        order by t.views desc, s.title`),
      rows(sql`
        select ch.id as chapter_id, s.id as series_id, s.title as series_title, s.slug as series_slug,
          ch.number::float8 as number, ch.title, ch.slug, t.views
        from (
          select chapter_id, sum(views) as views from daily_views
          where ${inDays} and chapter_id <> ${NIL_UUID}::uuid group by chapter_id
        ) t
        join chapters ch on ch.id = t.chapter_id join series s on s.id = ch.series_id
        order by t.views desc, s.title, ch.number limit ${METRICS_TOP}`),
      rows(sql`
        select ch.id as chapter_id, s.id as series_id, s.title as series_title, s.slug as series_slug,
          ch.number::float8 as number, ch.title, ch.slug, t.unlocks, t.coins
        from (
          select chapter_id, count(*) as unlocks, sum(coins) as coins from chapter_unlocks
          where created_at >= ${start} and created_at < ${end} group by chapter_id
        ) t
        join chapters ch on ch.id = t.chapter_id join series s on s.id = ch.series_id
        order by t.unlocks desc, t.coins desc, s.title, ch.number limit ${METRICS_TOP}`),
      // Awaiting moderation: reported and not hidden yet (the partial index on reported comments).
      rows(sql`
        select
          (select count(*) from comments where report_count > 0 and hidden_at is null) as reported_comments,
          (select count(*) from chapters where published_at > ${at(clock.now())}) as scheduled_chapters`),
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
    const chapterRef = (row: Row) => ({
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
      now: { reportedComments: num(now[0]?.reported_comments), scheduledChapters: num(now[0]?.scheduled_chapters) },
    };
  }

  async function admin(query: MetricsQuery): Promise<AdminMetrics> {
    const range = rangeOf(query);
    const { fromDay, toDay, start, end } = bounds(range);
    const moment = at(clock.now());
    // A yearly plan's monthly share is its price / 12.
    const monthly = sql`p.price_cents / (case when p.interval = 'year' then 12.0 else 1 end)`;

    const [daily, coinValue, bySeries, now] = await Promise.all([
      rows(sql`
        with days as (
          select d::date as day from generate_series(${fromDay}::timestamp, ${toDay}::timestamp, interval '1 day') as d
        ), paid as (
          -- A purchase refunded later still counts as paid on its day …
          select ${dayOf(sql`paid_at`)} as day, ${perCurrency(sql`amount_cents`, sql`currency`, 'paid')}
          from purchases where paid_at >= ${start} and paid_at < ${end} and status in ('paid', 'refunded') group by 1
        ), refunded as (
          -- … and is taken off on the refund's day. (No index on refunded_at: refunds are few.)
          select ${dayOf(sql`refunded_at`)} as day, ${perCurrency(sql`amount_cents`, sql`currency`, 'refunded')}
          from purchases where status = 'refunded' and refunded_at >= ${start} and refunded_at < ${end} group by 1
        ), coins as (
          select ${dayOf(sql`created_at`)} as day,
            coalesce(sum(delta) filter (where kind in ('purchase', 'subscription_coins')), 0) as sold,
            coalesce(-sum(delta) filter (where kind = 'unlock'), 0) as spent
          from coin_ledger
          where kind in ('purchase', 'subscription_coins', 'unlock') and created_at >= ${start} and created_at < ${end}
          group by 1
        ), signups as (
          select ${dayOf(sql`created_at`)} as day, count(*) as n from users
          where created_at >= ${start} and created_at < ${end} group by 1
        ), sub_events as (
          -- Running subscriptions as events: each one running at the range's start, or started in
          -- it, counts from its first day in the range; each one that ended in it stops counting
          -- on that day. A running sum over the days gives those running at each day's end.
          select greatest(${dayOf(sql`sb.started_at`)}, ${fromDay}) as day, 1 as n, p.currency, ${monthly} as mrr
          from subscriptions sb join plans p on p.id = sb.plan_id
          where sb.started_at < ${end} and (sb.ended_at is null or sb.ended_at >= ${start})
          union all
          select ${dayOf(sql`sb.ended_at`)}, -1, p.currency, -(${monthly})
          from subscriptions sb join plans p on p.id = sb.plan_id
          where sb.ended_at >= ${start} and sb.ended_at < ${end}
        ), sub_days as (
          select day, sum(n) as n,
            coalesce(sum(mrr) filter (where currency = 'usd'), 0) as usd,
            coalesce(sum(mrr) filter (where currency = 'eur'), 0) as eur,
            coalesce(sum(mrr) filter (where currency = 'gbp'), 0) as gbp
          from sub_events group by day
        ), subs as (
          select days.day,
            sum(coalesce(sd.n, 0)) over running as active,
            sum(coalesce(sd.usd, 0)) over running as mrr_usd,
            sum(coalesce(sd.eur, 0)) over running as mrr_eur,
            sum(coalesce(sd.gbp, 0)) over running as mrr_gbp
          from days left join sub_days sd on sd.day = days.day
          window running as (order by days.day rows between unbounded preceding and current row)
        )
        select to_char(days.day, 'YYYY-MM-DD') as day,
          paid.paid_usd, paid.paid_eur, paid.paid_gbp,
          refunded.refunded_usd, refunded.refunded_eur, refunded.refunded_gbp,
          coalesce(coins.sold, 0)::bigint as coins_sold, coalesce(coins.spent, 0)::bigint as coins_spent,
          coalesce(signups.n, 0)::bigint as signups,
          subs.active::bigint as active,
          round(subs.mrr_usd)::bigint as mrr_usd, round(subs.mrr_eur)::bigint as mrr_eur, round(subs.mrr_gbp)::bigint as mrr_gbp
        from days
        left join paid using (day) left join refunded using (day) left join coins using (day)
        left join signups using (day) left join subs using (day)
        order by days.day`),
      // What coins were bought for: every coin purchase paid up to the range's end, refunded ones left out.
      rows(sql`
        select coalesce(sum(coins), 0)::bigint as coins, ${perCurrency(sql`amount_cents`, sql`currency`, 'paid')}
        from purchases where kind = 'coins' and status = 'paid' and paid_at < ${end}`),
      rows(sql`
        select s.id, s.title, s.slug, t.unlocks, t.coins from (
          select ch.series_id, count(*) as unlocks, sum(u.coins) as coins
          from chapter_unlocks u join chapters ch on ch.id = u.chapter_id
          where u.created_at >= ${start} and u.created_at < ${end}
          group by ch.series_id
        ) t join series s on s.id = t.series_id
        order by t.coins desc, s.title limit ${METRICS_SERIES_REVENUE_MAX}`),
      // Paying now: active, and the period paid for not over.
      rows(sql`
        select count(*)::bigint as active, ${perCurrency(monthly, sql`p.currency`, 'mrr')}
        from subscriptions sb join plans p on p.id = sb.plan_id
        where sb.status = 'active' and sb.current_period_end > ${moment}`),
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
    const value = { coinsSold: num(coinValue[0]?.coins), paid: money(coinValue[0] ?? {}, 'paid') };
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
      now: { activeSubscriptions: num(now[0]?.active), mrr: money(now[0] ?? {}, 'mrr') },
    };
  }

  return { team, admin };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
