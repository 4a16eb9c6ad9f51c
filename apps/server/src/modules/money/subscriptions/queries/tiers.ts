import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesTiers } from '../../../../db/schema';
import { joinSeries, seriesNameColumns } from '../../../catalogue/series';
import { subscriptionRunning } from '../../../identity/access';

// A series' membership tiers (issue 38 §1), as the series page, the team, checkout and fulfilment read them.

export type TierRow = typeof seriesTiers.$inferSelect;

/** A series' tiers with what each sold and how many members it has now; on sale only, cheapest first, or all in the team's order. */
export function listTiersOfSeries(db: Database, seriesId: string, { activeOnly, now }: { activeOnly: boolean; now: Date }) {
  return db
    .select({
      tier: seriesTiers,
      sold: sql<number>`(select count(*)::int from subscriptions s where s.tier_id = "series_tiers"."id")`,
      activeMembers: sql<number>`(select count(*)::int from subscriptions s where s.tier_id = "series_tiers"."id" and ${subscriptionRunning(now)})`,
    })
    .from(seriesTiers)
    .where(and(eq(seriesTiers.seriesId, seriesId), activeOnly ? eq(seriesTiers.isActive, true) : undefined))
    .orderBy(
      ...(activeOnly
        ? [asc(seriesTiers.priceCents), asc(seriesTiers.position), asc(seriesTiers.createdAt)]
        : [asc(seriesTiers.position), asc(seriesTiers.createdAt)]),
    );
}

export async function findTier(db: Database, id: string): Promise<TierRow | undefined> {
  const [row] = await db.select().from(seriesTiers).where(eq(seriesTiers.id, id));
  return row;
}

/** What a receipt names of the tiers bought: each tier's name and its series' (the reader's purchases). */
export async function tiersForReceipts(db: Database, tierIds: string[]) {
  if (tierIds.length === 0) return new Map<string, TierReceipt>();
  const rows = await db
    .select({ id: seriesTiers.id, name: seriesTiers.name, seriesId: seriesTiers.seriesId, ...seriesNameColumns })
    .from(seriesTiers)
    .innerJoin(...joinSeries(seriesTiers.seriesId))
    .where(inArray(seriesTiers.id, tierIds));
  return new Map(rows.map((row) => [row.id, row]));
}
export type TierReceipt = { id: string; name: string; seriesId: string; seriesTitle: string; seriesSlug: string };
