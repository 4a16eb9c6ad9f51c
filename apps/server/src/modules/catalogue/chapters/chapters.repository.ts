import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { chapters } from '../../../db/schema';
import { joinSeries, seriesTypeColumns } from '../series';
import { chapterIsOut } from './chapter-predicates';
import { chapterListColumns, type NewChapter } from './chapters.sql';

/** A chapter with its series' type (comic pages or novel text). */
export async function findChapterWithSeriesType(db: Database, id: string) {
  const [row] = await db
    .select({ chapter: chapters, ...seriesTypeColumns })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, id))
    .limit(1);
  return row;
}

/** The chapter (locked until the transaction ends: an edit reads what it changes from here) and its series' type. */
export async function lockChapterWithSeriesType(tx: Transaction, id: string) {
  const [row] = await tx
    .select({ chapter: chapters, ...seriesTypeColumns })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, id))
    .for('update', { of: chapters });
  return row;
}

/** Every chapter of a series for the team, with its page count, newest number first. */
export async function teamChaptersOf(db: Database, seriesId: string) {
  return db
    .select({
      ...chapterListColumns,
      // Written out in full: in a select list drizzle leaves the outer column unqualified.
      pageCount: sql<number>`(select count(*)::int from chapter_pages p where p.chapter_id = chapters.id and p.language is null)`,
    })
    .from(chapters)
    .where(eq(chapters.seriesId, seriesId))
    .orderBy(desc(chapters.number));
}

/** A series' chapters, locked until the transaction ends (a renumbering reads and moves them all), lowest number first. */
export async function lockChaptersOfSeries(tx: Transaction, seriesId: string) {
  return tx
    .select({ id: chapters.id, number: chapters.number, slug: chapters.slug, volume: chapters.volume })
    .from(chapters)
    .where(eq(chapters.seriesId, seriesId))
    .orderBy(asc(chapters.number))
    .for('update');
}

export async function insertChapter(db: Database, values: NewChapter): Promise<string> {
  const [row] = await db.insert(chapters).values(values).returning({ id: chapters.id });
  if (!row) throw new Error('insert into chapters returned nothing');
  return row.id;
}

export async function updateChapter(db: Database, id: string, values: Partial<NewChapter>): Promise<void> {
  await db.update(chapters).set(values).where(eq(chapters.id, id));
}

export async function deleteChapter(db: Database, id: string): Promise<void> {
  await db.delete(chapters).where(eq(chapters.id, id));
}

/**
 * DESIGN §5 publishing: claims every chapter that is out by `now` and was never announced, in one
 * conditional update. Two instances racing get disjoint sets, so each release is announced once.
 */
export async function claimDueChapters(db: Database, now: Date): Promise<{ id: string; seriesId: string }[]> {
  return db
    .update(chapters)
    .set({ announcedAt: now })
    .where(and(isNull(chapters.announcedAt), chapterIsOut(now)))
    .returning({ id: chapters.id, seriesId: chapters.seriesId });
}
