import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coinPackages, purchases, users } from '../../db/schema';
import { escapeLike } from '../../db/sql';

export type CoinPackageRow = typeof coinPackages.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;

// Coin packages.

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
