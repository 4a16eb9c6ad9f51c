import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { bookmarks, readingProgress } from '../../../../db/schema';

/** A deleted account's bookmarks and progress (its history) go (issue 36 §3), in the caller's transaction. */
export async function eraseLibraryOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
  await tx.delete(readingProgress).where(eq(readingProgress.userId, userId));
}
