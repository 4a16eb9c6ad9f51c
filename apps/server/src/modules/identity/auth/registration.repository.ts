import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { pendingRegistrations } from '../../../db/schema';

export type PendingRegistration = typeof pendingRegistrations.$inferSelect;

/** Forgets sign-ups whose link has expired. */
export async function deleteExpiredRegistrations(db: Database, now: Date): Promise<void> {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
}

export async function insertPendingRegistration(
  db: Database,
  values: {
    email: string;
    username: string;
    passwordHash: string;
    nextPath: string | null;
    locale: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(pendingRegistrations).values(values).returning({ id: pendingRegistrations.id });
  return row!.id;
}

export async function findPendingRegistration(db: Database, id: string): Promise<PendingRegistration | undefined> {
  const [row] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.id, id)).limit(1);
  return row;
}

export async function deletePendingRegistration(db: Database, id: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.id, id));
}

export async function setRegistrationToken(db: Database, id: string, tokenHash: string): Promise<void> {
  await db.update(pendingRegistrations).set({ tokenHash }).where(eq(pendingRegistrations.id, id));
}

/** Takes the live sign-up of a link, deleting it: of two requests with one link, one gets the row. */
export async function claimPendingRegistration(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<PendingRegistration | undefined> {
  const [row] = await db
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.tokenHash, tokenHash), gt(pendingRegistrations.expiresAt, now)))
    .returning();
  return row;
}
