import type { MetricsRange, SeriesFunnel } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { AppError } from '../../../../lib/app-error';
import type { Clock } from '../../../../lib/clock';
import { findSeriesById } from '../../../catalogue/series';
import { seriesFunnel } from '../funnel.repository';

/** A series' funnel over a range (issue 22 §3): per chapter, readers, unlocks by method, first payments and drop-off. */
export async function seriesFunnelOver(
  { db, clock }: { db: Database; clock: Clock },
  seriesId: string,
  range: MetricsRange,
): Promise<SeriesFunnel> {
  const series = await findSeriesById(db, seriesId);
  if (!series) throw new AppError('series_not_found', 'apiErrors.seriesNotFound');
  const rows = await seriesFunnel(db, seriesId, range, clock.now());
  return {
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
