import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapters } from '../../../../db/schema';
import { joinSeries, seriesPublishedColumns } from '../../series';
import { chapterIsOut } from '../chapter-predicates';

// What the library asks of chapters (decision 0036): the chapters a reader's progress is saved on,
// and where a series picks up after a completed chapter. The reader's progress is the library's.

/**
 * A chapter's length, for its reading time: its page count and its text's size in bytes
 * (octet_length reads a stored text's size without reading the text). Written out in full: in a
 * select list drizzle leaves the outer column unqualified.
 */
const chapterLength = {
  pageCount: sql<number>`(select count(*)::int from chapter_pages p where p.chapter_id = chapters.id and p.language is null)`,
  textBytes: sql<number | null>`octet_length(${chapters.content})`,
};

/** What deciding whether a viewer may keep progress on a chapter needs (access, its series published), with its length. */
const chapterForProgressColumns = {
  id: chapters.id,
  seriesId: chapters.seriesId,
  publishedAt: chapters.publishedAt,
  price: chapters.price,
  freeAt: chapters.freeAt,
  ...seriesPublishedColumns,
  ...chapterLength,
};

/** A chapter a reader saves progress on, with what access needs and its length. */
export async function findChapterForProgress(db: Database, chapterId: string) {
  const [row] = await db
    .select(chapterForProgressColumns)
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/** The chapters a merge of browser progress names, as `findChapterForProgress` (unknown ids are simply not returned). */
export async function findChaptersForProgress(db: Database, chapterIds: string[]) {
  if (chapterIds.length === 0) return [];
  return db
    .select(chapterForProgressColumns)
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(inArray(chapters.id, chapterIds));
}

/** The first chapter out at `now` after each of these (the next by number in the same series), one per series. */
export function nextChaptersOut(db: Database, after: { seriesId: string; chapterNumber: number }[], now: Date) {
  return db
    .selectDistinctOn([chapters.seriesId], {
      seriesId: chapters.seriesId,
      chapterSlug: chapters.slug,
      chapterNumber: chapters.number,
    })
    .from(chapters)
    .where(
      and(
        or(...after.map((row) => and(eq(chapters.seriesId, row.seriesId), gt(chapters.number, row.chapterNumber)))),
        chapterIsOut(now),
      ),
    )
    .orderBy(chapters.seriesId, asc(chapters.number));
}
