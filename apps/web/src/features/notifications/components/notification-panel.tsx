import { Loader2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { pickForDropdown, truncateDescription, viewAllFooter } from '../dropdown-rules';
import { useMarkAsRead, useNotificationList } from '../use-notifications';
import '../../../lib/i18n/later-messages';

/** The bell's dropdown: the latest notifications, read on a click, and the way to all of them (SPEC §2, §4, §8, §9). */
export function NotificationPanel({ onClose }: { onClose(): void }) {
  const t = useT();
  const format = useFormat();
  const list = useNotificationList(true);
  const markAsRead = useMarkAsRead();
  const navigate = useNavigate();

  let body;
  if (list.isPending) {
    body = (
      <p className="flex items-center gap-2 p-4 text-sm text-zinc-400">
        <Loader2 className="size-4 animate-spin" aria-hidden /> {t('common.notifications.loading')}
      </p>
    );
  } else if (list.isError) {
    body = (
      <div className="p-4 text-sm">
        <p className="text-rose-300">{t('common.notifications.loadError')}</p>
        <button
          type="button"
          onClick={() => void list.refetch()}
          className="mt-2 rounded-md bg-ink-700 px-3 py-1.5 text-zinc-100 hover:bg-ink-600"
        >
          {t('common.notifications.tryAgain')}
        </button>
      </div>
    );
  } else if (list.data.notifications.length === 0) {
    body = (
      <div className="p-6 text-center">
        <p className="font-medium text-zinc-100">{t('common.notifications.empty')}</p>
        <p className="mt-1 text-sm text-zinc-400">{t('common.notifications.emptyHint')}</p>
      </div>
    );
  } else {
    const loaded = list.data.notifications;
    const shown = pickForDropdown(loaded);
    const footer = viewAllFooter(loaded, shown, list.data.pagination.total_unread);
    body = (
      <>
        <ul className="divide-y divide-ink-700">
          {shown.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                onClick={() => {
                  if (!notification.is_read) markAsRead.mutate(notification);
                  if (notification.link) {
                    onClose();
                    void navigate(notification.link);
                  }
                }}
                className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-ink-700/60 ${notification.is_read ? 'opacity-70' : ''}`}
              >
                <span
                  aria-label={notification.is_read ? t('common.notifications.read') : t('common.notifications.unread')}
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.is_read ? 'bg-transparent' : 'bg-accent-400'}`}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-zinc-100">{notification.title}</span>
                  <span className="block text-sm text-zinc-400">{truncateDescription(notification.description)}</span>
                  <span className="mt-1 block text-xs text-zinc-400">{format.timeFromNow(notification.created_at)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {footer.isVisible && (
          <Link
            to="/profile/notifications"
            onClick={onClose}
            className="block border-t border-ink-700 px-4 py-2.5 text-center text-sm font-medium text-accent-400 hover:bg-ink-700/60"
          >
            {footer.hiddenUnread > 0
              ? t('common.notifications.viewAllUnread', { count: footer.hiddenUnread })
              : t('common.notifications.viewAll')}
          </Link>
        )}
      </>
    );
  }

  return (
    <div
      role="dialog"
      aria-label={t('common.notifications.title')}
      data-testid="notification-panel"
      // Under 768 px the bell is not at the screen's edge, so the panel is laid across the screen
      // (fixed, below the bar); from 768 px it hangs from the bell.
      className="fixed inset-x-3 top-16 z-50 mt-1 overflow-hidden rounded-xl border border-ink-700 bg-ink-800 shadow-2xl shadow-black/50 md:absolute md:inset-x-auto md:right-0 md:top-full md:mt-2 md:w-[22rem]"
    >
      <p className="border-b border-ink-700 px-4 py-2.5 text-sm font-semibold">{t('common.notifications.title')}</p>
      {body}
    </div>
  );
}
