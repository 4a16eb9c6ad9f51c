import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../../db/client';
import { chapters } from '../../../../db/schema';
import { joinSeries, seriesSaleTermsColumns } from '../../series';
import { chapterForSale, chapterIsOut } from '../chapter-predicates';

// What the wallet asks of chapters (decision 0036): the chapters a sale or a rental is about (the
// names its coin history points at are chapters.sql.ts'). Whether a reader holds one is the wallet's.

/** How many chapters of the series are out and numbered after this one (0: it is the newest). */
export async function newerChaptersOut(db: Database, seriesId: string, number: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), gt(chapters.number, number), chapterIsOut(now)));
  return row?.n ?? 0;
}

/**
 * How many chapters of the series are out and for sale at `now` (priced, not yet free) and meet
 * `notHeld`, the wallet's test of a chapter's id (neither bought nor rented by the reader).
 */
export async function countChaptersForSale(
  db: Database,
  seriesId: string,
  now: Date,
  notHeld: (chapterId: AnyPgColumn) => SQL,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), chapterForSale(now), chapterIsOut(now), notHeld(chapters.id)));
  return row?.n ?? 0;
}

/**
 * These chapters in number order, with what a sale of them needs: their release and price, and
 * their series' terms (`seriesSaleTermsColumns`), in one query (inside an unlock's transaction).
 */
export function chaptersWithSaleTerms(db: Database, chapterIds: readonly string[]) {
  return db
    .select({
      id: chapters.id,
      seriesId: chapters.seriesId,
      number: chapters.number,
      publishedAt: chapters.publishedAt,
      price: chapters.price,
      freeAt: chapters.freeAt,
      ...seriesSaleTermsColumns,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(inArray(chapters.id, [...chapterIds]))
    .orderBy(asc(chapters.number));
}
