import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FullPageSpinner } from '../../components/spinner';
import { useToast } from '../../components/toast/toast-context';
import { fetchNotifications, markAllNotificationsRead, notificationKeys } from './api/notifications';
import { EmailPreferences } from './components/email-preferences';
import { PushPreferences } from './components/push-preferences';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import './messages';
import { useMarkAsRead } from './use-notifications';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../lib/i18n/later-messages';

const PAGE = 20;

/** /profile/notifications: the e-mail setting, then every notification, newest first, twenty at a time. */
function NotificationsPage() {
  const t = useT();
  useDocumentTitle(t('common.notifications.title'));
  return (
    <>
      <EmailPreferences />
      <PushPreferences />
      <NotificationList />
    </>
  );
}

function NotificationList() {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const toast = useToast();
  const markAsRead = useMarkAsRead();
  const pages = useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'page'],
    queryFn: ({ pageParam }) => fetchNotifications(PAGE, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.offset + last.notifications.length < last.pagination.total ? last.pagination.offset + PAGE : undefined,
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: () => toast({ message: t('notifications.page.markAllError'), type: 'error', duration: 3000 }),
  });

  if (pages.isPending) return <FullPageSpinner label={t('common.notifications.loading')} />;
  if (pages.isError) {
    return (
      <div role="alert" className="rounded-xl border border-ink-800 bg-ink-900 p-6">
        <p className="text-rose-300">{t('common.notifications.loadError')}</p>
        <button type="button" onClick={() => void pages.refetch()} className="mt-3 rounded-lg bg-ink-800 px-4 py-2 text-sm">
          {t('common.notifications.tryAgain')}
        </button>
      </div>
    );
  }
  const all = pages.data.pages.flatMap((page) => page.notifications);
  const unread = pages.data.pages[0]?.pagination.total_unread ?? 0;

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-white">
          {t('common.notifications.title')}{' '}
          {unread > 0 && (
            <span className="text-sm font-normal text-zinc-400">{t('notifications.page.unread', { count: unread })}</span>
          )}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => markAll.mutate()}
            className="flex items-center gap-1.5 rounded-lg bg-ink-800 px-3 py-1.5 text-sm text-zinc-200 hover:bg-ink-700"
          >
            <CheckCheck className="size-4" aria-hidden /> {t('notifications.page.markAll')}
          </button>
        )}
      </div>
      {all.length === 0 ? (
        <div className="mt-6 rounded-xl border border-ink-800 bg-ink-900 p-8 text-center">
          <p className="font-medium text-zinc-100">{t('common.notifications.empty')}</p>
          <p className="mt-1 text-sm text-zinc-400">{t('common.notifications.emptyHint')}</p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {all.map((n) => (
            <li key={n.id} className={`flex gap-3 p-4 ${n.is_read ? 'opacity-70' : ''}`}>
              <span
                className={`mt-1.5 size-2 shrink-0 rounded-full ${n.is_read ? 'bg-transparent' : 'bg-accent-400'}`}
                aria-label={n.is_read ? t('common.notifications.read') : t('common.notifications.unread')}
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-100">
                  {n.link ? (
                    <Link to={n.link} className="hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                <p className="text-sm text-zinc-400">{n.description}</p>
                <p className="mt-1 text-xs text-zinc-400">{format.timeFromNow(n.created_at)}</p>
              </div>
              {!n.is_read && (
                <button
                  type="button"
                  onClick={() => markAsRead.mutate(n)}
                  className="self-start text-xs font-semibold text-accent-400 hover:underline"
                >
                  {t('notifications.page.markRead')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
          className="mt-4 w-full rounded-lg bg-ink-800 py-2 text-sm text-zinc-200 hover:bg-ink-700"
        >
          {pages.isFetchingNextPage ? t('notifications.page.loadingMore') : t('notifications.page.loadMore')}
        </button>
      )}
    </div>
  );
}

export default NotificationsPage;
