import { NOTIFICATION_REFETCH_DELAY_MS, type Notification } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/toast/toast-context';
import { useAuth } from '../../lib/auth/auth-context';
import { useT } from '../../lib/i18n/i18n-context';
import { fetchNotifications, fetchUnreadCount, markNotificationRead, notificationKeys } from './api/notifications';

type ListData = Awaited<ReturnType<typeof fetchNotifications>>;

/** SPEC §6: notification calls are made only when authenticated. */
export function useUnreadCount() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: fetchUnreadCount,
    enabled: isAuthenticated,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useNotificationList(isOpen: boolean) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => fetchNotifications(),
    enabled: isAuthenticated && isOpen,
    retry: false,
  });
}

/**
 * SPEC §4: after a successful mark-as-read the local list is updated, the unread count drops by
 * one (never below 0), and the list is fetched again 100 ms later. A failure shows a toast.
 */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  const t = useT();
  const toast = useToast();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onSuccess: (_result, notification) => {
      queryClient.setQueryData<ListData>(notificationKeys.list, (data) =>
        data
          ? {
              ...data,
              notifications: data.notifications.map((n) => (n.id === notification.id ? { ...n, is_read: true } : n)),
              pagination: { ...data.pagination, total_unread: Math.max(0, data.pagination.total_unread - 1) },
            }
          : data,
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount, (count) => Math.max(0, (count ?? 0) - 1));
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }, NOTIFICATION_REFETCH_DELAY_MS);
    },
    onError: () => {
      toast({ message: t('common.notifications.markError'), type: 'error', duration: 3000 });
    },
  });
}
