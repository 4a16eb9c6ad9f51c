import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { seriesAlsoRead } from '../../../../db/schema';

/** The series a series' readers also read, most shared first (read on series_also_read_rank_idx). */
export async function alsoReadIdsOf(db: Database, seriesId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: seriesAlsoRead.otherSeriesId })
    .from(seriesAlsoRead)
    .where(eq(seriesAlsoRead.seriesId, seriesId))
    .orderBy(desc(seriesAlsoRead.readers), seriesAlsoRead.otherSeriesId)
    .limit(limit);
  return rows.map((row) => row.id);
}
