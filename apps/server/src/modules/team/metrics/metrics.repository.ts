import { addDays, type AmountsByCurrency, type MetricsRange } from '@inkwell/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { at, rowsOf } from '../../../db/sql';
import { subscriptionRunning } from '../../identity/access';

/**
 * A count or sum as the driver returns it: bigint and numeric come back as text or a bigint
 * depending on the driver, and null where a left join found nothing. Read it with Number().
 */
export type Amount = string | number | bigint | null;
/** Amounts per currency as the database sums them: {currency: amount}, currencies with none left out; null when nothing was summed. */
export type MoneyColumn = AmountsByCurrency | null;

/**
 * `{currency: amount}` of the rows of `source` (a subquery with `currency` and `amount` columns,
 * one row per currency, grouped by whatever else it selects): amounts of 0 are left out.
 */
const moneyOf = (amount: SQL = sql`amount`) =>
  sql`jsonb_object_agg(currency, round(${amount})::bigint) filter (where round(${amount}) <> 0)`;

/**
 * The range's bounds as SQL: its days (for daily_views' `day`) and the moments they start and end
 * (for created_at columns: `>= start and < end`, which their indexes serve). Days are UTC days.
 */
export function bounds(range: MetricsRange) {
  return {
    fromDay: sql`${range.from}::date`,
    toDay: sql`${range.to}::date`,
    start: at(new Date(`${range.from}T00:00:00Z`)),
    end: at(new Date(`${addDays(range.to, 1)}T00:00:00Z`)),
  };
}

/** The UTC day of a timestamptz column. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/** A yearly plan's monthly share is its price / 12. */
const monthly = sql`p.price_cents / (case when p.interval = 'year' then 12.0 else 1 end)`;

export async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export interface TeamDayRow {
  /** YYYY-MM-DD */
  day: string;
  views: Amount;
  followers: Amount;
  comments: Amount;
  unlocks: Amount;
  unlock_coins: Amount;
}

/**
 * Every day of the range, in order (generate_series), with its views, new bookmarks, comments and
 * unlocks; each count reads the index on its counted column.
 */
export function listTeamDays(db: Database, range: MetricsRange) {
  const { fromDay, toDay, start, end } = bounds(range);
  return rows<TeamDayRow>(
    db,
    sql`
        with days as (
          select d::date as day from generate_series(${fromDay}::timestamp, ${toDay}::timestamp, interval '1 day') as d
        ), views as (
          select day, sum(views) as n from daily_views where day between ${fromDay} and ${toDay} group by day
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
        order by days.day`,
  );
}

/**
 * What awaits the team at `now`: comments reported and not hidden yet (the partial index on
 * reported comments), chapters scheduled to publish later, draft chapters (no publication time:
 * chapters_published_idx keeps them too) and series not published (series_unpublished_idx).
 */
export async function countAwaitingTeam(db: Database, now: Date) {
  const [row] = await rows<{
    reported_comments: Amount;
    scheduled_chapters: Amount;
    draft_chapters: Amount;
    draft_series: Amount;
  }>(
    db,
    sql`
        select
          (select count(*) from comments where report_count > 0 and hidden_at is null) as reported_comments,
          (select count(*) from chapters where published_at > ${at(now)}) as scheduled_chapters,
          (select count(*) from chapters where published_at is null) as draft_chapters,
          (select count(*) from series where not is_published) as draft_series`,
  );
  return row;
}

export interface AdminDayRow {
  /** YYYY-MM-DD */
  day: string;
  paid: MoneyColumn;
  refunded: MoneyColumn;
  coins_sold: Amount;
  coins_spent: Amount;
  signups: Amount;
  /** Subscriptions running at the day's end, and their monthly revenue. */
  active: Amount;
  mrr: MoneyColumn;
}

/** A day with nothing counted, in the live team query's shape (days before anything was counted). */
export const emptyTeamDay = (day: string): TeamDayRow => ({
  day,
  views: 0,
  followers: 0,
  comments: 0,
  unlocks: 0,
  unlock_coins: 0,
});
/** A day with nothing counted, in the live admin query's shape. */
export const emptyAdminDay = (day: string): AdminDayRow => ({
  day,
  paid: {},
  refunded: {},
  coins_sold: 0,
  coins_spent: 0,
  signups: 0,
  active: 0,
  mrr: {},
});

/**
 * Every day of the range, in order: money paid and refunded per currency, coins sold and spent,
 * sign-ups, and the subscriptions running at the day's end with their monthly revenue.
 */
export function listAdminDays(db: Database, range: MetricsRange) {
  const { fromDay, toDay, start, end } = bounds(range);
  return rows<AdminDayRow>(
    db,
    sql`
        with days as (
          select d::date as day from generate_series(${fromDay}::timestamp, ${toDay}::timestamp, interval '1 day') as d
        ), paid as (
          -- A purchase refunded later still counts as paid on its day …
          select day, ${moneyOf()} as paid from (
            select ${dayOf(sql`paid_at`)} as day, currency, sum(amount_cents) as amount
            from purchases where paid_at >= ${start} and paid_at < ${end} and status in ('paid', 'refunded') group by 1, 2
          ) per_currency group by day
        ), refunded as (
          -- … and is taken off on the refund's day (the partial index of refunds).
          select day, ${moneyOf()} as refunded from (
            select ${dayOf(sql`refunded_at`)} as day, currency, sum(amount_cents) as amount
            from purchases where status = 'refunded' and refunded_at >= ${start} and refunded_at < ${end} group by 1, 2
          ) per_currency group by day
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
          -- on that day. A running sum over the days, per currency, gives those running at each day's end.
          select greatest(${dayOf(sql`sb.started_at`)}, ${fromDay}) as day, 1 as n, p.currency, ${monthly} as mrr
          from subscriptions sb join plans p on p.id = sb.plan_id
          where sb.started_at < ${end} and (sb.ended_at is null or sb.ended_at >= ${start})
          union all
          select ${dayOf(sql`sb.ended_at`)}, -1, p.currency, -(${monthly})
          from subscriptions sb join plans p on p.id = sb.plan_id
          where sb.ended_at >= ${start} and sb.ended_at < ${end}
        ), sub_days as (
          select day, currency, sum(n) as n, sum(mrr) as mrr from sub_events group by day, currency
        ), running as (
          select days.day, c.currency,
            sum(coalesce(sd.n, 0)) over per_currency as n,
            sum(coalesce(sd.mrr, 0)) over per_currency as amount
          from days cross join (select distinct currency from sub_events) c
          left join sub_days sd on sd.day = days.day and sd.currency = c.currency
          window per_currency as (partition by c.currency order by days.day rows between unbounded preceding and current row)
        ), subs as (
          select day, sum(n) as active, ${moneyOf()} as mrr from running group by day
        )
        select to_char(days.day, 'YYYY-MM-DD') as day,
          paid.paid, refunded.refunded,
          coalesce(coins.sold, 0)::bigint as coins_sold, coalesce(coins.spent, 0)::bigint as coins_spent,
          coalesce(signups.n, 0)::bigint as signups,
          coalesce(subs.active, 0)::bigint as active, subs.mrr
        from days
        left join paid using (day) left join refunded using (day) left join coins using (day)
        left join signups using (day) left join subs using (day)
        order by days.day`,
  );
}

/** What coin purchases bought and were paid: their coins, and the money per currency. */
export interface CoinPurchaseSums {
  coins: Amount;
  paid: MoneyColumn;
}

/** Coin purchases paid per UTC day of the range, refunded ones included (the roll-up's `coin_purchase_*`). */
export function listCoinPurchaseDays(db: Database, range: MetricsRange) {
  const { start, end } = bounds(range);
  return rows<CoinPurchaseSums & { day: string }>(
    db,
    sql`
        select to_char(day, 'YYYY-MM-DD') as day, coalesce(sum(coins), 0)::bigint as coins, ${moneyOf()} as paid
        from (
          select ${dayOf(sql`paid_at`)} as day, currency, sum(coins) as coins, sum(amount_cents) as amount
          from purchases where kind = 'coins' and status in ('paid', 'refunded') and paid_at >= ${start} and paid_at < ${end}
          group by 1, 2
        ) per_currency group by day`,
  );
}

/** A span of time, `start` included and `end` not; no start is the beginning. */
export interface Span {
  start: Date | null;
  end: Date;
}

/** Coin purchases paid in these spans, refunded ones included (the coin value's days not rolled up). */
export async function sumCoinPurchasesIn(db: Database, spans: Span[]) {
  if (spans.length === 0) return undefined;
  const within = sql.join(
    spans.map(({ start, end }) => (start ? sql`(paid_at >= ${at(start)} and paid_at < ${at(end)})` : sql`paid_at < ${at(end)}`)),
    sql` or `,
  );
  const [row] = await rows<CoinPurchaseSums>(
    db,
    sql`
        select coalesce(sum(coins), 0)::bigint as coins, ${moneyOf()} as paid from (
          select currency, sum(coins) as coins, sum(amount_cents) as amount
          from purchases where kind = 'coins' and status in ('paid', 'refunded') and (${within}) group by currency
        ) per_currency`,
  );
  return row;
}

/**
 * Coin purchases paid before `end` and refunded since, whenever the refund came: the coin value
 * leaves them out (few rows, on the partial index of refunds).
 */
export async function sumRefundedCoinPurchases(db: Database, end: Date) {
  const [row] = await rows<CoinPurchaseSums>(
    db,
    sql`
        select coalesce(sum(coins), 0)::bigint as coins, ${moneyOf()} as paid from (
          select currency, sum(coins) as coins, sum(amount_cents) as amount
          from purchases where status = 'refunded' and refunded_at is not null and kind = 'coins' and paid_at < ${at(end)}
          group by currency
        ) per_currency`,
  );
  return row;
}

/** Subscriptions paying at `now` (active, and the period paid for not over) and their monthly revenue per currency. */
export async function sumPayingSubscriptions(db: Database, now: Date) {
  const [row] = await rows<{ active: Amount; mrr: MoneyColumn }>(
    db,
    sql`
        select coalesce(sum(n), 0)::bigint as active, ${moneyOf()} as mrr from (
          select p.currency, count(*) as n, sum(${monthly}) as amount
          from subscriptions sb join plans p on p.id = sb.plan_id
          where ${subscriptionRunning(now, 'sb')} group by p.currency
        ) per_currency`,
  );
  return row;
}
