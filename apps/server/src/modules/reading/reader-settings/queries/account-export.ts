import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { readerSettings, seriesReaderSettings } from '../../../../db/schema';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/** A reader's settings in the account and their choice per series, for their export (issue 36 §3). */
export async function readerSettingsForExport(db: Database, userId: string) {
  const [[general], perSeries] = await Promise.all([
    db
      .select({ comic: readerSettings.comic, novel: readerSettings.novel, updatedAt: readerSettings.updatedAt })
      .from(readerSettings)
      .where(eq(readerSettings.userId, userId)),
    db
      .select({
        series: seriesLinkColumns,
        mode: seriesReaderSettings.mode,
        direction: seriesReaderSettings.direction,
        fit: seriesReaderSettings.fit,
        updatedAt: seriesReaderSettings.updatedAt,
      })
      .from(seriesReaderSettings)
      .innerJoin(...joinSeries(seriesReaderSettings.seriesId))
      .where(eq(seriesReaderSettings.userId, userId))
      .orderBy(asc(seriesReaderSettings.updatedAt)),
  ]);
  return { general, perSeries };
}
