import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chapterUnlocks, chapters, coinPackages, plans, purchases, series, subscriptions, users } from '../../db/schema';
import { at, escapeLike } from '../../db/sql';
import { runningSubscribersOfPlan } from '../access';

export type CoinPackageRow = typeof coinPackages.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

// Coin packages and plans.

export function listCoinPackages(db: Database, { activeOnly }: { activeOnly: boolean }) {
  return db
    .select({
      pkg: coinPackages,
      // Written out: inside a one-table select Drizzle leaves column names unqualified, and "id" would be the purchase's.
      sold: sql<number>`(select count(*)::int from purchases p where p.package_id = "coin_packages"."id" and p.status in ('paid', 'refunded'))`,
    })
    .from(coinPackages)
    .where(activeOnly ? eq(coinPackages.isActive, true) : undefined)
    .orderBy(asc(coinPackages.position), asc(coinPackages.priceCents), asc(coinPackages.createdAt));
}

export async function findCoinPackage(db: Database, id: string): Promise<CoinPackageRow | undefined> {
  const [row] = await db.select().from(coinPackages).where(eq(coinPackages.id, id));
  return row;
}

export async function insertCoinPackage(db: Database, values: typeof coinPackages.$inferInsert): Promise<string> {
  const [row] = await db.insert(coinPackages).values(values).returning({ id: coinPackages.id });
  return row!.id;
}

export async function updateCoinPackage(db: Database, id: string, values: Partial<typeof coinPackages.$inferInsert>) {
  const rows = await db
    .update(coinPackages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coinPackages.id, id))
    .returning({ id: coinPackages.id });
  return rows.length > 0;
}

export function listPlans(db: Database, { activeOnly, now }: { activeOnly: boolean; now: Date }) {
  return db
    .select({
      plan: plans,
      sold: sql<number>`(select count(*)::int from subscriptions s where s.plan_id = "plans"."id")`,
      activeSubscribers: runningSubscribersOfPlan(now),
    })
    .from(plans)
    .where(activeOnly ? eq(plans.isActive, true) : undefined)
    .orderBy(asc(plans.priceCents), asc(plans.createdAt));
}

export async function findPlan(db: Database, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function insertPlan(db: Database, values: typeof plans.$inferInsert): Promise<string> {
  const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
  return row!.id;
}

export async function updatePlan(db: Database, id: string, values: Partial<typeof plans.$inferInsert>) {
  const rows = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning({ id: plans.id });
  return rows.length > 0;
}

// Purchases.

export async function insertPurchase(db: Database, values: typeof purchases.$inferInsert): Promise<PurchaseRow> {
  const [row] = await db.insert(purchases).values(values).returning();
  return row!;
}

export async function findPurchase(db: Database, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function findPurchaseBySession(db: Database, sessionId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.providerSessionId, sessionId));
  return row;
}

export async function findPurchaseByPayment(db: Database, paymentId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(eq(purchases.providerPaymentId, paymentId))
    .orderBy(asc(purchases.createdAt))
    .limit(1);
  return row;
}

export async function setPurchaseSession(db: Database, id: string, sessionId: string): Promise<void> {
  await db.update(purchases).set({ providerSessionId: sessionId }).where(eq(purchases.id, id));
}

/**
 * Moves a purchase from one of `from` to `to`, once: the conditional update is the claim, so two
 * callers (the return page and a webhook, or a replayed event) cannot both fulfil or refund it.
 */
export async function transitionPurchase(
  tx: Database,
  id: string,
  from: PurchaseRow['status'][],
  values: Partial<typeof purchases.$inferInsert> & { status: PurchaseRow['status'] },
): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .update(purchases)
    .set(values)
    .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
    .returning();
  return row;
}

export async function purchasesOfUser(db: Database, userId: string, page: number, perPage: number) {
  const where = eq(purchases.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchases)
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(purchases).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const buyer = { id: users.id, username: users.username, email: users.email };

export async function searchPurchases(
  db: Database,
  filter: { q?: string | undefined; status?: PurchaseRow['status'] | undefined; kind?: PurchaseRow['kind'] | undefined },
  page: number,
  perPage: number,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(purchases.status, filter.status));
  if (filter.kind) conditions.push(eq(purchases.kind, filter.kind));
  if (filter.q) {
    const q = filter.q.trim();
    const like = `%${escapeLike(q)}%`;
    const isId = /^[0-9a-f-]{36}$/i.test(q);
    conditions.push(
      or(
        ilike(users.username, like),
        ilike(users.email, like),
        eq(purchases.providerSessionId, q),
        ...(isId ? [eq(purchases.id, q)] : []),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ purchase: purchases, user: buyer })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(where)
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(purchases).innerJoin(users, eq(users.id, purchases.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPurchaseWithBuyer(db: Database, id: string) {
  const [row] = await db
    .select({ purchase: purchases, user: buyer })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, id));
  return row;
}

/** Revenue of paid (not refunded) coin purchases, per currency. */
export async function coinRevenue(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ currency: purchases.currency, cents: sql<number>`coalesce(sum(${purchases.amountCents}), 0)::int` })
    .from(purchases)
    .where(and(eq(purchases.kind, 'coins'), eq(purchases.status, 'paid')))
    .groupBy(purchases.currency);
  return Object.fromEntries(rows.map((row) => [row.currency, row.cents]));
}

// Subscriptions.

/** The subscription that gives access now: active and its period not over. */
export async function currentSubscription(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active'), sql`${subscriptions.currentPeriodEnd} > ${at(now)}`))
    .limit(1);
  return row;
}

/** The running row, whatever its period says (a lapsed test subscription waits for the renewal job). */
export async function activeSubscriptionRow(db: Database, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .limit(1);
  return row;
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function findSubscriptionByProviderId(db: Database, providerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId));
  return row;
}

export async function findSubscriptionByPurchase(db: Database, purchaseId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.purchaseId, purchaseId));
  return row;
}

export async function insertSubscription(db: Database, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(db: Database, id: string, values: Partial<typeof subscriptions.$inferInsert>) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

/**
 * Moves a period forward once: only a caller whose new end lies beyond the stored one wins, so a
 * renewal reported twice (a job run twice, a replayed invoice) moves it once.
 */
export async function advancePeriod(db: Database, id: string, start: Date, end: Date) {
  const [row] = await db
    .update(subscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), sql`${subscriptions.currentPeriodEnd} < ${at(end)}`))
    .returning();
  return row;
}

/** Ends a running subscription once. */
export async function endSubscriptionRow(db: Database, id: string, at_: Date, periodEnd?: Date) {
  const [row] = await db
    .update(subscriptions)
    .set({ status: 'ended', endedAt: at_, updatedAt: sql`now()`, ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}) })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
    .returning();
  return row;
}

/** Test-provider subscriptions whose period is over: to renew as if paid, or to end when cancelled. */
export function lapsedTestSubscriptions(db: Database, now: Date, limit: number) {
  return db
    .select({ subscription: subscriptions, plan: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.status, 'active'), eq(subscriptions.provider, 'test'), sql`${subscriptions.currentPeriodEnd} <= ${at(now)}`))
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
}

// Unlocks.

export async function unlockedAmong(db: Database, userId: string, chapterIds: readonly string[]): Promise<Set<string>> {
  if (chapterIds.length === 0) return new Set();
  const rows = await db
    .select({ chapterId: chapterUnlocks.chapterId })
    .from(chapterUnlocks)
    .where(and(eq(chapterUnlocks.userId, userId), inArray(chapterUnlocks.chapterId, [...chapterIds])));
  return new Set(rows.map((row) => row.chapterId));
}

export async function insertUnlocks(db: Database, rows: (typeof chapterUnlocks.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(chapterUnlocks).values(rows).onConflictDoNothing().returning({ chapterId: chapterUnlocks.chapterId });
  return inserted.length;
}

/** The chapters an unlock asks for, with what the access rule needs, read inside the unlock's transaction. */
export function chaptersForUnlock(db: Database, chapterIds: readonly string[]) {
  return db
    .select({
      id: chapters.id,
      seriesId: chapters.seriesId,
      number: chapters.number,
      publishedAt: chapters.publishedAt,
      price: chapters.price,
      freeAt: chapters.freeAt,
      seriesTitle: series.title,
      seriesPublished: series.isPublished,
    })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(inArray(chapters.id, [...chapterIds]))
    .orderBy(asc(chapters.number));
}

export async function seriesExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: series.id }).from(series).where(and(eq(series.id, id), eq(series.isPublished, true)));
  return row !== undefined;
}
