import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chapterUnlocks, chapters, series, seriesAutoUnlocks, users } from '../../db/schema';
import { hasPremiumPass } from '../access';

export async function unlockedAmong(db: Database, userId: string, chapterIds: readonly string[]): Promise<Set<string>> {
  if (chapterIds.length === 0) return new Set();
  const rows = await db
    .select({ chapterId: chapterUnlocks.chapterId })
    .from(chapterUnlocks)
    .where(and(eq(chapterUnlocks.userId, userId), inArray(chapterUnlocks.chapterId, [...chapterIds])));
  return new Set(rows.map((row) => row.chapterId));
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

/** The chapters an unlock asks for, with what the access rule needs, read inside the unlock's transaction. */
export function chaptersForUnlock(db: Database, chapterIds: readonly string[]) {
  return db
    .select({
      id: chapters.id,
      seriesId: chapters.seriesId,
      number: chapters.number,
      publishedAt: chapters.publishedAt,
      price: chapters.price,
      freeAt: chapters.freeAt,
      seriesTitle: series.title,
      seriesPublished: series.isPublished,
    })
    .from(chapters)
    .innerJoin(series, eq(series.id, chapters.seriesId))
    .where(inArray(chapters.id, [...chapterIds]))
    .orderBy(asc(chapters.number));
}

export async function seriesExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.id, id), eq(series.isPublished, true)));
  return row !== undefined;
}

/** Whether the user holds a premium pass at `now` (access's one rule of it), read inside the unlock's transaction. */
export async function hasPremiumPassNow(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ premium: hasPremiumPass(now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.premium ?? false;
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
    .select({ seriesId: series.id, slug: series.slug, title: series.title, since: seriesAutoUnlocks.createdAt })
    .from(seriesAutoUnlocks)
    .innerJoin(series, eq(series.id, seriesAutoUnlocks.seriesId))
    .where(and(eq(seriesAutoUnlocks.userId, userId), eq(series.isPublished, true)))
    .orderBy(desc(seriesAutoUnlocks.createdAt), asc(series.title));
}
