import { bookmarkListResponseSchema, type bookmarkListQuerySchema } from '@inkwell/contract';
import type { z } from 'zod';
import { pageInfo } from '../../../../db/sql';
import { AppError } from '../../../../lib/app-error';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../../lib/caches';
import type { TtlCache } from '../../../../lib/ttl-cache';
import { isTeam, type Viewer } from '../../../identity/access';
import type { LibraryDeps } from '../library.deps';
import { toBookmark } from '../library.presenter';
import { listBookmarks } from '../bookmarks.repository';

const LIBRARY_PAGE_SIZE = 20;

/**
 * How long an instance keeps a page of a reader's bookmarks when no event clears it first: only
 * the clock changes it then (a chapter's free date passing, a rental ending, a scheduled chapter
 * whose release job has not run yet).
 */
export const BOOKMARKS_CACHE_MS = 30_000;

type BookmarkQuery = z.output<typeof bookmarkListQuerySchema>;
type BookmarkData = Awaited<ReturnType<typeof readBookmarks>>;
/** A page, and its answer's JSON checked against the contract once, sent as it is while kept. */
interface BookmarkPage {
  data: BookmarkData;
  json: string;
}

/** The bookmark queries take the library's dependencies and its kept bookmark pages. */
export type BookmarkReads = LibraryDeps & { bookmarkPages: TtlCache<BookmarkPage> };

/**
 * Kept per reader (issue 40): their follows and places (`library.changed`), their unlocks, rentals
 * and plan (`user.changed`) clear their pages on every instance; any series or chapter change
 * clears every reader's (what is out, the latest chapter, the order by newest chapter).
 */
export function declareBookmarkPages(caches: CacheRegistry) {
  return caches.declare<BookmarkPage>({
    name: 'bookmark pages',
    ttlMs: BOOKMARKS_CACHE_MS,
    bound: { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024, sizeOf: (value) => 2 * (value as BookmarkPage).json.length },
    clearedBy: {
      ...clearedOnAll(SERIES_EVENTS),
      'library.changed': (event) => event.userId,
      'user.changed': (event) => event.userId,
      'user.deleted': (event) => event.userId,
    },
  });
}

async function readBookmarks({ db, clock }: LibraryDeps, userId: string, opensEverything: boolean, query: BookmarkQuery) {
  const { rows, total } = await listBookmarks(
    db,
    userId,
    query.sort,
    query.page,
    LIBRARY_PAGE_SIZE,
    clock.now(),
    opensEverything,
  );
  return { items: rows.map(toBookmark), pagination: pageInfo(query.page, LIBRARY_PAGE_SIZE, total) };
}

/** A page of the series the viewer follows, each with its latest chapter and where the viewer picks up. */
function bookmarkPage(reads: BookmarkReads, viewer: Viewer, query: BookmarkQuery): Promise<BookmarkPage> {
  const userId = viewer.userId;
  if (!userId) throw new AppError('unauthorized', 'apiErrors.reading.bookmarksSignIn');
  // What is still locked to the reader counts apart, so a premium or team reader's page is another.
  const opensEverything = viewer.hasPremiumPass || isTeam(viewer);
  return reads.bookmarkPages.get(`${userId}|${opensEverything ? 'all' : 'own'}|${query.sort}|${query.page}`, async () => {
    const data = await readBookmarks(reads, userId, opensEverything, query);
    return { data, json: JSON.stringify(bookmarkListResponseSchema.parse({ success: true, data })) };
  });
}

export const bookmarks = async (reads: BookmarkReads, viewer: Viewer, query: BookmarkQuery) =>
  (await bookmarkPage(reads, viewer, query)).data;

/** The same page as the API sends it: `{ success, data }` serialized once per kept page. */
export const bookmarksJson = async (reads: BookmarkReads, viewer: Viewer, query: BookmarkQuery) =>
  (await bookmarkPage(reads, viewer, query)).json;
