import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import type { NotificationsService } from './notifications.service';
import { say } from '../../../lib/say';

/**
 * SPEC §7: the reader's notifications, said in the request's language (the picker's cookie,
 * Accept-Language), else the one on their account, else the site's. Only for a logged-in user.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications, languages }: { notifications: NotificationsService; languages: Pick<ReaderLanguages, 'ofReaderRequest'> },
) {
  endpoint(app, 'notifications', {
    handler: async (request) => {
      const t = translatorFor(await languages.ofReaderRequest(request, request.user.locale));
      return { success: true, data: await notifications.list(request.user.id, request.query.limit, request.query.offset, t) };
    },
  });

  endpoint(app, 'notificationsUnreadCount', {
    handler: async (request) => ({ success: true, data: { unread_count: await notifications.unreadCount(request.user.id) } }),
  });

  endpoint(app, 'notificationRead', {
    handler: async (request) => {
      await notifications.markRead(request.user.id, request.params.id);
      return { success: true, message: await say(request, 'apiErrors.success.notificationRead') };
    },
  });

  endpoint(app, 'notificationsReadAll', {
    handler: async (request) => {
      await notifications.markAllRead(request.user.id);
      return { success: true, message: await say(request, 'apiErrors.success.allNotificationsRead') };
    },
  });
}
