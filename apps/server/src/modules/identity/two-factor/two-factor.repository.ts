import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { recoveryCodes, users } from '../../../db/schema';

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A new proposed secret: replaces an unconfirmed one, never one in force. */
export async function proposeSecret(db: Database, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealedSecret, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Accepts a code's 30-second step once: the step is written only if it is newer than the last
 * one, so the same code (or an older one) sent twice, even at the same moment, passes once.
 */
export async function claimStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns the proposed secret on, with a fresh set of recovery codes; false when it was already on. */
export async function enableTwoFactor(db: Database, userId: string, at: Date, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ totpEnabledAt: at, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    await replaceRecoveryCodes(tx, userId, codeHashes);
    return true;
  });
}

export async function disableTwoFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
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
