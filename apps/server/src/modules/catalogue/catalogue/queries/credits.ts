import type { Credit } from '@inkwell/contract';
import { SERIES_EVENTS, type CacheRegistry, clearedOnAll } from '../../../../lib/caches';
import type { Database } from '../../../../db/client';
import { chapterCreditsInSeries, effectiveCredits } from '../../chapters';
import { seriesCreditsOf } from '../../series';

// Who made a series and each of its chapters (issue 37 §2), as the public answers show them.

/** A series' default credits and its chapters' own, each credit with its user's current name. */
export interface SeriesCredits {
  series: Credit[];
  chapters: ReadonlyMap<string, Credit[]>;
}

/** How long a series' credits are kept; their writes, and any change to a user (a new name), clear them at once. */
const CREDITS_CACHE_MS = 10_000;

/**
 * Declares the credits' cache. Credits show their linked users' current names, so besides the
 * series' and chapters' events it hears `user.changed` (a rename) and `user.deleted`: a renamed
 * user shows under their new name in the next answer drawn (the shared answers keep theirs 2 s).
 * Clearing it whole is cheap: one indexed read per series the next time it is asked.
 */
export function declareCreditsCache(caches: CacheRegistry) {
  return caches.declare<SeriesCredits>({
    name: 'catalogue credits',
    ttlMs: CREDITS_CACHE_MS,
    bound: 500,
    clearedBy: { ...clearedOnAll(SERIES_EVENTS), 'user.changed': 'all', 'user.deleted': 'all' },
  });
}

/** A series' credits, read in two queries. */
export async function loadSeriesCredits(db: Database, seriesId: string): Promise<SeriesCredits> {
  const [series, chapters] = await Promise.all([seriesCreditsOf(db, seriesId), chapterCreditsInSeries(db, seriesId)]);
  return { series, chapters };
}

/** A chapter's credits as readers see them: its own for the roles it names, its series' for the rest. */
export const chapterCreditsFrom = (credits: SeriesCredits, chapterId: string): Credit[] =>
  effectiveCredits(credits.chapters.get(chapterId) ?? [], credits.series);
