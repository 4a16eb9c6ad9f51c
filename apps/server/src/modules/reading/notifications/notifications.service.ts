import type { Notification } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Translate } from '../../../lib/i18n';
import { renderNotice } from './notice-messages';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repository';

function toNotification(row: NotificationRow, t: Translate): Notification {
  return {
    id: row.id,
    ...renderNotice(t, row),
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** SPEC §7: a reader's notifications, in the spec's own shapes. */
export function createNotificationsService({ db }: { db: Database }) {
  return {
    /** A page of the reader's notices, each said in `t`'s language (issue 35 §1). */
    async list(userId: string, limit: number, offset: number, t: Translate) {
      const { rows, total, unread } = await listNotifications(db, userId, limit, offset);
      return {
        notifications: rows.map((row) => toNotification(row, t)),
        pagination: { limit, offset, total, total_unread: unread },
      };
    },

    unreadCount: (userId: string) => countUnread(db, userId),

    async markRead(userId: string, id: string) {
      if (!(await markRead(db, userId, id))) throw new AppError('not_found', 'apiErrors.reading.notificationNotFound');
    },

    markAllRead: (userId: string) => markAllRead(db, userId),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
