import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { seriesGifts } from '../../../../db/schema';

/**
 * A deleted account's gifts stay (their coins were shared among payees) without their messages,
 * in the caller's transaction (issue 36 §3). Payee shares and earnings stay for accounting.
 */
export async function eraseGiftMessagesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.update(seriesGifts).set({ message: '' }).where(eq(seriesGifts.userId, userId));
}
