import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { pushHeld, pushQuietHours, pushSubscriptions } from '../../../../db/schema';

/** A deleted account's pushes end (issue 36 §3): its subscriptions, held pushes and quiet hours, in the caller's transaction. */
export async function erasePushOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(pushHeld).where(eq(pushHeld.userId, userId));
  await tx.delete(pushQuietHours).where(eq(pushQuietHours.userId, userId));
}
