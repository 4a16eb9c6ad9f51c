import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';
import { at } from '../../../../db/sql';
import type { NewChapterEmail } from '../queries/notifications';

/**
 * Sets the reader's new-chapter mail choice. Choosing the daily digest starts its window now, so the
 * first digest comes a day later with what came out since, never a backlog from an earlier spell
 * of 'daily'. True when the reader exists.
 */
export async function setNewChapterEmail(db: Database, userId: string, value: NewChapterEmail, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      newChapterEmail: value,
      lastDigestAt: sql`case when ${value} = 'daily' and ${users.newChapterEmail} <> 'daily' then ${at(now)} else ${users.lastDigestAt} end`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}
