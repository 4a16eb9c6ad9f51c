import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { revenueAllocations, seriesGifts, seriesPayees, subscriptionAllocations } from '../../../db/schema';
import { joinUser, userAuthorColumns, userNameColumns, userShownAsSupporter } from '../../identity/users';
import { createNotifications } from '../../reading/notifications';

export async function insertGift(db: Database, gift: typeof seriesGifts.$inferInsert): Promise<string> {
  const [row] = await db.insert(seriesGifts).values(gift).returning({ id: seriesGifts.id });
  return row!.id;
}

/** Tells each payee of a series, in the gift's transaction. */
export async function notifyPayees(
  db: Database,
  payeeIds: string[],
  notice: { values: { series: string; username: string; coins: number; message: string }; link: string; now: Date },
): Promise<void> {
  if (payeeIds.length === 0) return;
  await createNotifications(
    db,
    payeeIds.map((userId) => ({
      userId,
      message: 'gift',
      values: notice.values,
      link: notice.link,
      kind: 'gift',
      createdAt: notice.now,
    })),
  );
}

/** The month's top supporters of a series: their gifts summed, readers who opted out left out. */
export function topSupporters(db: Database, seriesId: string, from: Date, to: Date, limit: number) {
  const coins = sql<number>`sum(${seriesGifts.amount})::int`;
  const { id, username, avatarUrl } = userAuthorColumns;
  return db
    .select({ username, avatarUrl, coins })
    .from(seriesGifts)
    .innerJoin(...joinUser(seriesGifts.userId))
    .where(
      and(
        eq(seriesGifts.seriesId, seriesId),
        gte(seriesGifts.createdAt, from),
        lt(seriesGifts.createdAt, to),
        userShownAsSupporter(),
      ),
    )
    .groupBy(id, username, avatarUrl)
    .orderBy(desc(coins), asc(username))
    .limit(limit);
}

export function payeesWithNames(db: Database, seriesId: string) {
  return db
    .select({ userId: seriesPayees.userId, ...userNameColumns, role: seriesPayees.role, shareBps: seriesPayees.shareBps })
    .from(seriesPayees)
    .innerJoin(...joinUser(seriesPayees.userId))
    .where(eq(seriesPayees.seriesId, seriesId))
    .orderBy(desc(seriesPayees.shareBps), asc(userNameColumns.username));
}

/** Replaces a series' payees, in the caller's transaction (with what else the change writes). */
export async function replacePayees(
  tx: Transaction,
  seriesId: string,
  payees: { userId: string; role: (typeof seriesPayees.$inferInsert)['role']; shareBps: number }[],
): Promise<void> {
  await tx.delete(seriesPayees).where(eq(seriesPayees.seriesId, seriesId));
  if (payees.length > 0) await tx.insert(seriesPayees).values(payees.map((payee) => ({ ...payee, seriesId })));
}

/**
 * Whether a user shares in some series or was ever paid a share: three index probes
 * (series_payees_user_idx and the two allocations' payee indexes), cheap enough for the profile.
 */
export async function hasEarnings(db: Database, userId: string): Promise<boolean> {
  const probes = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(seriesPayees)
      .where(eq(seriesPayees.userId, userId))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(revenueAllocations)
      .where(eq(revenueAllocations.payeeId, userId))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(subscriptionAllocations)
      .where(eq(subscriptionAllocations.payeeId, userId))
      .limit(1),
  ]);
  return probes.some((rows) => rows.length > 0);
}

/** What a payee earned in a month, per series and source, from the allocations (payee_id, created_at index). */
export function earningsOf(db: Database, payeeId: string, from: Date, to: Date) {
  return db
    .select({
      seriesId: revenueAllocations.seriesId,
      seriesTitle: sql<string>`max(${revenueAllocations.seriesTitle})`,
      source: revenueAllocations.source,
      coins: sql<number>`sum(${revenueAllocations.coins})::int`,
    })
    .from(revenueAllocations)
    .where(
      and(eq(revenueAllocations.payeeId, payeeId), gte(revenueAllocations.createdAt, from), lt(revenueAllocations.createdAt, to)),
    )
    .groupBy(revenueAllocations.seriesId, revenueAllocations.source);
}
