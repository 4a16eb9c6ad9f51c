import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';

/** Every message is kept in the outbox first: `logged` without a relay, `queued` until it is sent. */
export async function insertOutboxMessage(
  db: Database,
  message: { to: string; subject: string; text: string; status: 'logged' | 'queued' },
): Promise<string | undefined> {
  const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
  return row?.id;
}

export async function markMailSent(db: Database, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: at }).where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', error: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}
