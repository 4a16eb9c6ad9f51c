import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { chapterFreeAlerts, notifications, passAlerts } from '../../../../db/schema';

/** A reader's notices and "notify me" alerts, for their export (issue 36 §3). */
export async function notificationsForExport(db: Database, userId: string) {
  const [received, notifyWhenFree, notifyWhenPass] = await Promise.all([
    db
      .select({
        kind: notifications.kind,
        message: notifications.message,
        title: notifications.title,
        link: notifications.link,
        isRead: notifications.isRead,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    db
      .select({
        chapterId: chapterFreeAlerts.chapterId,
        createdAt: chapterFreeAlerts.createdAt,
        notifiedAt: chapterFreeAlerts.notifiedAt,
      })
      .from(chapterFreeAlerts)
      .where(eq(chapterFreeAlerts.userId, userId))
      .orderBy(asc(chapterFreeAlerts.createdAt)),
    db
      .select({ seriesId: passAlerts.seriesId, notifyAt: passAlerts.notifyAt, notifiedAt: passAlerts.notifiedAt })
      .from(passAlerts)
      .where(eq(passAlerts.userId, userId))
      .orderBy(asc(passAlerts.createdAt)),
  ]);
  return { received, notifyWhenFree, notifyWhenPass };
}
