import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { readerSettings, seriesReaderSettings } from '../../../../db/schema';

/** A deleted account's settings and choices per series go (issue 36 §3), in the caller's transaction. */
export async function eraseReaderSettingsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(readerSettings).where(eq(readerSettings.userId, userId));
  await tx.delete(seriesReaderSettings).where(eq(seriesReaderSettings.userId, userId));
}
