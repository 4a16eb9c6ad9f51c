import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { at } from '../../../db/sql';
import type { Database } from '../../../db/client';
import { chapterRentals, chapterUnlocks, seriesAutoUnlocks } from '../../../db/schema';
import { countChaptersForSale } from '../../catalogue/chapters';
import { joinSeries, seriesLinkColumns, seriesPublishedColumns } from '../../catalogue/series';

/**
 * The chapters among these that a reader may open now beyond the free ones: bought with coins
 * (for good), or rented by a pass or the daily free until a time still to come; and, of the
 * rented ones not bought, until when (the latest end of their rentals).
 */
export async function openAmong(
  db: Database,
  userId: string,
  chapterIds: readonly string[],
  now: Date,
): Promise<{ unlocked: Set<string>; rentedUntil: Map<string, Date> }> {
  if (chapterIds.length === 0) return { unlocked: new Set(), rentedUntil: new Map() };
  const ids = [...chapterIds];
  const [bought, rented] = await Promise.all([
    db
      .select({ chapterId: chapterUnlocks.chapterId })
      .from(chapterUnlocks)
      .where(and(eq(chapterUnlocks.userId, userId), inArray(chapterUnlocks.chapterId, ids))),
    db
      .select({ chapterId: chapterRentals.chapterId, endsAt: chapterRentals.endsAt })
      .from(chapterRentals)
      .where(and(eq(chapterRentals.userId, userId), inArray(chapterRentals.chapterId, ids), gt(chapterRentals.endsAt, now))),
  ]);
  const unlocked = new Set(bought.map((row) => row.chapterId));
  const rentedUntil = new Map<string, Date>();
  for (const { chapterId, endsAt } of rented) {
    if (unlocked.has(chapterId)) continue;
    const known = rentedUntil.get(chapterId);
    if (!known || endsAt > known) rentedUntil.set(chapterId, endsAt);
  }
  for (const chapterId of rentedUntil.keys()) unlocked.add(chapterId);
  return { unlocked, rentedUntil };
}

export async function insertRental(db: Database, row: typeof chapterRentals.$inferInsert): Promise<void> {
  await db.insert(chapterRentals).values(row);
}

/**
 * How many chapters of the series are out and still for sale to this reader (priced, not yet
 * free, neither bought nor rented now): a bulk unlock of that many is "all remaining".
 */
export function chaptersForSaleCount(db: Database, userId: string, seriesId: string, now: Date): Promise<number> {
  return countChaptersForSale(db, seriesId, now, (chapterId) =>
    and(
      sql`not exists (select 1 from chapter_unlocks u where u.user_id = ${userId} and u.chapter_id = ${chapterId})`,
      sql`not exists (select 1 from chapter_rentals r where r.user_id = ${userId} and r.chapter_id = ${chapterId} and r.ends_at > ${at(now)})`,
    )!,
  );
}

export async function insertUnlocks(db: Database, rows: (typeof chapterUnlocks.$inferInsert)[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(chapterUnlocks)
    .values(rows)
    .onConflictDoNothing()
    .returning({ chapterId: chapterUnlocks.chapterId });
  return inserted.length;
}

/** Turns a series' auto-unlock on or off for a reader (on twice, or off when it was not on, changes nothing). */
export async function setSeriesAutoUnlock(db: Database, userId: string, seriesId: string, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(seriesAutoUnlocks).values({ userId, seriesId, createdAt: now }).onConflictDoNothing();
  else
    await db.delete(seriesAutoUnlocks).where(and(eq(seriesAutoUnlocks.userId, userId), eq(seriesAutoUnlocks.seriesId, seriesId)));
}

/** The published series a reader has auto-unlock on for, newest choice first. */
export function seriesAutoUnlocksOf(db: Database, userId: string) {
  return db
    .select({
      seriesId: seriesLinkColumns.id,
      slug: seriesLinkColumns.slug,
      title: seriesLinkColumns.title,
      since: seriesAutoUnlocks.createdAt,
    })
    .from(seriesAutoUnlocks)
    .innerJoin(...joinSeries(seriesAutoUnlocks.seriesId))
    .where(and(eq(seriesAutoUnlocks.userId, userId), eq(seriesPublishedColumns.seriesIsPublished, true)))
    .orderBy(desc(seriesAutoUnlocks.createdAt), asc(seriesLinkColumns.title));
}
