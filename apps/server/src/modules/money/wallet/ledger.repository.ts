import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { coinLedger } from '../../../db/schema';
import { chapterHeadingColumns, joinChapter, joinSeriesOfChapter } from '../../catalogue/chapters';
import { seriesLinkColumns } from '../../catalogue/series';
import { addCoins, coinsInWallets, lockCoins } from '../../identity/users';

export type LedgerKind = (typeof coinLedger.$inferInsert)['kind'];

export interface CoinMove {
  userId: string;
  /** Coins added (> 0) or taken (< 0); never 0. */
  delta: number;
  kind: LedgerKind;
  reason: string;
  chapterId?: string | null;
  purchaseId?: string | null;
  /** A once-only credit's key (a purchase, a subscription period): the unique index refuses a second. */
  idempotencyKey?: string | null;
  actorId?: string | null;
}

/**
 * DESIGN §5: the only way coins move. The balance changes by a conditional UPDATE (it can never
 * go below 0, and the CHECK says so too) and the ledger row that explains it is written in the
 * same transaction, with the balance after. Returns null, changing nothing, when the balance is
 * too low. Must run inside the caller's transaction.
 */
export async function moveCoins(
  tx: Database,
  move: CoinMove,
): Promise<{ balance: number; entryId: string; createdAt: Date } | null> {
  if (!Number.isInteger(move.delta) || move.delta === 0)
    throw new Error(`a coin move needs a whole, non-zero delta (${move.delta})`);
  const balance = await addCoins(tx, move.userId, move.delta);
  if (balance === null) return null;
  const [entry] = await tx
    .insert(coinLedger)
    .values({ ...move, balanceAfter: balance })
    .returning({ id: coinLedger.id, createdAt: coinLedger.createdAt });
  return { balance, entryId: entry!.id, createdAt: entry!.createdAt };
}

/** Locks a user's balance for the rest of the transaction, so checks and charges see the same coins. */
export function lockBalance(tx: Database, userId: string): Promise<number | undefined> {
  return lockCoins(tx, userId);
}

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
