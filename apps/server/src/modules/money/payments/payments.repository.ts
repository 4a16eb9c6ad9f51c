import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { coinPackages, purchases } from '../../../db/schema';
import { countKeys, listCountQuery } from '../../../db/list-counts';
import { escapeLike } from '../../../db/sql';
import { joinUser, userContactColumns } from '../../identity/users';
import type { CoinPackageRow } from './queries/coin-packages';

export type PurchaseRow = typeof purchases.$inferSelect;

// Coin packages.

export async function findCoinPackage(db: Database, id: string): Promise<CoinPackageRow | undefined> {
  const [row] = await db.select().from(coinPackages).where(eq(coinPackages.id, id));
  return row;
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

const buyer = userContactColumns;

export interface PurchaseFilter {
  q?: string | undefined;
  status?: PurchaseRow['status'] | undefined;
  kind?: PurchaseRow['kind'] | undefined;
}

/**
 * The purchases `q` finds: its buyer's name or address holds it (the users' trigram indexes, from
 * 3 characters; a shorter search reads every user), or it is the purchase's reference or id. Each
 * arm reads its own index and the union is joined once, where an OR across purchases and users
 * would read every purchase.
 */
const purchaseFound = (q: string): SQL => {
  const like = `%${escapeLike(q)}%`;
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q);
  return sql`${purchases.id} in (
    select p.id from purchases p
      where p.user_id in (select u.id from users u where u.username ilike ${like} or u.email ilike ${like})
    union all select p.id from purchases p where p.provider_session_id = ${q}
    ${isId ? sql`union all select p.id from purchases p where p.id = ${q}::uuid` : sql``})`;
};

function purchaseWhere(filter: PurchaseFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(purchases.status, filter.status));
  if (filter.kind) conditions.push(eq(purchases.kind, filter.kind));
  const q = filter.q?.trim();
  if (q) conditions.push(purchaseFound(q));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first, exactly as purchases_created_idx is declared (neither column is ever null). */
const newestPurchasesFirst = [sql`${purchases.createdAt} desc nulls last`, sql`${purchases.id} desc nulls last`];

/**
 * A page of every purchase with its buyer, newest first, as issued: the page's ids are chosen
 * first (purchases_created_idx holds the whole order, so a deep page skips index entries only),
 * then only those purchases and their buyers are read.
 */
export function purchasePageQuery(db: Database, filter: PurchaseFilter, page: number, perPage: number) {
  const pageIds = db
    .select({ id: purchases.id })
    .from(purchases)
    .where(purchaseWhere(filter))
    .orderBy(...newestPurchasesFirst)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page');
  return db
    .select({ purchase: purchases, user: buyer })
    .from(purchases)
    .innerJoin(pageIds, eq(pageIds.id, purchases.id))
    .innerJoin(...joinUser(purchases.userId))
    .orderBy(...newestPurchasesFirst);
}

/**
 * How many purchases match. With no search it is a sum of a few rows of list_counts (by status
 * and kind), exact at any size; a search's matches are counted, and every purchase has its
 * buyer, so the count needs no users.
 */
export function purchaseCountQuery(db: Database, filter: PurchaseFilter) {
  if (!filter.q?.trim()) {
    const statuses = filter.status ? [filter.status] : purchases.status.enumValues;
    const kinds = filter.kind ? [filter.kind] : purchases.kind.enumValues;
    return listCountQuery(db, 'purchases', countKeys(statuses, kinds));
  }
  return db.select({ n: count() }).from(purchases).where(purchaseWhere(filter));
}

export async function searchPurchases(db: Database, filter: PurchaseFilter, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([purchasePageQuery(db, filter, page, perPage), purchaseCountQuery(db, filter)]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPurchaseWithBuyer(db: Database, id: string) {
  const [row] = await db
    .select({ purchase: purchases, user: buyer })
    .from(purchases)
    .innerJoin(...joinUser(purchases.userId))
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
