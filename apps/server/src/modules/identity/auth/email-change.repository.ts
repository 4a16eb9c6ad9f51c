import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { emailChanges } from '../../../db/schema';

export type EmailChangeRow = typeof emailChanges.$inferSelect;

export async function insertEmailChange(
  db: Database,
  values: {
    userId: string;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    revertTokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(emailChanges).values(values).returning({ id: emailChanges.id });
  if (!row) throw new Error('insert into email_changes returned no row');
  return row.id;
}

export async function findEmailChange(db: Database, id: string): Promise<EmailChangeRow | undefined> {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.id, id)).limit(1);
  return row;
}

/** A user's changes still waiting for their link end now: only the newest request's link works. */
export async function expirePendingEmailChanges(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ expiresAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)));
}

/** The link's token, set when the mail goes out (the row is made with one nobody knows). */
export async function setEmailChangeToken(db: Database, id: string, tokenHash: string): Promise<void> {
  await db.update(emailChanges).set({ tokenHash }).where(eq(emailChanges.id, id));
}

export async function setEmailChangeRevertToken(db: Database, id: string, revertTokenHash: string): Promise<void> {
  await db.update(emailChanges).set({ revertTokenHash }).where(eq(emailChanges.id, id));
}

/**
 * Marks a live change confirmed and returns it, in one conditional UPDATE: of two requests with one
 * link, the second waits for the first's row lock and then finds it confirmed.
 */
export async function claimEmailChange(db: Database, tokenHash: string, now: Date): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.revertedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Marks a confirmed change reverted, once, if it was confirmed after `confirmedAfter`. */
export async function claimEmailChangeRevert(
  db: Database,
  revertTokenHash: string,
  now: Date,
  confirmedAfter: Date,
): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ revertedAt: now })
    .where(
      and(
        eq(emailChanges.revertTokenHash, revertTokenHash),
        isNotNull(emailChanges.confirmedAt),
        gt(emailChanges.confirmedAt, confirmedAfter),
        isNull(emailChanges.revertedAt),
      ),
    )
    .returning();
  return row;
}
