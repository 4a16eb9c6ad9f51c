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
import { PREVIEW_KINDS, type PreviewAs } from '../../lib/auth/preview-as';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import { useSiteSettings } from '../site-settings';
import '../../lib/i18n/later-messages';

/** The kinds of viewer a team member may preview the site as (issue 22 §3). */
const PREVIEW_LABELS: Record<PreviewAs, string> = {
  visitor: 'common.app.userMenu.preview.visitor',
  reader: 'common.app.userMenu.preview.reader',
  premium: 'common.app.userMenu.preview.premium',
};

const itemClass = 'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-ink-700';

/** The signed-in reader's open account menu (SPEC §2): who they are, their coins, their pages, logout. */
export function UserMenuPanel({ user, onClose }: { user: SessionUser; onClose(): void }) {
  const t = useT();
  const format = useFormat();
  const settings = useSiteSettings();
  const handleLogout = useLogoutFlow();
  const { setPreview } = useAuth();
  const discordUrl = settings.data?.discordUrl;
  const isEditor = user.role === 'editor';
  const isAdmin = user.role === 'admin';
  return (
    <div
      role="menu"
      aria-label={t('common.app.userMenu.label')}
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
            <span>{format.count(user.coins)}</span>
            <span className="sr-only">{t('common.app.userMenu.coins')}</span>
          </span>
        </div>
      </div>
      <div className="pt-2">
        <Link role="menuitem" to="/profile/me" onClick={onClose} className={itemClass}>
          <User className="size-4" aria-hidden /> {t('common.app.userMenu.profile')}
        </Link>
        <Link role="menuitem" to="/profile/bookmarks" onClick={onClose} className={itemClass}>
          <Bookmark className="size-4" aria-hidden /> {t('common.app.userMenu.bookmarks')}
        </Link>
        <Link role="menuitem" to="/profile/history" onClick={onClose} className={itemClass}>
          <History className="size-4" aria-hidden /> {t('common.app.userMenu.history')}
        </Link>
        <Link role="menuitem" to="/profile/purchases" onClick={onClose} className={itemClass}>
          <Receipt className="size-4" aria-hidden /> {t('common.app.userMenu.purchases')}
        </Link>
        <Link role="menuitem" to="/profile/downloads" onClick={onClose} className={itemClass}>
          <HardDriveDownload className="size-4" aria-hidden /> {t('common.app.userMenu.downloads')}
        </Link>
        {isEditor && (
          <Link role="menuitem" to="/Dashboard" onClick={onClose} className={itemClass}>
            <LayoutDashboard className="size-4" aria-hidden /> {t('common.app.userMenu.dashboardEditor')}
          </Link>
        )}
        {/* A reader on a series' team (issue 37 §3) opens the dashboard with only their series. */}
        {(isAdmin || (!isEditor && (user.seriesRoles?.length ?? 0) > 0)) && (
          <Link role="menuitem" to="/Dashboard" onClick={onClose} className={itemClass}>
            <LayoutDashboard className="size-4" aria-hidden /> {t('common.app.userMenu.dashboard')}
          </Link>
        )}
        {isTeamRole(user.role) && (
          <div className="my-1 border-y border-ink-700 py-1" role="group" aria-label={t('common.app.userMenu.viewAs')}>
            <p className="px-3 pb-1 pt-1 text-xs font-medium uppercase tracking-wider text-zinc-400">
              {t('common.app.userMenu.viewAs')}
            </p>
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
                <Eye className="size-4" aria-hidden /> {t(PREVIEW_LABELS[kind])}
              </button>
            ))}
          </div>
        )}
        <ThemeMenuGroup />
        {discordUrl && (
          <a role="menuitem" href={discordUrl} target="_blank" rel="noreferrer noopener" onClick={onClose} className={itemClass}>
            <MessageCircle className="size-4" aria-hidden /> {t('common.app.userMenu.discord')}
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
          <LogOut className="size-4" aria-hidden /> {t('common.app.userMenu.logout')}
        </button>
      </div>
    </div>
  );
}
