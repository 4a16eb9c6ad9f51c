import type { historyQuerySchema } from '@inkwell/contract';
import type { z } from 'zod';
import { pageInfo } from '../../../../db/sql';
import { clearedOnAll, SERIES_EVENTS, type CacheRegistry } from '../../../../lib/caches';
import type { TtlCache } from '../../../../lib/ttl-cache';
import { libraryVersionOf, listHistory, listHistoryBySeries } from '../history.repository';
import type { LibraryDeps } from '../library.deps';
import { toContinue, toHistoryItem } from '../library.presenter';
import { continuePoints } from '../library.repository';

/**
 * How long an instance keeps a page of a reader's history. The reader's own changes show at once
 * (each copy holds only while their library version is the one it was read at); a team change
 * clears this instance's copies, and reaches the others within this time (decision 0005).
 */
export const HISTORY_CACHE_MS = 10_000;

type HistoryQuery = z.output<typeof historyQuerySchema>;
type HistoryPage = Awaited<ReturnType<typeof readHistory>>;

/** The history queries take the library's dependencies and its kept history pages. */
export type HistoryReads = LibraryDeps & { historyPages: TtlCache<HistoryPage> };

/**
 * Kept by library version: a stale copy is never read again, and ages out with the rest.
 * What is out may have changed with any series or chapter change: no kept page is trusted then.
 */
export function declareHistoryPages(caches: CacheRegistry) {
  return caches.declare<HistoryPage>({
    name: 'history pages',
    ttlMs: HISTORY_CACHE_MS,
    bound: { maxEntries: 5_000, maxBytes: 16 * 1024 * 1024, sizeOf: (value) => JSON.stringify(value).length },
    clearedBy: clearedOnAll(SERIES_EVENTS),
  });
}

async function readHistory({ db, clock }: LibraryDeps, userId: string, query: HistoryQuery) {
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

/**
 * A page of the reader's history, or of its latest entry per series (home's Continue row):
 * computed once per library version (decision 0031), so a reader with thousands of entries
 * opening home again costs one primary-key read.
 */
export async function history(reads: HistoryReads, userId: string, query: HistoryQuery) {
  const version = await libraryVersionOf(reads.db, userId);
  return reads.historyPages.get(`${userId}|${version}|${query.by}|${query.page}|${query.perPage}`, () =>
    readHistory(reads, userId, query),
  );
}
