import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { bookmarks } from '../../../../db/schema';

/** How many readers follow each of these series (series nobody follows are left out): a release's notices. */
export async function countFollowers(db: Database, seriesIds: string[]): Promise<Map<string, number>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .select({ seriesId: bookmarks.seriesId, followers: sql<number>`count(*)::int` })
    .from(bookmarks)
    .where(inArray(bookmarks.seriesId, seriesIds))
    .groupBy(bookmarks.seriesId);
  return new Map(rows.map((row) => [row.seriesId, row.followers]));
}
