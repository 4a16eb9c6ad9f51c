import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { usernameHolds, users } from '../../../../db/schema';

// A deleted account's row (issue 36 §3): it stays, so purchases, the ledger and unlocks still add
// up, emptied of everything personal. Its coins are forfeited through the wallet first.

/** The name and address a deleted account is left with: nobody's, and free for a new sign-up. */
const deletedUsername = (userId: string) => `deleted-${userId.replace(/-/g, '').slice(0, 12)}`;
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;
/** Not an argon2 hash: no password verifies against it. */
const UNUSABLE_PASSWORD = '!deleted';

/**
 * Empties the user's row and drops the names it held, in the caller's transaction: e-mail and
 * username replaced, password and two-factor secrets gone, avatar, bio and preferences back to
 * nothing, the role a reader's, and `deleted_at` set. Answers the new name.
 */
export async function anonymiseUser(tx: Transaction, userId: string, now: Date): Promise<{ username: string }> {
  await tx.delete(usernameHolds).where(eq(usernameHolds.userId, userId));
  const username = deletedUsername(userId);
  await tx
    .update(users)
    .set({
      email: deletedEmail(userId),
      username,
      passwordHash: UNUSABLE_PASSWORD,
      role: 'reader',
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      autoUnlock: false,
      showAsSupporter: false,
      newChapterEmail: 'off',
      lastDigestAt: null,
      locale: null,
      contentLanguages: sql`'{}'::text[]`,
      avatarUrl: null,
      avatarVersion: sql`${users.avatarVersion} + 1`,
      bio: '',
      showAdult: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  return { username };
}
