import type { Database } from '../../../../db/client';
import { coinLedger } from '../../../../db/schema';
import { addCoins, lockCoins } from '../../../identity/users';

// How coins move (DESIGN §5): payments, subscriptions, payouts and the team move them through the
// wallet's one command, each inside its own transaction.

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
