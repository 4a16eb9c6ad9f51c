import { METRICS_SERIES_REVENUE_MAX, METRICS_TOP, type MetricsRange } from '@inkwell/contract';
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
}
export const TOP_SERIES_BY_VIEWS: TopList = {
  name: 'series-views',
  ranked: sumViewsBySeries,
  sums: sumViewsBySeries,
  compare: byCount,
  limit: METRICS_TOP,
};
export const TOP_CHAPTERS_BY_VIEWS: TopList = {
  name: 'chapter-views',
  ranked: rankedViewsByChapter,
  sums: sumViewsByChapter,
  compare: byCount,
  limit: METRICS_TOP,
};
export const TOP_CHAPTERS_BY_UNLOCKS: TopList = {
  name: 'chapter-unlocks',
  ranked: rankedUnlocksByChapter,
  sums: sumUnlocksByChapter,
  compare: byCountThenCoins,
  limit: METRICS_TOP,
};
export const SERIES_BY_COINS: TopList = {
  name: 'series-coins',
  ranked: rankedUnlocksBySeries,
  sums: sumUnlocksBySeries,
  compare: byCoins,
  limit: METRICS_SERIES_REVENUE_MAX,
};
