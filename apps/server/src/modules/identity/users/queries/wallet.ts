import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';
import { hasPremiumPass } from '../../access';

// What the wallet reads of a user: a reader's balance is `users.coins`, and their store options
// and premium pass decide what an unlock costs.

export async function coinsAndSettingsOf(db: Database, userId: string) {
  const [row] = await db
    .select({ coins: users.coins, autoUnlock: users.autoUnlock, showAsSupporter: users.showAsSupporter })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The coins sitting in every wallet, for the finance page. */
export async function coinsInWallets(db: Database): Promise<number> {
  const [row] = await db.select({ sum: sql<number>`coalesce(sum(${users.coins}), 0)::int` }).from(users);
  return row?.sum ?? 0;
}

/** Whether the user holds a premium pass at `now` (access's one rule of it), read in the caller's transaction (an unlock's). */
export async function hasPremiumPassNow(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ premium: hasPremiumPass(now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.premium ?? false;
}
