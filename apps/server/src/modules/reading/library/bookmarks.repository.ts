import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BOOKMARK_SORTS } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { at, totalOfPage } from '../../../db/sql';
import { bookmarks, readingProgress } from '../../../db/schema';
import {
  chapterCardColumns,
  chapterForSale,
  chapterIsOut,
  joinChapter,
  latestChapterOutOf,
  nextChapterOutAfter,
} from '../../catalogue/chapters';
import { joinSeries, seriesCardColumns, seriesIsPublished, seriesOrderColumns } from '../../catalogue/series';
import { isChapterOut, isSeriesPublished } from './library.repository';

// A reader's bookmarks page (issue 40): one query reads the page's rows first, then for those
// twenty alone their unread count, their latest chapter and where the reader picks up.

export type BookmarkSort = (typeof BOOKMARK_SORTS)[number];

/**
 * Chapter `c` (of the series `seriesId`) is out and this reader cannot open it now: priced, not
 * yet free, neither bought nor rented by them now (a few per series, on chapters_priced_idx, the
 * unlocks' primary key and the rentals' index). Never true for a reader who may open everything
 * (premium or the team): the caller leaves it out.
 */
const isLockedOut = (seriesId: SQL, userId: string, now: Date) =>
  sql`c.series_id = ${seriesId} and ${chapterForSale(now, 'c')} and ${chapterIsOut(now, 'c')}
    and not exists (select 1 from chapter_unlocks u where u.user_id = ${userId} and u.chapter_id = c.id)
    and not exists (select 1 from chapter_rentals r where r.user_id = ${userId} and r.chapter_id = c.id and r.ends_at > ${at(now)})`;

/**
 * How many chapters of `seriesId` the reader can open now and has not completed: a chapter still
 * locked to them is not "unread", it is for sale. The chapters out, less those still locked, less
 * those the reader completed (and may still open): counts on indexes (the series' chapters by
 * publication, its priced ones, the reader's rows of that series), not a lookup per chapter.
 */
function unreadCountOf(seriesId: SQL, userId: string, now: Date, opensEverything: boolean) {
  const locked = opensEverything ? null : isLockedOut(seriesId, userId, now);
  return sql<number>`((select count(*) from chapters c where c.series_id = ${seriesId} and ${chapterIsOut(now, 'c')})
        ${locked ? sql`- (select count(*) from chapters c where ${locked})` : sql``}
        - (select count(*) from reading_progress rp where rp.user_id = ${userId} and rp.series_id = ${seriesId} and rp.completed
          and ${isChapterOut(sql`rp.chapter_id`, now)}${locked ? sql` and not exists (select 1 from chapters c where c.id = rp.chapter_id and ${locked})` : sql``}))::int`;
}

/** Each order ends on the series id, so pages never repeat or skip a series. */
const pageOrder = (sort: BookmarkSort, row: Record<'lastChapterAt' | 'title' | 'bookmarkedAt' | 'id', unknown>) =>
  ({
    updated: [sql`${row.lastChapterAt} desc nulls last`, sql`${row.title} asc`],
    title: [sql`${row.title} asc`],
    added: [sql`${row.bookmarkedAt} desc`],
  })[sort].concat(sql`${row.id} asc`);

/**
 * One page of a reader's bookmarks (published series only), with how many they follow in all
 * (counted over the rows the page is sorted from), each with its unread count, its latest chapter
 * out and where the reader picks up: the furthest chapter out (by number) they opened, where they
 * were in it, or when it is completed the next one out from its start. `opensEverything` is the
 * viewer's premium pass or team role. query-plans.test.ts explains this.
 */
export function bookmarkPageQuery(
  db: Database,
  userId: string,
  sort: BookmarkSort,
  page: number,
  perPage: number,
  now: Date,
  opensEverything = false,
) {
  const followed = db
    .select({
      ...seriesCardColumns,
      lastChapterAt: seriesOrderColumns.lastChapterAt,
      bookmarkedAt: sql<Date>`${bookmarks.createdAt}`.mapWith(bookmarks.createdAt).as('bookmarked_at'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(bookmarks)
    .innerJoin(...joinSeries(bookmarks.seriesId))
    .where(and(eq(bookmarks.userId, userId), seriesIsPublished()))
    .orderBy(...pageOrder(sort, { ...seriesOrderColumns, bookmarkedAt: bookmarks.createdAt }))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .as('page');
  // Written out in full: in a lateral's select list drizzle leaves the outer column unqualified.
  const seriesId = sql.raw('page.id');
  const latest = latestChapterOutOf(db, seriesId, now);
  const furthest = db
    .select({
      slug: sql<string>`${chapterCardColumns.slug}`.as('furthest_slug'),
      number: sql<number>`${chapterCardColumns.number}`.mapWith(chapterCardColumns.number).as('furthest_number'),
      page: readingProgress.page,
      position: readingProgress.position,
      completed: readingProgress.completed,
    })
    .from(readingProgress)
    .innerJoin(...joinChapter(readingProgress.chapterId))
    .where(and(eq(readingProgress.userId, userId), sql`${readingProgress.seriesId} = ${seriesId}`, chapterIsOut(now)))
    .orderBy(desc(chapterCardColumns.number))
    .limit(1)
    .as('furthest');
  const next = nextChapterOutAfter(db, seriesId, sql`furthest.furthest_number`, now, sql`furthest.completed`);
  return db
    .select({
      series: {
        id: followed.id,
        slug: followed.slug,
        title: followed.title,
        type: followed.type,
        status: followed.status,
        coverKey: followed.coverKey,
        coverWidth: followed.coverWidth,
        coverHeight: followed.coverHeight,
      },
      bookmarkedAt: followed.bookmarkedAt,
      total: followed.total,
      unreadCount: unreadCountOf(seriesId, userId, now, opensEverything),
      latestId: latest.id,
      latestSlug: latest.slug,
      latestNumber: latest.number,
      latestTitle: latest.title,
      latestPublishedAt: latest.publishedAt,
      furthestSlug: furthest.slug,
      furthestNumber: furthest.number,
      furthestPage: furthest.page,
      furthestPosition: furthest.position,
      furthestCompleted: furthest.completed,
      nextSlug: next.slug,
      nextNumber: next.number,
    })
    .from(followed)
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(furthest, sql`true`)
    .leftJoinLateral(next, sql`true`)
    .orderBy(...pageOrder(sort, followed));
}
export type BookmarkPageRow = Awaited<ReturnType<typeof bookmarkPageQuery>>[number];

/**
 * How many published series a reader follows: their bookmarks (the primary key's index) less the
 * few unpublished series, read once. Joining every bookmark to its series instead read the whole
 * series table for a reader with 500 follows (4 ms on 20,000 series). Only asked past the last page.
 */
export function bookmarkCountQuery(db: Database, userId: string) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookmarks)
    .where(and(eq(bookmarks.userId, userId), isSeriesPublished(bookmarks.seriesId)));
}

export async function listBookmarks(
  db: Database,
  userId: string,
  sort: BookmarkSort,
  page: number,
  perPage: number,
  now: Date,
  opensEverything: boolean,
) {
  const rows = await bookmarkPageQuery(db, userId, sort, page, perPage, now, opensEverything);
  const total = await totalOfPage(rows, page, async () => (await bookmarkCountQuery(db, userId))[0]?.total ?? 0);
  return { rows, total };
}
