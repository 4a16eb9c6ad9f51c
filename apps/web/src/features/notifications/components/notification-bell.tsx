import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { replayClick } from '../../../lib/early-clicks';
import { lazyPart, whenIdle } from '../../../lib/lazy-part';
import { badgeLabel } from '../dropdown-rules';
import { useUnreadCount } from '../use-notifications';

interface Props {
  isOpen: boolean;
  onToggle(): void;
  onClose(): void;
}

/** The open dropdown: its code is fetched once a signed-in reader's page is idle (issue 18 §2), not with the page. */
const NotificationPanel = lazyPart('top-bar/notifications', () =>
  import('./notification-panel').then((module) => module.NotificationPanel),
);

/** The top bar's bell: a badge of unread notifications and a dropdown of the latest (SPEC §2, §4, §8, §9). */
export function NotificationBell({ isOpen, onToggle, onClose }: Props) {
  const t = useT();
  const { isAuthenticated } = useAuth();
  const toast = useToast();
  const unread = useUnreadCount();
  const badge = badgeLabel(unread.data ?? 0);
  useEffect(() => {
    if (isAuthenticated) whenIdle(() => void NotificationPanel.preload().catch(() => {}));
  }, [isAuthenticated]);

  const handleClick = () => {
    if (!isAuthenticated) {
      onClose();
      toast({ id: 'login-for-notifications', message: t('common.notifications.logInToView'), type: 'warn', duration: 3000 });
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
        aria-label={badge ? t('common.notifications.bellUnread', { count: unread.data }) : t('common.notifications.title')}
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
