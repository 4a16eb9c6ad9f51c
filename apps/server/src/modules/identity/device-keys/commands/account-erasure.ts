import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { deviceKeys } from '../../../../db/schema';

/** A deleted account's device keys stop working at once (issue 36 §3), in the caller's transaction. */
export async function eraseDeviceKeysOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(deviceKeys).where(eq(deviceKeys.userId, userId));
}
