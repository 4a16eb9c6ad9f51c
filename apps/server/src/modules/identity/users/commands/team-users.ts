import type { Role } from '@inkwell/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';

// A role or a ban changed by the team (admin-users, issue 10 §2), under the admins' locks, in the
// caller's transaction.

/**
 * The admins who can still sign in, their rows locked to the end of the transaction, in one
 * order so two admins changing each other wait for one another instead of deadlocking. A row
 * demoted or banned by a transaction that committed meanwhile is re-read and left out.
 */
export async function lockActiveAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The user's row as the team changes it (name, role, ban, coins), locked to the end of the transaction. */
export async function lockUserAccount(tx: Database, id: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username, role: users.role, isBanned: users.isBanned, coins: users.coins })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/** Changes a role and a ban given (either or both) in one update. */
export async function setRoleAndBan(tx: Database, id: string, values: { role?: Role; isBanned?: boolean }): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}
