import { eq, or, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { emailChanges, passwordResetTokens, pendingRegistrations, sessions } from '../../../../db/schema';

/**
 * What auth holds of a deleted account (issue 36 §3), gone in the deletion's transaction: every
 * session (signed out everywhere; the caller publishes the event every instance's caches hear),
 * reset links, e-mail changes, and any sign-up still waiting under its address or name.
 */
export async function eraseAuthDataOf(
  tx: Transaction,
  user: { id: string; email: string; username: string },
): Promise<{ addresses: string[] }> {
  // The addresses the account went by, besides its own: its mails to them go as well.
  const changes = await tx
    .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(eq(emailChanges.userId, user.id));
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
  await tx
    .delete(pendingRegistrations)
    .where(
      or(
        sql`lower(${pendingRegistrations.email}) = lower(${user.email})`,
        sql`lower(${pendingRegistrations.username}) = lower(${user.username})`,
      ),
    );
  const addresses = new Set([user.email, ...changes.flatMap((change) => [change.oldEmail, change.newEmail])]);
  return { addresses: [...addresses] };
}
