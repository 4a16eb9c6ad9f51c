import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapters } from '../../../../db/schema';
import { joinSeries, seriesBookColumns, seriesIsPublished, seriesNameColumns, seriesPublishedColumns } from '../../series';
import { chapterIsOut } from '../chapter-predicates';

// One chapter as another module asks for it, with what it needs of its series: comments (a link and
// who sees it), notifications (a release's names, whether it can turn free), downloads (a file's words).

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

/**
 * A chapter with what a book made of it says of it and of its series (downloads' CBZ and EPUB
 * files, and the OPDS 2 feed's chapter a file belongs to), or undefined when there is none.
 */
export async function findChapterForFile(db: Database, chapterId: string) {
  const [row] = await db
    .select({
      id: chapters.id,
      slug: chapters.slug,
      number: chapters.number,
      title: chapters.title,
      publishedAt: chapters.publishedAt,
      series: seriesBookColumns,
    })
    .from(chapters)
    .innerJoin(...joinSeries(chapters.seriesId))
    .where(eq(chapters.id, chapterId))
    .limit(1);
  return row;
}

/** Chapters by id with their series, number and link (relations: a chapter map's chapters checked and named). */
export async function findChaptersById(db: Database, chapterIds: readonly string[]) {
  if (chapterIds.length === 0) return [];
  return db
    .select({ id: chapters.id, seriesId: chapters.seriesId, number: chapters.number, slug: chapters.slug, title: chapters.title })
    .from(chapters)
    .where(inArray(chapters.id, [...chapterIds]));
}
