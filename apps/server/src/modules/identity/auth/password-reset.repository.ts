import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passwordResetTokens } from '../../../db/schema';

export async function insertResetToken(
  db: Database,
  values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The user of a live (unused, unexpired) token, without using it up. */
export async function findLiveResetTokenUser(db: Database, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Marks a live token used and returns its user, in one conditional UPDATE, so two requests
 * racing with the same link cannot both succeed.
 */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Once a password is reset, the user's other outstanding links stop working. */
export async function expireUserResetTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
