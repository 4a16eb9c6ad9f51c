import { sql, type SQL } from 'drizzle-orm';
import { readingProgress } from '../../../../db/schema';

/**
 * Pairs of series read by the same readers (issue 39 §5, recommendations' nightly job), as a
 * subquery of `series_id, other_series_id, readers`: a reader reads a series when they have a place
 * in at least `minChapters` of its chapters; a pair is there only when at least `minReaders`
 * distinct readers read both, in both directions. Each reader's series come off
 * reading_progress_user_series_idx; the pairs are counted once (a < b) and mirrored.
 */
export const coReadingPairs = ({ minChapters, minReaders }: { minChapters: number; minReaders: number }): SQL => sql`
  with shelf as (
    select ${readingProgress.userId} as user_id, ${readingProgress.seriesId} as series_id
    from ${readingProgress}
    group by ${readingProgress.userId}, ${readingProgress.seriesId}
    having count(*) >= ${minChapters}
  ),
  pairs as (
    select a.series_id as a, b.series_id as b, count(*)::int as readers
    from shelf a join shelf b on b.user_id = a.user_id and b.series_id > a.series_id
    group by a.series_id, b.series_id
    having count(*) >= ${minReaders}
  )
  select a as series_id, b as other_series_id, readers from pairs
  union all
  select b, a, readers from pairs`;
