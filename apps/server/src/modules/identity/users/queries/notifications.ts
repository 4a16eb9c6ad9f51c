import { eq, type SQL } from 'drizzle-orm';
import type { NotificationPreferences } from '@inkwell/contract';
import type { Database } from '../../../../db/client';
import { users } from '../../../../db/schema';

// A reader's new-chapter mail choice and their last digest are users columns (reading's CONTEXT.md):
// notifications reads them here, and its digest's claim names them in raw SQL.

export type NewChapterEmail = NotificationPreferences['newChapterEmail'];

export async function findNewChapterEmail(db: Database, userId: string): Promise<NewChapterEmail | undefined> {
  const [row] = await db.select({ value: users.newChapterEmail }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.value;
}

/**
 * The bell's two counts (notifications' subqueries on its notices' indexes) read as one row of the
 * reader's, none when the reader is gone: one round trip, and no other users column on offer.
 */
export function bellCountsQuery(db: Database, userId: string, counts: { total: SQL<number>; unread: SQL<number> }) {
  return db.select({ total: counts.total, unread: counts.unread }).from(users).where(eq(users.id, userId));
}
