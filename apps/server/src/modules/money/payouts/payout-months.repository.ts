import type { Currency, MoneyByCurrency } from '@inkwell/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { payoutMonths, subscriptionAllocations } from '../../../db/schema';
import { at, rowsOf } from '../../../db/sql';

/** The closed month's row, if it has closed: its fee and what was shared. */
export async function findPayoutMonth(db: Database, month: string) {
  const [row] = await db.select().from(payoutMonths).where(eq(payoutMonths.month, month));
  return row;
}

/** The months from `from` to `to` (YYYY-MM, inclusive) already closed. */
export async function closedMonthsBetween(db: Database, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ month: payoutMonths.month })
    .from(payoutMonths)
    .where(and(gte(payoutMonths.month, from), lte(payoutMonths.month, to)));
  return new Set(rows.map((row) => row.month));
}

/** The first UTC month anything was earned in (a plan paid, a coin allocated, a tier paid), or null. */
export async function firstEarningMonth(db: Database): Promise<string | null> {
  const rows = rowsOf<{ first: Date | string | null }>(
    await db.execute(sql`select least(
        (select min(paid_at) from purchases where kind = 'plan' and paid_at is not null),
        (select min(created_at) from revenue_allocations),
        (select min(created_at) from tier_allocations)) as first`),
  );
  const first = rows[0]?.first;
  return first ? new Date(first).toISOString().slice(0, 7) : null;
}

/**
 * The Premium plans' revenue of the month [from, to) in cents per currency (a plan of coins alone is
 * left out: its coins are shared when spent). A monthly plan's payment counts
 * in the month it was paid; a yearly plan's is spread over its twelve months from the month it was
 * paid, in whole cents that sum to the payment (month k gets ⌊(k+1)·A/12⌋ − ⌊k·A/12⌋). Refunded
 * payments are left out.
 */
export async function planRevenueOfMonth(db: Database, from: Date, to: Date): Promise<MoneyByCurrency> {
  const rows = rowsOf<{ currency: Currency; cents: string | number }>(
    await db.execute(sql`
      select p.currency, sum(case when pl.interval = 'year'
          then ((k + 1) * p.amount_cents) / 12 - (k * p.amount_cents) / 12
          else p.amount_cents end)::bigint as cents
      from purchases p
      join plans pl on pl.id = p.plan_id
      cross join lateral generate_series(0, case when pl.interval = 'year' then 11 else 0 end) as k
      where p.kind = 'plan' and p.status = 'paid' and pl.includes_premium
        and p.paid_at >= ${at(from)} - interval '1 year' and p.paid_at < ${at(to)}
        and date_trunc('month', p.paid_at at time zone 'UTC') + k * interval '1 month' = (${at(from)} at time zone 'UTC')
      group by p.currency`),
  );
  const revenue: MoneyByCurrency = {};
  for (const row of rows) if (Number(row.cents) !== 0) revenue[row.currency] = Number(row.cents);
  return revenue;
}

/**
 * Per series, the premium chapters subscribers finished in [from, to): a chapter priced and not
 * free yet when the reader finished it, by a reader whose plan with Premium was running then.
 * "Finished" is `finished_at`: the first time the reader reached the end at least its reading
 * time after first opening it (library/reading-time.ts), so each reader and chapter counts once,
 * in one month, and a chapter marked read in one request never counts. Nothing a series' own
 * payees or the team (editors, admins) read counts for it (issue 32: a share cannot be steered).
 * Read from the subscribers' own rows, so a month costs what its subscribers read.
 */
export async function finishedPremiumBySeries(db: Database, from: Date, to: Date) {
  return rowsOf<{ series_id: string; title: string; finished: number }>(
    await db.execute(sql`
      select rp.series_id, s.title, count(*)::int as finished
      from reading_progress rp
      join chapters c on c.id = rp.chapter_id
      join series s on s.id = rp.series_id
      where rp.user_id in (
          select sub.user_id from subscriptions sub join plans pl on pl.id = sub.plan_id
          join users u on u.id = sub.user_id
          where pl.includes_premium and u.role = 'reader'
            and sub.started_at < ${at(to)} and coalesce(sub.ended_at, sub.current_period_end) > ${at(from)})
        and rp.finished_at >= ${at(from)} and rp.finished_at < ${at(to)}
        and c.price > 0 and (c.free_at is null or c.free_at > rp.finished_at)
        and not exists (select 1 from series_payees sp where sp.series_id = rp.series_id and sp.user_id = rp.user_id)
        and exists (
          select 1 from subscriptions sub join plans pl on pl.id = sub.plan_id
          where sub.user_id = rp.user_id and pl.includes_premium
            and sub.started_at <= rp.finished_at and rp.finished_at < coalesce(sub.ended_at, sub.current_period_end))
      group by rp.series_id, s.title
      order by rp.series_id`),
  );
}

/**
 * Claims a month for closing: true for the one caller that wrote its row (others, on any
 * instance, wait for that transaction and get false).
 */
export async function claimPayoutMonth(db: Database, row: typeof payoutMonths.$inferInsert): Promise<boolean> {
  const claimed = await db
    .insert(payoutMonths)
    .values(row)
    .onConflictDoNothing({ target: payoutMonths.month })
    .returning({ month: payoutMonths.month });
  return claimed.length > 0;
}

export async function insertSubscriptionAllocations(
  db: Database,
  rows: (typeof subscriptionAllocations.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(subscriptionAllocations).values(rows);
}

/** A payee's share of a closed month's subscriptions, per series and currency. */
export function subscriptionEarningsOf(db: Database, payeeId: string, month: string) {
  return db
    .select({
      seriesId: subscriptionAllocations.seriesId,
      seriesTitle: sql<string>`max(${subscriptionAllocations.seriesTitle})`,
      currency: subscriptionAllocations.currency,
      cents: sql<number>`sum(${subscriptionAllocations.amountCents})::int`,
    })
    .from(subscriptionAllocations)
    .where(and(eq(subscriptionAllocations.payeeId, payeeId), eq(subscriptionAllocations.month, month)))
    .groupBy(subscriptionAllocations.seriesId, subscriptionAllocations.currency)
    .orderBy(asc(subscriptionAllocations.currency));
}
