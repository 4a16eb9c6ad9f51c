import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterRentals, chapterUnlocks, coinLedger, seriesAutoUnlocks } from '../../../../db/schema';
import { chapterLinkColumns, joinChapter, joinSeriesOfChapter } from '../../../catalogue/chapters';
import { joinSeries, seriesLinkColumns } from '../../../catalogue/series';

/** A reader's coins as their export lists them (issue 36 §3): the ledger, unlocks, rentals and auto-unlocked series. */
export async function walletForExport(db: Database, userId: string) {
  const [ledger, unlocks, rentals, autoUnlockSeries] = await Promise.all([
    db
      .select({
        delta: coinLedger.delta,
        kind: coinLedger.kind,
        balanceAfter: coinLedger.balanceAfter,
        reason: coinLedger.reason,
        createdAt: coinLedger.createdAt,
      })
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(asc(coinLedger.createdAt), asc(coinLedger.id)),
    db
      .select({
        chapterId: chapterUnlocks.chapterId,
        chapter: chapterLinkColumns,
        seriesTitle: seriesLinkColumns.title,
        coins: chapterUnlocks.coins,
        createdAt: chapterUnlocks.createdAt,
      })
      .from(chapterUnlocks)
      .innerJoin(...joinChapter(chapterUnlocks.chapterId))
      .innerJoin(...joinSeriesOfChapter())
      .where(eq(chapterUnlocks.userId, userId))
      .orderBy(asc(chapterUnlocks.createdAt)),
    db
      .select({
        chapterId: chapterRentals.chapterId,
        chapter: chapterLinkColumns,
        seriesTitle: seriesLinkColumns.title,
        method: chapterRentals.method,
        startsAt: chapterRentals.startsAt,
        endsAt: chapterRentals.endsAt,
      })
      .from(chapterRentals)
      .innerJoin(...joinChapter(chapterRentals.chapterId))
      .innerJoin(...joinSeriesOfChapter())
      .where(eq(chapterRentals.userId, userId))
      .orderBy(desc(chapterRentals.startsAt)),
    db
      .select({ seriesId: seriesAutoUnlocks.seriesId, seriesTitle: seriesLinkColumns.title, since: seriesAutoUnlocks.createdAt })
      .from(seriesAutoUnlocks)
      .innerJoin(...joinSeries(seriesAutoUnlocks.seriesId))
      .where(eq(seriesAutoUnlocks.userId, userId)),
  ]);
  return { ledger, unlocks, rentals, autoUnlockSeries };
}
