// i18n: not yet in the catalogues (issue 35)
import type { SessionUser } from '@inkwell/contract';
import { isTeamRole } from '@inkwell/contract';
import {
  Bookmark,
  Coins,
  Eye,
  HardDriveDownload,
  History,
  LayoutDashboard,
  LogOut,
  MessageCircle,
  Receipt,
  User,
} from 'lucide-react';
import { Link } from 'react-router';
import { PremiumTag, RoleTag } from '../../components/role-tag';
import { ThemeMenuGroup } from '../../components/theme-menu-group';
import { useLogoutFlow } from '../../features/auth/hooks/use-logout-flow';
import { useAuth } from '../../lib/auth/auth-context';
import { PREVIEW_KINDS } from '../../lib/auth/preview-as';
import { PREVIEW_LABELS } from '../preview-bar';
import { useSiteSettings } from '../site-settings';

const itemClass = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-ink-700';

/** The signed-in reader's open account menu (SPEC §2): who they are, their coins, their pages, logout. */
export function UserMenuPanel({ user, onClose }: { user: SessionUser; onClose(): void }) {
  const settings = useSiteSettings();
  const handleLogout = useLogoutFlow();
  const { setPreview } = useAuth();
  const discordUrl = settings.data?.discordUrl;
  return (
    <div
      role="menu"
      aria-label="Account"
      className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-ink-700 bg-ink-800 p-2 shadow-2xl shadow-black/50"
    >
      <div className="border-b border-ink-700 px-3 pb-3 pt-1">
        <p className="truncate text-sm font-semibold text-zinc-100" data-testid="user-menu-name">
          {user.username || user.email}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <RoleTag role={user.role} />
          {user.isPremium && <PremiumTag />}
          <span className="ml-auto flex items-center gap-1 text-sm text-amber-300" data-testid="user-menu-coins">
            <Coins className="size-4" aria-hidden />
            <span>{user.coins.toLocaleString()}</span>
            <span className="sr-only">coins</span>
          </span>
        </div>
      </div>
      <div className="pt-2">
        <Link role="menuitem" to="/profile/me" onClick={onClose} className={itemClass}>
          <User className="size-4" aria-hidden /> Profile
        </Link>
        <Link role="menuitem" to="/profile/bookmarks" onClick={onClose} className={itemClass}>
          <Bookmark className="size-4" aria-hidden /> BookMarks
        </Link>
        <Link role="menuitem" to="/profile/history" onClick={onClose} className={itemClass}>
          <History className="size-4" aria-hidden /> History
        </Link>
        <Link role="menuitem" to="/profile/purchases" onClick={onClose} className={itemClass}>
          <Receipt className="size-4" aria-hidden /> Purchases
        </Link>
        <Link role="menuitem" to="/profile/downloads" onClick={onClose} className={itemClass}>
          <HardDriveDownload className="size-4" aria-hidden /> Downloads
        </Link>
        {user.role === 'editor' && (
          <Link role="menuitem" to="/Dashboard" onClick={onClose} className={itemClass}>
            <LayoutDashboard className="size-4" aria-hidden /> Dashboard Editor
          </Link>
        )}
        {user.role === 'admin' && (
          <Link role="menuitem" to="/Dashboard" onClick={onClose} className={itemClass}>
            <LayoutDashboard className="size-4" aria-hidden /> Dashboard
          </Link>
        )}
        {isTeamRole(user.role) && (
          <div className="my-1 border-y border-ink-700 py-1" role="group" aria-label="View the site as">
            <p className="px-3 pb-1 pt-1 text-xs font-medium uppercase tracking-wider text-zinc-400">View the site as</p>
            {PREVIEW_KINDS.map((kind) => (
              <button
                key={kind}
                role="menuitem"
                type="button"
                onClick={() => {
                  onClose();
                  setPreview(kind);
                }}
                className={itemClass}
              >
                <Eye className="size-4" aria-hidden /> {PREVIEW_LABELS[kind].replace(/^a /, 'A ')}
              </button>
            ))}
          </div>
        )}
        <ThemeMenuGroup />
        {discordUrl && (
          <a role="menuitem" href={discordUrl} target="_blank" rel="noreferrer noopener" onClick={onClose} className={itemClass}>
            <MessageCircle className="size-4" aria-hidden /> Discord
          </a>
        )}
        <button
          role="menuitem"
          type="button"
          onClick={() => {
            onClose();
            void handleLogout();
          }}
          className={`${itemClass} text-rose-300`}
        >
          <LogOut className="size-4" aria-hidden /> Logout
        </button>
      </div>
    </div>
  );
}
