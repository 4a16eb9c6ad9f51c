import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import {
  payoutAccounts,
  payoutStatements,
  revenueAllocations,
  seriesGifts,
  seriesPayees,
  subscriptionAllocations,
  tierAllocations,
} from '../../../../db/schema';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/**
 * A reader's gifts (with their messages) and, when they share a series' income, their earnings:
 * the series they are payees of, each coin share, each month's subscription share, each tier
 * payment's part (issue 36 §3), and their payout account and monthly statements (issue 38 §2).
 */
export async function payoutsForExport(db: Database, userId: string) {
  const [gifts, payeeOf, coins, shares, tiers, account, statements] = await Promise.all([
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
    db
      .select({
        seriesTitle: tierAllocations.seriesTitle,
        currency: tierAllocations.currency,
        amountCents: tierAllocations.amountCents,
        kind: tierAllocations.kind,
        createdAt: tierAllocations.createdAt,
      })
      .from(tierAllocations)
      .where(eq(tierAllocations.payeeId, userId))
      .orderBy(asc(tierAllocations.createdAt)),
    db
      .select({
        provider: payoutAccounts.provider,
        status: payoutAccounts.status,
        currency: payoutAccounts.currency,
        country: payoutAccounts.country,
        createdAt: payoutAccounts.createdAt,
      })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId)),
    db
      .select({
        month: payoutStatements.month,
        currency: payoutStatements.currency,
        earnedCents: payoutStatements.earnedCents,
        feeCents: payoutStatements.feeCents,
        adjustmentsCents: payoutStatements.adjustmentsCents,
        carriedInCents: payoutStatements.carriedInCents,
        amountCents: payoutStatements.amountCents,
        carriedOutCents: payoutStatements.carriedOutCents,
        status: payoutStatements.status,
        transferId: payoutStatements.providerTransferId,
        sentAt: payoutStatements.sentAt,
      })
      .from(payoutStatements)
      .where(eq(payoutStatements.payeeId, userId))
      .orderBy(asc(payoutStatements.month)),
  ]);
  const hasEarnings = payeeOf.length > 0 || coins.length > 0 || shares.length > 0 || tiers.length > 0 || statements.length > 0;
  return {
    gifts,
    earnings: hasEarnings
      ? { payeeOf, coins, subscriptions: shares, tiers, payoutAccount: account[0] ?? null, statements }
      : null,
  };
}
