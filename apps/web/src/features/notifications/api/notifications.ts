import {
  API,
  NOTIFICATION_FETCH_LIMIT,
  type NotificationListResponse,
} from '@inkwell/contract';
import { apiJson } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

/** SPEC §7: limit 10, offset 0. */
export function fetchNotifications(limit = NOTIFICATION_FETCH_LIMIT, offset = 0) {
  return apiJson<NotificationListResponse>(`${API.notifications}?limit=${limit}&offset=${offset}`).then((body) => body.data);
}

export function fetchUnreadCount() {
  return apiJson<{ success: true; data: { unread_count: number } }>(API.notificationsUnreadCount).then(
    (body) => body.data.unread_count,
  );
}

export function markNotificationRead(id: string) {
  return apiJson<{ success: true }>(API.notificationRead(id), { method: 'PATCH' });
}

export function markAllNotificationsRead() {
  return apiJson<{ success: true }>(API.notificationsReadAll, { method: 'PATCH' });
}
