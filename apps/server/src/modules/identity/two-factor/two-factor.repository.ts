import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { recoveryCodes } from '../../../db/schema';
import { turnOnTwoFactor } from '../users';

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns the proposed secret on, with a fresh set of recovery codes; false when it was already on. */
export async function enableTwoFactor(db: Database, userId: string, at: Date, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await turnOnTwoFactor(tx, userId, at))) return false;
    await replaceRecoveryCodes(tx, userId, codeHashes);
    return true;
  });
}

/** The old codes are void: deleted, not marked, so only the new set ever counts. */
export async function replaceRecoveryCodes(db: Database, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks a recovery code used, once: the second use (or a racing one) finds nothing to mark. */
export async function useRecoveryCode(db: Database, userId: string, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}
