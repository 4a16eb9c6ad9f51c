import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { revenueAllocations, seriesGifts, seriesPayees, subscriptionAllocations } from '../../../../db/schema';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/**
 * A reader's gifts (with their messages) and, when they share a series' income, their earnings:
 * the series they are payees of, each coin share and each month's subscription share (issue 36 §3).
 */
export async function payoutsForExport(db: Database, userId: string) {
  const [gifts, payeeOf, coins, shares] = await Promise.all([
    db
      .select({
        seriesTitle: seriesLinkColumns.title,
        amount: seriesGifts.amount,
        message: seriesGifts.message,
        createdAt: seriesGifts.createdAt,
      })
      .from(seriesGifts)
      .innerJoin(...joinSeries(seriesGifts.seriesId))
      .where(eq(seriesGifts.userId, userId))
      .orderBy(asc(seriesGifts.createdAt)),
    db
      .select({ seriesId: seriesPayees.seriesId, role: seriesPayees.role, shareBps: seriesPayees.shareBps })
      .from(seriesPayees)
      .where(eq(seriesPayees.userId, userId)),
    db
      .select({
        seriesTitle: revenueAllocations.seriesTitle,
        source: revenueAllocations.source,
        coins: revenueAllocations.coins,
        createdAt: revenueAllocations.createdAt,
      })
      .from(revenueAllocations)
      .where(eq(revenueAllocations.payeeId, userId))
      .orderBy(asc(revenueAllocations.createdAt)),
    db
      .select({
        month: subscriptionAllocations.month,
        seriesTitle: subscriptionAllocations.seriesTitle,
        currency: subscriptionAllocations.currency,
        amountCents: subscriptionAllocations.amountCents,
      })
      .from(subscriptionAllocations)
      .where(eq(subscriptionAllocations.payeeId, userId))
      .orderBy(asc(subscriptionAllocations.month)),
  ]);
  const hasEarnings = payeeOf.length > 0 || coins.length > 0 || shares.length > 0;
  return { gifts, earnings: hasEarnings ? { payeeOf, coins, subscriptions: shares } : null };
}
