import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../../db/client';
import { chapters } from '../../../db/schema';
import {
  joinSeries,
  seriesIsPublished,
  seriesNameColumns,
  seriesPublishedColumns,
  seriesTypeColumns,
  setLastChapterAt,
} from '../series';
import { chapterIsOut } from './chapter-predicates';

export type ChapterRow = typeof chapters.$inferSelect;
export type NewChapter = typeof chapters.$inferInsert;

/** Chapters as lists need them: everything but a novel's text. */
const chapterListColumns = {
  id: chapters.id,
  seriesId: chapters.seriesId,
  number: chapters.number,
  slug: chapters.slug,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
};
export type ChapterListRow = Pick<ChapterRow, keyof typeof chapterListColumns>;

/**
 * Joins the chapter of another module's row (`chapterId`, the row's chapter column), for the reads
 * that need it in the row's own query: `.leftJoin(...joinChapter(comments.chapterId))`.
 */
export const joinChapter = (chapterId: AnyPgColumn) => [chapters, eq(chapters.id, chapterId)] as const;

/** A chapter as a link and a list name it (the team's comments), beside `joinChapter`. */
export const chapterLinkColumns = { chapterSlug: chapters.slug, chapterNumber: chapters.number };

/**
 * A chapter with what deciding who sees it needs (access, its series published) and the slugs of
 * its link: the chapter a comment is written under.
 */
export async function findChapterWithLink(db: Database, chapterId: string) {
  const [row] = await db
    .select({
      id: chapters.id,
      seriesId: chapters.seriesId,
      slug: chapters.slug,
      publishedAt: chapters.publishedAt,
      price: chapters.price,
      freeAt: chapters.freeAt,
      seriesSlug: seriesNameColumns.seriesSlug,
      ...seriesPublishedColumns,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/**
 * The chapter if readers may see it at `now` (out, its series published), with what a release's
 * notices name: its number, title and link, its series' names, and when it was announced.
 */
export async function findChapterShownNow(db: Database, chapterId: string, now: Date) {
  const [row] = await db
    .select({
      id: chapters.id,
      seriesId: chapters.seriesId,
      number: chapters.number,
      title: chapters.title,
      slug: chapters.slug,
      ...seriesNameColumns,
      announcedAt: chapters.announcedAt,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(and(eq(chapters.id, chapterId), chapterIsOut(now), seriesIsPublished()))
    .limit(1);
  return row;
}

/** A chapter's release and price, and whether its series is published: whether it can turn free for a reader. */
export async function findChapterTerms(db: Database, chapterId: string) {
  const [row] = await db
    .select({
      price: chapters.price,
      freeAt: chapters.freeAt,
      publishedAt: chapters.publishedAt,
      ...seriesPublishedColumns,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/** The newest published chapters of each series, `perSeries` each, in one query. */
export async function latestChaptersOf(db: Database, seriesIds: string[], perSeries: number, now: Date) {
  const bySeries = new Map<string, ChapterListRow[]>();
  if (seriesIds.length === 0) return bySeries;
  const ranked = db
    .select({
      ...chapterListColumns,
      rank: sql<number>`row_number() over (partition by ${chapters.seriesId} order by ${chapters.publishedAt} desc, ${chapters.number} desc)`.as(
        'rank',
      ),
    })
    .from(chapters)
    .where(and(inArray(chapters.seriesId, seriesIds), chapterIsOut(now)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${perSeries}`);
  for (const row of rows) {
    const list = bySeries.get(row.seriesId) ?? [];
    list.push(row);
    bySeries.set(row.seriesId, list);
  }
  for (const list of bySeries.values())
    list.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.number - a.number);
  return bySeries;
}

/** Every chapter of a series that has a publication time (drafts excluded), newest number first. */
export async function publishedOrScheduledChapters(db: Database, seriesId: string): Promise<ChapterListRow[]> {
  return db
    .select(chapterListColumns)
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), sql`${chapters.publishedAt} is not null`))
    .orderBy(desc(chapters.number));
}

export async function findChapterBySlug(db: Database, seriesId: string, slug: string): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(chapters)
    .where(and(eq(chapters.seriesId, seriesId), eq(chapters.slug, slug)))
    .limit(1);
  return row;
}

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
      pageCount: sql<number>`(select count(*)::int from chapter_pages p where p.chapter_id = chapters.id)`,
    })
    .from(chapters)
    .where(eq(chapters.seriesId, seriesId))
    .orderBy(desc(chapters.number));
}

export async function insertChapter(db: Database, values: NewChapter): Promise<string> {
  const [row] = await db.insert(chapters).values(values).returning({ id: chapters.id });
  if (!row) throw new Error('insert into chapters returned nothing');
  return row.id;
}

export async function insertChapters(db: Database, values: NewChapter[]): Promise<void> {
  if (values.length > 0) await db.insert(chapters).values(values);
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

/**
 * Keeps series.last_chapter_at true: the newest chapter out by `now`, set by series'
 * setLastChapterAt in one update (its subquery written here, over chapters).
 */
export async function refreshLastChapterAt(db: Database, seriesIds: string[], now: Date): Promise<void> {
  await setLastChapterAt(
    db,
    seriesIds,
    (seriesId) =>
      sql`(select max(c.published_at) from ${chapters} c where c.series_id = ${seriesId} and ${chapterIsOut(now, 'c')})`,
  );
}
