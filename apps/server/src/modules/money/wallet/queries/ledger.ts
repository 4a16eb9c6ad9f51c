import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { coinLedger } from '../../../../db/schema';
import { chapterHeadingColumns, joinChapter, joinSeriesOfChapter } from '../../../catalogue/chapters';
import { seriesLinkColumns } from '../../../catalogue/series';
import { coinsInWallets } from '../../../identity/users';
import type { LedgerKind } from '../commands/move-coins';

// The ledger as it is read: a reader's wallet page, one entry, what a purchase credited, and the
// finance page's totals.

/** The coins a purchase brought the reader (a plan's coins for each period it paid for). */
export async function coinsCreditedBy(tx: Database, purchaseId: string, kind: LedgerKind): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(and(eq(coinLedger.purchaseId, purchaseId), eq(coinLedger.kind, kind)));
  return row?.total ?? 0;
}

/** One ledger row as the wallet shows it (an adjustment has no chapter). */
export async function findLedgerEntry(db: Database, id: string) {
  const [entry] = await db.select().from(coinLedger).where(eq(coinLedger.id, id));
  return entry;
}

export async function walletPage(db: Database, userId: string, page: number, perPage: number) {
  const where = eq(coinLedger.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: coinLedger,
        chapter: chapterHeadingColumns,
        series: { slug: seriesLinkColumns.slug, title: seriesLinkColumns.title },
      })
      .from(coinLedger)
      .leftJoin(...joinChapter(coinLedger.chapterId))
      .leftJoin(...joinSeriesOfChapter())
      .where(where)
      .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(coinLedger).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type WalletRow = Awaited<ReturnType<typeof walletPage>>['rows'][number];

/** The coin totals of the finance page: every movement by kind, and what sits in wallets. */
export async function ledgerTotals(db: Database) {
  const [byKind, inWallets] = await Promise.all([
    db
      .select({ kind: coinLedger.kind, sum: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .groupBy(coinLedger.kind),
    coinsInWallets(db),
  ]);
  const of = (kind: LedgerKind) => byKind.find((row) => row.kind === kind)?.sum ?? 0;
  return {
    purchase: of('purchase'),
    unlock: of('unlock'),
    subscriptionCoins: of('subscription_coins'),
    refund: of('refund'),
    adjustment: of('adjustment'),
    inWallets,
  };
}
