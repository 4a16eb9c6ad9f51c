import {
  API,
  messageResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
  type Notification,
} from '@inkwell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { Database } from '../../db/client';
import { countUnread, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repository';

const tags = ['notifications'];

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

/** SPEC §7: the reader's notifications. Only for a logged-in user. */
export const notificationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireUser);

  app.get(API.notifications, {
    schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } },
    handler: async (request) => {
      const { limit, offset } = request.query;
      const { rows, total, unread } = await listNotifications(db, request.user!.id, limit, offset);
      return {
        success: true as const,
        data: {
          notifications: rows.map(toNotification),
          pagination: { limit, offset, total, total_unread: unread },
        },
      };
    },
  });

  app.get(API.notificationsUnreadCount, {
    schema: { tags, response: { 200: unreadCountResponseSchema } },
    handler: async (request) => ({
      success: true as const,
      data: { unread_count: await countUnread(db, request.user!.id) },
    }),
  });

  app.patch('/api/omegascans/secure/me/patch/notification/:id/read', {
    schema: { tags, params: notificationIdParamsSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      if (!(await markRead(db, request.user!.id, request.params.id))) {
        throw new AppError('not_found', 'Notification not found');
      }
      return { success: true as const, message: 'Notification marked as read' };
    },
  });

  app.patch(API.notificationsReadAll, {
    schema: { tags, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      await markAllRead(db, request.user!.id);
      return { success: true as const, message: 'All notifications marked as read' };
    },
  });
};
