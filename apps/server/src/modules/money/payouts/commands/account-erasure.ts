import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { payoutAccounts, seriesGifts } from '../../../../db/schema';

/**
 * A deleted account's gifts stay (their coins were shared among payees) without their messages,
 * in the caller's transaction (issue 36 §3). Payee shares and earnings stay for accounting, and so
 * do the payout account's id and the statements' transfers (what was sent); the account's country
 * is emptied (issue 38 §2, db/schema/personal-data.ts).
 */
export async function eraseGiftMessagesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.update(seriesGifts).set({ message: '' }).where(eq(seriesGifts.userId, userId));
  await tx.update(payoutAccounts).set({ country: null }).where(eq(payoutAccounts.userId, userId));
}
