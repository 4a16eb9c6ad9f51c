import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { mailOutbox } from '../../../../db/schema';

/** The outbox's mails to a deleted account's addresses go (issue 36 §3), sent or not, in the caller's transaction. */
export async function eraseMailTo(tx: Transaction, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  const lowered = addresses.map((address) => address.toLowerCase());
  await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, lowered));
}
