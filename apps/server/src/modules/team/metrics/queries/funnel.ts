import { addDays, type MetricsRange, type SeriesFunnel } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import { findSeriesById } from '../../../catalogue/series';
import { seriesMemberCounts } from '../../../money/subscriptions';
import { seriesFunnel } from '../funnel.repository';

/**
 * A series' funnel over a range (issue 22 §3): per chapter, readers, unlocks by method, first
 * payments and drop-off; and the series' members, now and joined in the range (issue 38 §1).
 */
export async function seriesFunnelOver(
  { db, clock }: { db: Database; clock: Clock },
  seriesId: string,
  range: MetricsRange,
): Promise<SeriesFunnel> {
  const series = await findSeriesById(db, seriesId);
  if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const now = clock.now();
  const [rows, members] = await Promise.all([
    seriesFunnel(db, seriesId, range, now),
    seriesMemberCounts(db, seriesId, now, {
      from: new Date(`${range.from}T00:00:00Z`),
      to: new Date(`${addDays(range.to, 1)}T00:00:00Z`),
    }),
  ]);
  return {
    members,
    range,
    seriesId,
    title: series.title,
    rows: rows.map((row) => ({
      chapterId: row.chapter_id,
      number: Number(row.number),
      started: row.started,
      finished: row.finished,
      unlocksByMethod: { coins: row.coins, wait_pass: row.wait_pass, daily_free: row.daily_free },
      firstPaid: row.first_paid,
      dropOff: row.has_next && row.started > 0 ? Math.round(((row.started - row.went_on) / row.started) * 1000) / 1000 : null,
    })),
  };
}
