import { avatarSrc } from '@inkwell/contract';
import { UserCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { replayClick } from '../../lib/early-clicks';
import { useT } from '../../lib/i18n/i18n-context';
import { lazyPart, whenIdle } from '../../lib/lazy-part';

interface Props {
  isOpen: boolean;
  onToggle(): void;
  onClose(): void;
}

/** The open menu: its code is fetched once a signed-in reader's page is idle (issue 18 §2), not with the page. */
const UserMenuPanel = lazyPart('top-bar/user-menu', () => import('./user-menu-panel').then((module) => module.UserMenuPanel));

/** SPEC §2: the user icon; logged out it goes to /login, logged in it opens the user menu. */
export function UserMenu({ isOpen, onToggle, onClose }: Props) {
  const t = useT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const isSignedIn = Boolean(user);
  useEffect(() => {
    if (isSignedIn) whenIdle(() => void UserMenuPanel.preload().catch(() => {}));
  }, [isSignedIn]);

  if (!user) {
    return (
      <button
        type="button"
        onClick={() => void navigate('/login')}
        {...replayClick('sign-in')}
        aria-label={t('common.app.userMenu.signIn')}
        className="rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
      >
        <UserCircle2 className="size-6" aria-hidden />
      </button>
    );
  }

  return (
    <div className="relative">
      <button
        type="button"
        onClick={onToggle}
        {...replayClick('account-menu')}
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-label={t('common.app.userMenu.open')}
        className="flex items-center rounded-full p-1 text-zinc-300 hover:bg-ink-800 hover:text-white"
      >
        {user.avatarUrl ? (
          <img
            src={avatarSrc(user.avatarUrl, 'small', user.avatarVersion)}
            alt=""
            width={32}
            height={32}
            className="size-8 rounded-full object-cover"
            data-testid="top-bar-avatar"
          />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-full bg-accent-600 text-sm font-bold uppercase text-white">
            {(user.username || user.email).slice(0, 1)}
          </span>
        )}
      </button>
      {isOpen && <UserMenuPanel user={user} onClose={onClose} />}
    </div>
  );
}
