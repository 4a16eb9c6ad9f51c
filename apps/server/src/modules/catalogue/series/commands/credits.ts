import type { creditInputSchema } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../../db/client';
import { seriesCredits } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import { existingUserIds } from '../../../identity/users';

/** A credit as the team writes it, after the contract's schema: a role, a name, maybe a user's id. */
export type CreditInput = z.output<typeof creditInputSchema>;

/**
 * Refuses credits that link an account the site does not have (a 400 on `credits`), before anything
 * is written: a credit names a person, and a link to nobody would show nobody's name.
 */
export async function checkCreditUsers(db: Database, credits: readonly CreditInput[]): Promise<void> {
  const ids = [...new Set(credits.flatMap((credit) => (credit.userId ? [credit.userId] : [])))];
  if (ids.length === 0) return;
  const known = await existingUserIds(db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    const reason = 'apiErrors.credits.unknownUser';
    throw new AppError('validation_failed', reason, { values: { id: unknown[0]! }, fields: { credits: reason } });
  }
}

/** The rows of a list of credits, each at its place in the team's order (the owner's id added by the caller). */
export const creditRows = (credits: readonly CreditInput[]) =>
  credits.map((credit, position) => ({ position, role: credit.role, name: credit.name.trim(), userId: credit.userId ?? null }));

/**
 * Replaces a series' default credits with these, in this order (in the caller's transaction when
 * given one). The caller checks the users first (`checkCreditUsers`) and publishes `series.changed`.
 */
export async function setSeriesCredits(db: Database, seriesId: string, credits: readonly CreditInput[]): Promise<void> {
  await db.delete(seriesCredits).where(eq(seriesCredits.seriesId, seriesId));
  if (credits.length > 0) await db.insert(seriesCredits).values(creditRows(credits).map((row) => ({ ...row, seriesId })));
}

/** Unlinks an erased account from every series' credits (issue 36 §3): the names stay as the team wrote them. */
export async function unlinkSeriesCreditsOf(db: Database, userId: string): Promise<void> {
  await db.update(seriesCredits).set({ userId: null }).where(eq(seriesCredits.userId, userId));
}
