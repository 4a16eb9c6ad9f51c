import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { payoutAccounts, payoutMonths, payoutStatements, tierAllocations } from '../../../db/schema';
import { at, rowsOf } from '../../../db/sql';
import { joinUser, userNameColumns } from '../../identity/users';

export type StatementRow = typeof payoutStatements.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The closed months, oldest first, with the fee each closed with. */
export function closedMonths(db: Database) {
  return db
    .select({ month: payoutMonths.month, feePercent: payoutMonths.feePercent })
    .from(payoutMonths)
    .orderBy(payoutMonths.month);
}

/** One line of a payee's month before the fee: coins (currency null) or an amount in its currency. */
export interface IncomeLine {
  payee_id: string;
  series_id: string;
  series_title: string;
  source: 'coins' | 'subscriptions' | 'tiers';
  currency: string | null;
  amount: number;
}

/**
 * Every payee's income of the month [from, to), per series and source: the coins allocated at
 * debits, the month's subscription shares, and the tier payments' parts (less refunds of payments
 * of the same month; a refund of an earlier month's payment is an adjustment, below). `payeeId`
 * narrows it to one payee (a statement's page).
 */
export async function incomeOfMonth(db: Database, month: string, from: Date, to: Date, payeeId?: string) {
  const payee = (column: string) => (payeeId ? sql`and ${sql.raw(column)} = ${payeeId}` : sql``);
  return amountsAsNumbers(
    rowsOf<IncomeLine>(
      await db.execute(sql`
      select payee_id, series_id, max(series_title) as series_title, 'coins' as source, null as currency,
          sum(coins)::bigint as amount
        from revenue_allocations
        where created_at >= ${at(from)} and created_at < ${at(to)} ${payee('payee_id')}
        group by payee_id, series_id
      union all
      select payee_id, series_id, max(series_title), 'subscriptions', currency, sum(amount_cents)::bigint
        from subscription_allocations
        where month = ${month} ${payee('payee_id')}
        group by payee_id, series_id, currency
      union all
      select t.payee_id, t.series_id, max(t.series_title), 'tiers', t.currency, sum(t.amount_cents)::bigint
        from tier_allocations t
        where t.created_at >= ${at(from)} and t.created_at < ${at(to)} ${payee('t.payee_id')}
          and (t.kind = 'payment' or not exists (
            select 1 from tier_allocations p
            where p.purchase_id = t.purchase_id and p.payee_id = t.payee_id and p.kind = 'payment'
              and p.created_at < ${at(from)}))
        group by t.payee_id, t.series_id, t.currency`),
    ),
  );
}

/** Sums are bigint (a month in rupiah passes 2^31 minor units): the drivers answer them as text, read here as numbers (below 2^53). */
function amountsAsNumbers<T extends { amount: number }>(rows: T[]): T[] {
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** A payee's parts of tier payments in [from, to), less that time's refunds, per series and currency (ME/earnings). */
export function tierEarningsOf(db: Database, payeeId: string, from: Date, to: Date) {
  return db
    .select({
      seriesId: tierAllocations.seriesId,
      seriesTitle: sql<string>`max(${tierAllocations.seriesTitle})`,
      currency: tierAllocations.currency,
      cents: sql<number>`sum(${tierAllocations.amountCents})::bigint`.mapWith(Number),
    })
    .from(tierAllocations)
    .where(and(eq(tierAllocations.payeeId, payeeId), gte(tierAllocations.createdAt, from), lt(tierAllocations.createdAt, to)))
    .groupBy(tierAllocations.seriesId, tierAllocations.currency);
}

/** Refunds in [from, to) of tier payments made before `from`: taken back from this month (decision 0045). */
export async function lateTierRefunds(db: Database, from: Date, to: Date, payeeId?: string) {
  const rows = rowsOf<{
    payee_id: string;
    series_id: string;
    series_title: string;
    currency: string;
    paid_month: string;
    amount: number;
  }>(
    await db.execute(sql`
      select t.payee_id, t.series_id, max(t.series_title) as series_title, t.currency,
          to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as paid_month, sum(t.amount_cents)::bigint as amount
        from tier_allocations t
        join tier_allocations p on p.purchase_id = t.purchase_id and p.payee_id = t.payee_id and p.kind = 'payment'
        where t.kind = 'refund' and t.created_at >= ${at(from)} and t.created_at < ${at(to)}
          and p.created_at < ${at(from)} ${payeeId ? sql`and t.payee_id = ${payeeId}` : sql``}
        group by t.payee_id, t.series_id, t.currency, paid_month`),
  );
  return amountsAsNumbers(rows);
}

/**
 * Each payee's latest statement before `month`: what it carried on, and in what currency. A
 * statement still `failed` carries its amount too (`failed_id` names it, to be marked carried in
 * the transaction that writes `month`'s statement; decision 0045).
 */
export async function carriedBefore(db: Database, month: string) {
  const rows = rowsOf<{
    id: string;
    payee_id: string;
    currency: string;
    carried_out_cents: number;
    amount_cents: number;
    status: string;
  }>(
    await db.execute(sql`
      select distinct on (payee_id) id, payee_id, currency, carried_out_cents, amount_cents, status
        from payout_statements where month < ${month}
        order by payee_id, month desc`),
  );
  return rows.map((row) => {
    const failed = row.status === 'failed';
    return {
      payee_id: row.payee_id,
      currency: row.currency,
      carried_out_cents: Number(row.carried_out_cents) + (failed ? Number(row.amount_cents) : 0),
      failed_id: failed ? row.id : null,
    };
  });
}

/**
 * A failed statement's amount carried into the next month's statement (decision 0045): `failed →
 * carried` with its failure reason kept, its amount moved to what it carried on. Conditional: null
 * when the admin's retry took it first.
 */
export async function carryFailedStatement(db: Database, id: string, now: Date): Promise<StatementRow | null> {
  const [row] = await db
    .update(payoutStatements)
    .set({
      status: 'carried',
      carriedOutCents: sql`${payoutStatements.carriedOutCents} + ${payoutStatements.amountCents}`,
      amountCents: 0,
      updatedAt: now,
    })
    .where(and(eq(payoutStatements.id, id), eq(payoutStatements.status, 'failed')))
    .returning();
  return row ?? null;
}

/** The payees who already have a statement for the month. */
export async function payeesWithStatement(db: Database, month: string): Promise<Set<string>> {
  const rows = await db
    .select({ payeeId: payoutStatements.payeeId })
    .from(payoutStatements)
    .where(eq(payoutStatements.month, month));
  return new Set(rows.map((row) => row.payeeId));
}

export async function payoutAccountsOf(db: Database): Promise<Map<string, PayoutAccountRow>> {
  const rows = await db.select().from(payoutAccounts);
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Writes a payee's statement for a month once: null when another instance (or run) wrote it first. */
export async function insertStatement(db: Database, row: typeof payoutStatements.$inferInsert): Promise<StatementRow | null> {
  const [inserted] = await db
    .insert(payoutStatements)
    .values(row)
    .onConflictDoNothing({ target: [payoutStatements.payeeId, payoutStatements.month] })
    .returning();
  return inserted ?? null;
}

export async function findStatement(db: Database, id: string): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(payoutStatements).where(eq(payoutStatements.id, id));
  return row;
}

export async function findStatementOf(db: Database, payeeId: string, month: string): Promise<StatementRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutStatements)
    .where(and(eq(payoutStatements.payeeId, payeeId), eq(payoutStatements.month, month)));
  return row;
}

export function statementsOf(db: Database, payeeId: string) {
  return db.select().from(payoutStatements).where(eq(payoutStatements.payeeId, payeeId)).orderBy(desc(payoutStatements.month));
}

/** Statements still pending since before `before`: a transfer whose job or request was lost. */
export async function stalePendingStatements(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: payoutStatements.id })
    .from(payoutStatements)
    .where(and(eq(payoutStatements.status, 'pending'), lt(payoutStatements.updatedAt, before)));
  return rows.map((row) => row.id);
}

/**
 * Moves a statement from one status to another, only if it is still in the first (and, with
 * `attempt`, still at the attempt the caller read): the row for the one caller that did, else null.
 * A transfer's outcome is recorded with the attempt it was sent under, so a slow earlier attempt
 * never writes over a retry's.
 */
export async function moveStatement(
  db: Database,
  id: string,
  from: StatementRow['status'],
  change: Partial<Pick<StatementRow, 'status' | 'providerTransferId' | 'failureReason' | 'sentAt' | 'provider'>> & {
    attempt?: number;
    now: Date;
  },
): Promise<StatementRow | null> {
  const { attempt, now, ...fields } = change;
  const [row] = await db
    .update(payoutStatements)
    .set({ ...fields, updatedAt: now, ...(attempt !== undefined ? { attempts: attempt + 1 } : {}) })
    .where(
      and(
        eq(payoutStatements.id, id),
        eq(payoutStatements.status, from),
        attempt !== undefined ? eq(payoutStatements.attempts, attempt) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** A month's statements with their payees' names, for the admin (failed first, then pending, sent, carried). */
export function statementsOfMonth(db: Database, month: string, status?: StatementRow['status']) {
  return db
    .select({ statement: payoutStatements, username: userNameColumns.username })
    .from(payoutStatements)
    .innerJoin(...joinUser(payoutStatements.payeeId))
    .where(and(eq(payoutStatements.month, month), status ? eq(payoutStatements.status, status) : undefined))
    .orderBy(
      sql`case ${payoutStatements.status} when 'failed' then 0 when 'pending' then 1 when 'sent' then 2 else 3 end`,
      asc(userNameColumns.username),
      asc(payoutStatements.id),
    );
}

/** A month's totals per currency and status: what was sent, is waiting, failed, and was carried on. */
export function totalsOfMonth(db: Database, month: string) {
  return db
    .select({
      currency: payoutStatements.currency,
      status: payoutStatements.status,
      amount: sql<number>`sum(${payoutStatements.amountCents})::bigint`.mapWith(Number),
      carried: sql<number>`sum(${payoutStatements.carriedOutCents})::bigint`.mapWith(Number),
    })
    .from(payoutStatements)
    .where(eq(payoutStatements.month, month))
    .groupBy(payoutStatements.currency, payoutStatements.status);
}

/** The latest month with statements, or null. */
export async function latestStatementMonth(db: Database): Promise<string | null> {
  const [row] = await db.select({ month: sql<string | null>`max(${payoutStatements.month})` }).from(payoutStatements);
  return row?.month ?? null;
}

export async function findPayoutAccount(db: Database, userId: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row;
}

/** A payee's account, made once (a second start finds the first's row). */
export async function insertPayoutAccount(db: Database, row: typeof payoutAccounts.$inferInsert): Promise<PayoutAccountRow> {
  await db.insert(payoutAccounts).values(row).onConflictDoNothing({ target: payoutAccounts.userId });
  return (await findPayoutAccount(db, row.userId))!;
}

export async function updatePayoutAccount(
  db: Database,
  userId: string,
  change: Partial<Pick<PayoutAccountRow, 'status' | 'currency' | 'country'>>,
  now: Date,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ ...change, updatedAt: now })
    .where(eq(payoutAccounts.userId, userId))
    .returning();
  return row;
}

export async function findPayoutAccountByProviderId(db: Database, provider: PayoutAccountRow['provider'], accountId: string) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, accountId)));
  return row;
}
