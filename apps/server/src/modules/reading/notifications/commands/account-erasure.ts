import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { chapterFreeAlerts, notifications, passAlerts } from '../../../../db/schema';

/**
 * A deleted account's notices and alerts go (issue 36 §3), and other readers' notices that named it
 * (a reply, a gift) no longer do: their name and words become "[deleted]". In the caller's transaction.
 */
export async function eraseNotificationsOf(tx: Transaction, user: { id: string; username: string }): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, user.id));
  await tx.delete(chapterFreeAlerts).where(eq(chapterFreeAlerts.userId, user.id));
  await tx.delete(passAlerts).where(eq(passAlerts.userId, user.id));
  await tx
    .update(notifications)
    .set({
      messageValues: sql`${notifications.messageValues} || jsonb_build_object('username', '[deleted]')
        || case when ${notifications.messageValues} ? 'excerpt' then '{"excerpt": "[deleted]"}'::jsonb else '{}'::jsonb end
        || case when ${notifications.messageValues} ? 'message' then '{"message": ""}'::jsonb else '{}'::jsonb end`,
    })
    .where(sql`${notifications.messageValues} ->> 'username' = ${user.username}`);
}
