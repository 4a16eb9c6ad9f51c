import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { bookmarks, readingPlaces, readingProgress } from '../../../../db/schema';

/** A deleted account's bookmarks, progress (its history) and each device's place go (issue 36 §3), in the caller's transaction. */
export async function eraseLibraryOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
  await tx.delete(readingProgress).where(eq(readingProgress.userId, userId));
  await tx.delete(readingPlaces).where(eq(readingPlaces.userId, userId));
}
