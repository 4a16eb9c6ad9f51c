import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { chapters } from '../../../db/schema';
import { joinSeries } from '../series';
import { chapterIsOut } from './chapter-predicates';

// The chapters' SQL other modules compose (decision 0036), beside their rules in chapter-predicates.ts:
// the join of a row that names its chapter, the columns each reads, and the rows' types.

export type ChapterRow = typeof chapters.$inferSelect;
export type NewChapter = typeof chapters.$inferInsert;

/** Chapters as lists need them: everything but a novel's text. */
export const chapterListColumns = {
  id: chapters.id,
  seriesId: chapters.seriesId,
  number: chapters.number,
  slug: chapters.slug,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
  /** Its volume (issue 37 §2), null when none. */
  volume: chapters.volume,
};
export type ChapterListRow = Pick<ChapterRow, keyof typeof chapterListColumns>;

/**
 * Joins the chapter of another module's row (`chapterId`, the row's chapter column), for the reads
 * that need it in the row's own query: `.leftJoin(...joinChapter(comments.chapterId))`.
 */
export const joinChapter = (chapterId: AnyPgColumn) => [chapters, eq(chapters.id, chapterId)] as const;

/** A chapter as a link and a list name it (the team's comments), beside `joinChapter`. */
export const chapterLinkColumns = { chapterSlug: chapters.slug, chapterNumber: chapters.number };

/** A chapter as a row of a history names and links it (a ledger entry's), beside `joinChapter`. */
export const chapterHeadingColumns = { id: chapters.id, slug: chapters.slug, number: chapters.number, title: chapters.title };

/** Joins the series of a chapter joined by `joinChapter`, for a row that points at a chapter only. */
export const joinSeriesOfChapter = () => joinSeries(chapters.seriesId);

/**
 * A chapter can be read in a translated edition (issue 35 §2): its translation has its text (a
 * novel) or its pages (a comic). Beside a chapter id and a language, as expressions.
 */
export const chapterReadableIn = (chapterId: SQL, language: SQL): SQL => sql`exists (
  select 1 from chapter_editions ce where ce.chapter_id = ${chapterId} and ce.language = ${language}
    and (ce.content is not null or exists (
      select 1 from chapter_pages p where p.chapter_id = ce.chapter_id and p.language = ce.language)))`;

/** The chapter (an id column of another module's row) is one of this series' (relations' chapter maps). */
export const chapterInSeries = (chapterId: AnyPgColumn, seriesId: string): SQL =>
  sql`exists (select 1 from chapters c where c.id = ${chapterId} and c.series_id = ${seriesId})`;

/**
 * The first chapter out at `now` after the one numbered `afterNumber` in a series, as a JSON object
 * `{ slug, number }` (null when none): `nextChaptersOut` as an expression, for a reader's state in
 * one series read in a single statement (library's series state).
 */
export const nextChapterOutJson = (seriesId: string, afterNumber: SQL | AnyPgColumn, now: Date): SQL => sql`(
  select json_build_object('slug', c.slug, 'number', c.number) from chapters c
  where c.series_id = ${seriesId} and c.number > ${afterNumber} and ${chapterIsOut(now, 'c')}
  order by c.number limit 1)`;

/**
 * A chapter as a reader's list shows it (a bookmark's latest chapter, where the reader picks up),
 * beside `joinChapter` or in the subqueries below: library's bookmarks.
 */
export const chapterCardColumns = {
  id: chapters.id,
  slug: chapters.slug,
  number: chapters.number,
  title: chapters.title,
  publishedAt: chapters.publishedAt,
};

/**
 * The newest chapter out at `now` of the outer row's series (`seriesId`, an expression of the outer
 * query), as a lateral subquery `latest` of `chapterCardColumns`: library's bookmarks page.
 */
export const latestChapterOutOf = (db: Database, seriesId: SQL, now: Date) =>
  db
    .select(chapterCardColumns)
    .from(chapters)
    .where(and(sql`${chapters.seriesId} = ${seriesId}`, chapterIsOut(now)))
    .orderBy(desc(chapters.publishedAt), desc(chapters.number))
    .limit(1)
    .as('latest');

/**
 * The first chapter out at `now` after the one numbered `afterNumber` in the outer row's series, asked
 * only when `when` holds, as a lateral subquery `next` (`slug`, `number`): library's bookmarks page.
 */
export const nextChapterOutAfter = (db: Database, seriesId: SQL, afterNumber: SQL, now: Date, when: SQL) =>
  db
    .select({
      slug: sql<string>`${chapters.slug}`.as('next_slug'),
      number: sql<number>`${chapters.number}`.mapWith(chapters.number).as('next_number'),
    })
    .from(chapters)
    .where(and(when, sql`${chapters.seriesId} = ${seriesId}`, sql`${chapters.number} > ${afterNumber}`, chapterIsOut(now)))
    .orderBy(asc(chapters.number))
    .limit(1)
    .as('next');
