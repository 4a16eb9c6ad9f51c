import type { z } from 'zod';
import type { bookmarkListQuerySchema, historyQuerySchema, ProgressInput, progressMergeSchema } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { pageInfo } from '../../db/sql';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { canReadChapter, chapterAccess, isTeam, type ChapterForAccess, type Viewer } from '../access';
import type { UnlockLookup } from '../wallet';
import { latestChaptersOf } from '../chapters';
import { findSeriesById } from '../series';
import {
  continuePoints,
  deleteBookmark,
  findChapterForProgress,
  findChaptersForMerge,
  hasBookmark,
  insertBookmark,
  listBookmarks,
  mergeProgress,
  progressOfSeries,
  saveProgress,
  findProgress,
  writeProgressIfNewer,
  type ProgressWrite,
} from './library.repository';
import { hideFromHistory, libraryVersionOf, listHistory, listHistoryBySeries } from './history.repository';
import { toBookmark, toChapterProgress, toContinue, toHistoryItem, toProgressEntry } from './library.presenter';
import { readingTimeMs, type ChapterLength } from './reading-time';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../lib/caches';

const LIBRARY_PAGE_SIZE = 20;

/**
 * How long an instance keeps a page of a reader's history. The reader's own changes show at once
 * (each copy holds only while their library version is the one it was read at); a team change
 * clears this instance's copies, and reaches the others within this time (decision 0005).
 */
export const HISTORY_CACHE_MS = 10_000;

/**
 * Where a long strip or a novel counts as read: its end is in view. Clients send `completed` when
 * they see the end; this catches the ones that only send the position (issue 9 §1: long strips
 * were never marked read on other sites).
 */
const COMPLETED_POSITION = 0.98;

/** Whether a reading reached the end of the chapter, in any mode. */
function reachesEnd(input: ProgressInput, pageCount: number): boolean {
  if (input.completed === true) return true;
  if (input.position !== undefined && input.position >= COMPLETED_POSITION) return true;
  return input.page !== undefined && pageCount > 0 && input.page >= pageCount;
}

type MergeEntry = z.output<typeof progressMergeSchema>['entries'][number];

/** From when reaching a chapter first opened now counts as reading it: its reading time on. */
const finishCountsAt = (chapter: ChapterLength, now: Date) => new Date(now.getTime() + readingTimeMs(chapter));

/** A reader's place in a chapter as it is written: where they are, when, and from when its end counts. */
function progressWrite(
  userId: string,
  chapter: ChapterLength & { seriesId: string; pageCount: number },
  chapterId: string,
  input: ProgressInput,
  readAt: Date,
  now: Date,
): ProgressWrite {
  return {
    userId,
    chapterId,
    seriesId: chapter.seriesId,
    page: input.page ?? null,
    position: input.position ?? null,
    completed: reachesEnd(input, chapter.pageCount),
    readAt,
    finishCountsAt: finishCountsAt(chapter, now),
  };
}

interface Deps {
  db: Database;
  clock: Clock;
  caches: CacheRegistry;
  unlocks: UnlockLookup;
}

/** Bookmarks, reading progress and history (DESIGN §4 Library): the reader's own library. */
export function createLibraryService({ db, clock, caches, unlocks }: Deps) {
  /** DESIGN §5 through the access module: a chapter that is out, in a series that is out, and readable by this viewer. */
  const isReadable = (chapter: ChapterForAccess & { seriesIsPublished: boolean }, viewer: Viewer, now: Date) => {
    if (!chapter.seriesIsPublished && !isTeam(viewer)) return false;
    const access = chapterAccess(chapter, viewer, now);
    return access !== 'scheduled' && canReadChapter(access, viewer);
  };

  async function publishedSeries(seriesId: string, viewer: Viewer) {
    const row = await findSeriesById(db, seriesId);
    if (!row || (!row.isPublished && !isTeam(viewer))) throw new AppError('series_not_found', 'Series not found');
    return row;
  }

  // Kept by library version: a stale copy is never read again, and ages out with the rest.
  // What is out may have changed with any series or chapter change: no kept page is trusted then.
  const historyPages = caches.declare<Awaited<ReturnType<typeof readHistory>>>({
    name: 'history pages',
    ttlMs: HISTORY_CACHE_MS,
    bound: { maxEntries: 5_000, maxBytes: 16 * 1024 * 1024, sizeOf: (value) => JSON.stringify(value).length },
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });

  return {
    async bookmarks(viewer: Viewer, query: z.output<typeof bookmarkListQuerySchema>) {
      const now = clock.now();
      const userId = viewer.userId;
      if (!userId) throw new AppError('unauthorized', 'Log in to see your bookmarks');
      const opensEverything = viewer.hasPremiumPass || isTeam(viewer);
      const { rows, total } = await listBookmarks(db, userId, query.sort, query.page, LIBRARY_PAGE_SIZE, now, opensEverything);
      const seriesIds = rows.map((row) => row.series.id);
      const [latest, points] = await Promise.all([
        latestChaptersOf(db, seriesIds, 1, now),
        continuePoints(db, userId, seriesIds, now),
      ]);
      return {
        items: rows.map((row) => toBookmark(row, latest.get(row.series.id)?.[0], points.get(row.series.id), now)),
        pagination: pageInfo(query.page, LIBRARY_PAGE_SIZE, total),
      };
    },

    /** Follows a published series; following it again changes nothing. */
    async bookmark(userId: string, seriesId: string) {
      const row = await findSeriesById(db, seriesId);
      if (!row?.isPublished) throw new AppError('series_not_found', 'Series not found');
      await insertBookmark(db, userId, seriesId, clock.now());
      return { seriesId, bookmarked: true };
    },

    async unbookmark(userId: string, seriesId: string) {
      await deleteBookmark(db, userId, seriesId);
      return { seriesId, bookmarked: false };
    },

    /**
     * Where the viewer is in a chapter, opened now. Only a chapter they may read counts; any
     * other (unknown, not out, locked) is "not found", so nothing is learnt about it.
     */
    async saveProgress(viewer: Viewer, chapterId: string, input: ProgressInput) {
      const now = clock.now();
      const chapter = await findChapterForProgress(db, chapterId);
      const withUnlocks = chapter ? await unlocks.withUnlocksAmong(viewer, [chapter.id]) : viewer;
      if (!chapter || !viewer.userId || !isReadable(chapter, withUnlocks, now)) {
        throw new AppError('chapter_not_found', 'Chapter not found');
      }
      const row = await saveProgress(db, progressWrite(viewer.userId, chapter, chapterId, input, now, now), now);
      return toChapterProgress(row);
    },

    /**
     * A place from a reading app (issue 19 §6), made at `at` (the app's clock, never ahead of
     * ours): it moves the reader's one place in the chapter only when it is newer than the one
     * kept, whichever device or protocol wrote that. A chapter the reader may not read is left
     * alone. Answers whether the place moved.
     */
    async placeFromApp(
      viewer: Viewer,
      chapterId: string,
      place: { page?: number | null; position?: number | null; completed?: boolean },
      at: Date,
    ): Promise<boolean> {
      const now = clock.now();
      const chapter = await findChapterForProgress(db, chapterId);
      if (!chapter || !viewer.userId) return false;
      if (!isReadable(chapter, await unlocks.withUnlocksAmong(viewer, [chapter.id]), now)) return false;
      const input = { page: place.page ?? undefined, position: place.position ?? undefined, completed: place.completed };
      return writeProgressIfNewer(db, progressWrite(viewer.userId, chapter, chapterId, input, at > now ? now : at, now), now);
    },

    /** The reader's place in a chapter as kept (page or position, when, read or not). */
    async placeOf(userId: string, chapterId: string) {
      return (await findProgress(db, userId, chapterId)) ?? null;
    },

    /**
     * A visitor's progress from their browser, merged into their account as they sign in:
     * chapters that do not exist or that they may not read are left out.
     */
    async mergeProgress(viewer: Viewer, entries: MergeEntry[]) {
      const now = clock.now();
      if (!viewer.userId || entries.length === 0) return { merged: 0 };
      const byChapter = new Map<string, MergeEntry>();
      for (const entry of entries) byChapter.set(entry.chapterId, combine(byChapter.get(entry.chapterId), entry));
      const found = await findChaptersForMerge(db, [...byChapter.keys()]);
      const withUnlocks = await unlocks.withUnlocksAmong(
        viewer,
        found.map((chapter) => chapter.id),
      );
      const writes: ProgressWrite[] = found
        .filter((chapter) => isReadable(chapter, withUnlocks, now))
        .map((chapter) => {
          const entry = byChapter.get(chapter.id)!;
          const readAt = new Date(entry.readAt);
          return {
            userId: viewer.userId!,
            chapterId: chapter.id,
            seriesId: chapter.seriesId,
            page: entry.page ?? null,
            position: entry.position ?? null,
            completed: entry.completed === true || (entry.position ?? 0) >= COMPLETED_POSITION,
            // A browser's clock may run ahead: nothing is read in the future.
            readAt: readAt > now ? now : readAt,
            finishCountsAt: finishCountsAt(chapter, now),
          };
        });
      return { merged: await mergeProgress(db, writes, now) };
    },

    async seriesProgress(viewer: Viewer, seriesId: string) {
      const userId = viewer.userId!;
      await publishedSeries(seriesId, viewer);
      const [rows, points, bookmarked] = await Promise.all([
        progressOfSeries(db, userId, seriesId),
        continuePoints(db, userId, [seriesId], clock.now()),
        hasBookmark(db, userId, seriesId),
      ]);
      return {
        chapters: Object.fromEntries(rows.map((row) => [row.chapterId, toProgressEntry(row)])),
        continue: toContinue(points.get(seriesId)),
        bookmarked,
      };
    },

    /**
     * A page of the reader's history, or of its latest entry per series (home's Continue row):
     * computed once per library version (decision 0031), so a reader with thousands of entries
     * opening home again costs one primary-key read.
     */
    async history(userId: string, query: z.output<typeof historyQuerySchema>) {
      const version = await libraryVersionOf(db, userId);
      return historyPages.get(`${userId}|${version}|${query.by}|${query.page}|${query.perPage}`, () =>
        readHistory(userId, query),
      );
    },

    /** One entry, or all of them; the progress and read marks stay. */
    async clearHistory(userId: string, chapterId?: string) {
      return hideFromHistory(db, userId, chapterId);
    },
  };

  async function readHistory(userId: string, query: z.output<typeof historyQuerySchema>) {
    const now = clock.now();
    const pagination = (total: number) => pageInfo(query.page, query.perPage, total);
    if (query.by === 'chapter') {
      const { rows, total } = await listHistory(db, userId, query.page, query.perPage, now);
      return { items: rows.map((row) => toHistoryItem(row)), pagination: pagination(total) };
    }
    // One entry per series, with where it picks up (home's "Continue reading" row).
    const { rows, total } = await listHistoryBySeries(db, userId, query.page, query.perPage, now);
    const points = await continuePoints(
      db,
      userId,
      rows.map((row) => row.series.id),
      now,
    );
    return {
      items: rows.map((row) => toHistoryItem(row, toContinue(points.get(row.series.id)))),
      pagination: pagination(total),
    };
  }
}
export type LibraryService = ReturnType<typeof createLibraryService>;

/** Two browser entries for one chapter: the furthest, the latest, completed if either is. */
function combine(a: MergeEntry | undefined, b: MergeEntry): MergeEntry {
  if (!a) return b;
  const max = (x: number | null | undefined, y: number | null | undefined) => (x == null ? y : y == null ? x : Math.max(x, y));
  return {
    chapterId: b.chapterId,
    page: max(a.page, b.page),
    position: max(a.position, b.position),
    completed: a.completed === true || b.completed === true,
    readAt: Date.parse(a.readAt) > Date.parse(b.readAt) ? a.readAt : b.readAt,
  };
}
