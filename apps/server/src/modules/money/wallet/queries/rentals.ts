import { and, eq, max } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterRentals } from '../../../../db/schema';

// A reader's rentals as the ladder reads them: a rental's own command, the chapter page's offers,
// the free-chapter alerts.

/** When a reader last used a series' pass and its daily free (the starts of their latest rentals of each kind). */
export async function latestRentals(db: Database, userId: string, seriesId: string) {
  const rows = await db
    .select({ method: chapterRentals.method, startsAt: max(chapterRentals.startsAt) })
    .from(chapterRentals)
    .where(and(eq(chapterRentals.userId, userId), eq(chapterRentals.seriesId, seriesId)))
    .groupBy(chapterRentals.method);
  const of = (method: 'wait_pass' | 'daily_free') => rows.find((row) => row.method === method)?.startsAt ?? null;
  return { waitPass: of('wait_pass'), dailyFree: of('daily_free') };
}
