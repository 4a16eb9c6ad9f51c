import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';

// A reader's balance is `users.coins`; how coins move (the ledger, what they buy, who may spend) is
// the wallet's, which calls these inside its transaction (DESIGN §5).

/** Locks the user's row until the transaction ends and reads their coins: a check and its charge see the same balance. */
export async function lockCoins(tx: Database, userId: string): Promise<number | undefined> {
  const [row] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId)).for('update');
  return row?.coins;
}

/**
 * Adds `delta` coins (takes them when negative) by one conditional UPDATE that never takes the
 * balance below 0 (the CHECK says so too): the balance after, or null, changing nothing, when too low.
 */
export async function addCoins(tx: Database, userId: string, delta: number): Promise<number | null> {
  const [updated] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.coins} + ${delta} >= 0`))
    .returning({ coins: users.coins });
  return updated ? updated.coins : null;
}

/** Changes the store options given, and answers them all as they now are. */
export async function setStoreSettings(
  db: Database,
  userId: string,
  settings: { autoUnlock?: boolean; showAsSupporter?: boolean },
): Promise<{ autoUnlock: boolean; showAsSupporter: boolean }> {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ autoUnlock: users.autoUnlock, showAsSupporter: users.showAsSupporter });
  return row ?? { autoUnlock: false, showAsSupporter: true };
}
