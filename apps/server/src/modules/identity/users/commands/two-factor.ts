import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';

// A user's two-factor secret and last accepted step are users columns; two-factor's commands
// change them through these, in their own transactions.

/** A new proposed two-factor secret: replaces an unconfirmed one, never one in force. */
export async function proposeTwoFactorSecret(db: Database, userId: string, sealedSecret: string): Promise<boolean> {
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
export async function claimTwoFactorStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Puts the proposed secret in force; false when two-factor sign-in was already on. */
export async function turnOnTwoFactor(db: Database, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpEnabledAt: at, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Forgets the secret and its last step: two-factor sign-in is off. */
export async function turnOffTwoFactor(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
