import { sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { at } from '../../../../db/sql';
import { seriesAlsoRead } from '../../../../db/schema';
import { coReadingPairs } from '../../library';

/** A reader reads a series when they have a place in this many of its chapters. */
const ALSO_READ_MIN_CHAPTERS = 3;
/** A pair is kept only when this many readers share it (the table's CHECK too): nobody's reading can be told from it. */
const ALSO_READ_MIN_READERS = 5;
/** The most shared pairs kept per series: more than any answer shows, and the table stays small on a large catalogue. */
const KEPT_PER_SERIES = 50;
/** The transaction lock two runs at once take turns on (any fixed number; this one is the job's alone). */
const ALSO_READ_LOCK = 390_501;

/**
 * Writes every published series' "readers also read" anew (issue 39 §5), in one transaction: a
 * reader sees yesterday's list until the new one is whole. Two runs at once (two instances, a
 * schedule and a journey's hook) take turns on a transaction lock; the one that waited finds the
 * table written since it started and leaves it. Answers how many pairs it wrote, or null when it left it.
 */
export async function replaceAlsoRead(db: Database, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALSO_READ_LOCK})`);
    const [last] = await tx.select({ at: sql<string | null>`max(${seriesAlsoRead.computedAt})` }).from(seriesAlsoRead);
    if (last?.at && new Date(last.at).getTime() >= now.getTime()) return null;
    await tx.delete(seriesAlsoRead);
    // Both series published; `series` is named in SQL only (its owner's rule, `seriesIsPublished`, is
    // for a join of one series, and a pair needs two). The answer applies the audience's rule again.
    await tx.execute(sql`
      insert into ${seriesAlsoRead} (series_id, other_series_id, readers, computed_at)
      select ranked.series_id, ranked.other_series_id, ranked.readers, ${at(now)}
      from (
        select pair.series_id, pair.other_series_id, pair.readers,
          row_number() over (partition by pair.series_id order by pair.readers desc, pair.other_series_id) as rank
        from (${coReadingPairs({ minChapters: ALSO_READ_MIN_CHAPTERS, minReaders: ALSO_READ_MIN_READERS })}) pair
        join series s on s.id = pair.series_id and s.is_published
        join series o on o.id = pair.other_series_id and o.is_published
      ) ranked
      where ranked.rank <= ${KEPT_PER_SERIES}`);
    const [written] = await tx.select({ count: sql<number>`count(*)::int` }).from(seriesAlsoRead);
    return written?.count ?? 0;
  });
}
