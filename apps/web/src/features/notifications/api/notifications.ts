import { NOTIFICATION_FETCH_LIMIT } from '@inkwell/contract';
import { callApi, callApiData } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** SPEC §7: limit 10, offset 0. */
export function fetchNotifications(limit = NOTIFICATION_FETCH_LIMIT, offset = 0) {
  return callApiData('notifications', { query: { limit, offset } });
}

export function fetchUnreadCount() {
  return callApiData('notificationsUnreadCount').then((data) => data.unread_count);
}

/** SPEC §7: a PATCH with no body. */
export function markNotificationRead(id: string) {
  return callApi('notificationRead', { params: { id } });
}

export function markAllNotificationsRead() {
  return callApi('notificationsReadAll');
}
