import type { Notification } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { endpoint } from '../../lib/endpoint';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repository';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** SPEC §7: the reader's notifications. Only for a logged-in user (the endpoint table says so). */
export async function notificationRoutes(app: FastifyInstance, { db }: { db: Database }) {
  endpoint(app, 'notifications', {
    handler: async (request) => {
      const { limit, offset } = request.query;
      const { rows, total, unread } = await listNotifications(db, request.user!.id, limit, offset);
      return {
        success: true,
        data: { notifications: rows.map(toNotification), pagination: { limit, offset, total, total_unread: unread } },
      };
    },
  });

  endpoint(app, 'notificationsUnreadCount', {
    handler: async (request) => ({ success: true, data: { unread_count: await countUnread(db, request.user!.id) } }),
  });

  endpoint(app, 'notificationRead', {
    handler: async (request) => {
      if (!(await markRead(db, request.user!.id, request.params.id))) throw new AppError('not_found', 'Notification not found');
      return { success: true, message: 'Notification marked as read' };
    },
  });

  endpoint(app, 'notificationsReadAll', {
    handler: async (request) => {
      await markAllRead(db, request.user!.id);
      return { success: true, message: 'All notifications marked as read' };
    },
  });
}
