import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../db/client';
import { series } from '../../../../db/schema';

// The series' writes other modules perform through it: a new series (the demo's seed, beside the team's
// create) and the date of its newest chapter, which chapters computes.

export type NewSeries = typeof series.$inferInsert;

export async function insertSeries(db: Database, values: NewSeries): Promise<string> {
  const [row] = await db.insert(series).values(values).returning({ id: series.id });
  if (!row) throw new Error('insert into series returned nothing');
  return row.id;
}

/**
 * Sets each series' last_chapter_at (the "latest updates" order) to `newestOf(series.id)`, in one
 * update: chapters gives the date, a subquery over a series' chapters out (its
 * `refreshLastChapterAt`), as series may not read chapters (chapters imports series).
 */
export async function setLastChapterAt(
  db: Database,
  seriesIds: string[],
  newestOf: (seriesId: AnyPgColumn) => SQL,
): Promise<void> {
  if (seriesIds.length === 0) return;
  await db
    .update(series)
    .set({ lastChapterAt: newestOf(series.id) })
    .where(inArray(series.id, [...new Set(seriesIds)]));
}

/**
 * The digest of the metadata an import last wrote to a series (issue 37 §1), kept on its row so the
 * next import of the same files leaves it alone. Not shown to anyone: no cache holds it, so no event.
 */
export async function recordSeriesImportHash(db: Database, seriesId: string, hash: string): Promise<void> {
  await db.update(series).set({ importHash: hash }).where(eq(series.id, seriesId));
}
