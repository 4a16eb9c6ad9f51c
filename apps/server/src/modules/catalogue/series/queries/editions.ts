import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesEditions } from '../../../../db/schema';

// A series' translated editions (issue 35 §2, decision 0039). The original edition is the series row itself.

export type SeriesEditionRow = typeof seriesEditions.$inferSelect;

/** A series' translated editions, oldest first. */
export async function seriesEditionsOf(db: Database, seriesId: string): Promise<SeriesEditionRow[]> {
  return db
    .select()
    .from(seriesEditions)
    .where(eq(seriesEditions.seriesId, seriesId))
    .orderBy(asc(seriesEditions.createdAt), asc(seriesEditions.language));
}

/** A series' edition in one language, if it has one. */
export async function findSeriesEdition(db: Database, seriesId: string, language: string): Promise<SeriesEditionRow | undefined> {
  const [row] = await db
    .select()
    .from(seriesEditions)
    .where(and(eq(seriesEditions.seriesId, seriesId), eq(seriesEditions.language, language)))
    .limit(1);
  return row;
}
