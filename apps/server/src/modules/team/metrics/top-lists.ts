import { METRICS_SERIES_REVENUE_MAX, METRICS_TOP, type MetricsRange } from '@inkwell/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { byCoins, byCount, byCountThenCoins, type Compare } from './metrics-tops';
import {
  rankedUnlocksByChapter,
  rankedUnlocksBySeries,
  rankedViewsByChapter,
  sumUnlocksByChapter,
  sumUnlocksBySeries,
  sumViewsByChapter,
  sumViewsBySeries,
  sumsOf,
  type KeySumRow,
} from './metrics-tops.repository';

// The team's and admins' top lists (metrics-tops.ts says how they are kept between requests).

/** A top list: its keys' sums ranked in its order, or plain (the live days'), and how it compares them. */
export interface TopList {
  name: string;
  ranked: (db: Database, range: MetricsRange) => Promise<KeySumRow[]>;
  sums: (db: Database, range: MetricsRange) => Promise<KeySumRow[]>;
  compare: Compare;
  limit: number;
  /** The sums per key as one statement (`v`: its rows), and `compare` in SQL, for the shared ranking (metrics-closed.ts). */
  statement: (range: MetricsRange) => SQL;
  order: SQL;
  coins: SQL;
}
export const TOP_SERIES_BY_VIEWS: TopList = {
  name: 'series-views',
  ranked: sumViewsBySeries,
  sums: sumViewsBySeries,
  compare: byCount,
  limit: METRICS_TOP,
  statement: sumsOf.seriesViews,
  order: sql`v.n desc`,
  coins: sql`0`,
};
export const TOP_CHAPTERS_BY_VIEWS: TopList = {
  name: 'chapter-views',
  ranked: rankedViewsByChapter,
  sums: sumViewsByChapter,
  compare: byCount,
  limit: METRICS_TOP,
  statement: sumsOf.chapterViews,
  order: sql`v.n desc`,
  coins: sql`0`,
};
export const TOP_CHAPTERS_BY_UNLOCKS: TopList = {
  name: 'chapter-unlocks',
  ranked: rankedUnlocksByChapter,
  sums: sumUnlocksByChapter,
  compare: byCountThenCoins,
  limit: METRICS_TOP,
  statement: sumsOf.chapterUnlocks,
  order: sql`v.n desc, coalesce(v.coins, 0) desc`,
  coins: sql`coalesce(v.coins, 0)`,
};
export const SERIES_BY_COINS: TopList = {
  name: 'series-coins',
  ranked: rankedUnlocksBySeries,
  sums: sumUnlocksBySeries,
  compare: byCoins,
  limit: METRICS_SERIES_REVENUE_MAX,
  statement: sumsOf.seriesUnlocks,
  order: sql`coalesce(v.coins, 0) desc`,
  coins: sql`coalesce(v.coins, 0)`,
};

/** Every list, as the shared ranking prepares them. */
export const TOP_LISTS = [TOP_SERIES_BY_VIEWS, TOP_CHAPTERS_BY_VIEWS, TOP_CHAPTERS_BY_UNLOCKS, SERIES_BY_COINS];
