import { Bell, Loader2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { replayClick } from '../../../lib/early-clicks';
import { timeFromNow } from '../../../lib/time';
import { badgeLabel, pickForDropdown, truncateDescription, viewAllFooter } from '../dropdown-rules';
import { useMarkAsRead, useNotificationList, useUnreadCount } from '../use-notifications';

interface Props {
  isOpen: boolean;
  onToggle(): void;
  onClose(): void;
}

/** The top bar's bell: a badge of unread notifications and a dropdown of the latest (SPEC §2, §4, §8, §9). */
export function NotificationBell({ isOpen, onToggle, onClose }: Props) {
  const { isAuthenticated } = useAuth();
  const toast = useToast();
  const unread = useUnreadCount();
  const badge = badgeLabel(unread.data ?? 0);

  const handleClick = () => {
    if (!isAuthenticated) {
      onClose();
      toast({ id: 'login-for-notifications', message: 'Please log in to view notifications', type: 'warn', duration: 3000 });
      return;
    }
    onToggle();
  };

  return (
    // Static under 768 px: the panel then spans the screen instead of hanging off the bell.
    <div className="md:relative">
      <button
        type="button"
        onClick={handleClick}
        {...replayClick('notifications')}
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-label={badge ? `Notifications, ${unread.data} unread` : 'Notifications'}
        className="relative rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
      >
        <Bell className="size-5" aria-hidden />
        {badge && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-500 px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {isOpen && isAuthenticated && <NotificationPanel onClose={onClose} />}
    </div>
  );
}

function NotificationPanel({ onClose }: { onClose(): void }) {
  const list = useNotificationList(true);
  const markAsRead = useMarkAsRead();
  const navigate = useNavigate();

  let body;
  if (list.isPending) {
    body = (
      <p className="flex items-center gap-2 p-4 text-sm text-zinc-400">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading notifications...
      </p>
    );
  } else if (list.isError) {
    body = (
      <div className="p-4 text-sm">
        <p className="text-rose-300">Failed to load notifications</p>
        <button
          type="button"
          onClick={() => void list.refetch()}
          className="mt-2 rounded-md bg-ink-700 px-3 py-1.5 text-zinc-100 hover:bg-ink-600"
        >
          Try Again
        </button>
      </div>
    );
  } else if (list.data.notifications.length === 0) {
    body = (
      <div className="p-6 text-center">
        <p className="font-medium text-zinc-100">No notifications yet</p>
        <p className="mt-1 text-sm text-zinc-400">We&apos;ll notify you when something important happens</p>
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
                  aria-label={notification.is_read ? 'Read' : 'Unread'}
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.is_read ? 'bg-transparent' : 'bg-accent-400'}`}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-zinc-100">{notification.title}</span>
                  <span className="block text-sm text-zinc-400">{truncateDescription(notification.description)}</span>
                  <span className="mt-1 block text-xs text-zinc-400">{timeFromNow(notification.created_at)}</span>
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
            View all notifications{footer.hiddenUnread > 0 ? ` (+${footer.hiddenUnread} unread)` : ''}
          </Link>
        )}
      </>
    );
  }

  return (
    <div
      role="dialog"
      aria-label="Notifications"
      data-testid="notification-panel"
      // Under 768 px the bell is not at the screen's edge, so the panel is laid across the screen
      // (fixed, below the bar); from 768 px it hangs from the bell.
      className="fixed inset-x-3 top-16 z-50 mt-1 overflow-hidden rounded-xl border border-ink-700 bg-ink-800 shadow-2xl shadow-black/50 md:absolute md:inset-x-auto md:right-0 md:top-full md:mt-2 md:w-[22rem]"
    >
      <p className="border-b border-ink-700 px-4 py-2.5 text-sm font-semibold">Notifications</p>
      {body}
    </div>
  );
}
