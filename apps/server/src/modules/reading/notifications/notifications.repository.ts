import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { notifications } from '../../../db/schema';
import { bellCountsQuery } from '../../identity/users';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of a reader's notices, newest first: notifications_user_created_idx read backwards. */
export function notificationPageQuery(db: Database, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/**
 * How many notices the reader has, and how many unread: each count on an index alone (every notice
 * on notifications_user_created_idx with no table rows read, the unread on the partial
 * notifications_user_unread_idx). One count with a filter read every notice's row for its flag.
 */
export function notificationCountsQuery(db: Database, userId: string) {
  return bellCountsQuery(db, userId, {
    total: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId})::int`,
    unread: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.isRead} = false)::int`,
  });
}

export async function listNotifications(db: Database, userId: string, limit: number, offset: number) {
  const [rows, [counts]] = await Promise.all([
    notificationPageQuery(db, userId, limit, offset),
    notificationCountsQuery(db, userId),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** True when the notification exists and belongs to the user. */
export async function markRead(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
