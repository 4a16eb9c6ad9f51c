import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';

// A reader's e-mail address as auth's e-mail change sets it (issue 36 §2), in its transaction: the
// unique index on lower(email) refuses an address another account took meanwhile.

export async function setUserEmail(db: Database, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
