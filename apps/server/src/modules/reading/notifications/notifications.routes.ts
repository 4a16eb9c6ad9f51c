import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { NotificationsService } from './notifications.service';

/** SPEC §7: the reader's notifications. Only for a logged-in user (the endpoint table says so). */
export async function notificationRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationsService }) {
  endpoint(app, 'notifications', {
    handler: async (request) => ({
      success: true,
      data: await notifications.list(request.user.id, request.query.limit, request.query.offset),
    }),
  });

  endpoint(app, 'notificationsUnreadCount', {
    handler: async (request) => ({ success: true, data: { unread_count: await notifications.unreadCount(request.user.id) } }),
  });

  endpoint(app, 'notificationRead', {
    handler: async (request) => {
      await notifications.markRead(request.user.id, request.params.id);
      return { success: true, message: 'Notification marked as read' };
    },
  });

  endpoint(app, 'notificationsReadAll', {
    handler: async (request) => {
      await notifications.markAllRead(request.user.id);
      return { success: true, message: 'All notifications marked as read' };
    },
  });
}
