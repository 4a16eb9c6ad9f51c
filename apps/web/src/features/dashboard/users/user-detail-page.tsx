import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PremiumTag, RoleTag } from '../../../components/role-tag';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Detail } from '../components/data-table';
import { useAdminUser } from './api/get-user';
import { UserActions } from './user-actions';
import { UserDelete } from './user-delete';
import { UserHistory } from './user-history';
import { BannedTag } from './user-ui';
import '../messages';

function Avatar({ url, name }: { url: string | null; name: string }) {
  if (url) return <img src={url} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-14 shrink-0 items-center justify-center rounded-full bg-ink-800 text-xl font-bold text-zinc-300"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/** /Dashboard/Users/{id} (admins): one account, what can be done to it, and its money and comments. */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const { user: viewer } = useAuth();
  const details = useAdminUser(id);
  const t = useT();
  const format = useFormat();
  useDocumentTitle(
    details.data ? t('dashboard.users.detail.title', { username: details.data.username }) : t('dashboard.users.detail.user'),
  );

  if (details.isError) {
    const error = details.error;
    if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'validation_failed'))
      return <Navigate to="/errorPage?error=not_found" replace />;
    return <LoadError message={t('dashboard.users.detail.loadFailed')} onRetry={() => void details.refetch()} />;
  }
  if (details.isPending) return <p className="text-zinc-400">{t('dashboard.users.detail.loading')}</p>;
  const user = details.data;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/Dashboard/Users" className="text-sm text-zinc-400 hover:text-white">
          {t('dashboard.users.detail.back')}
        </Link>
        <div className="mt-3 flex items-center gap-4">
          <Avatar url={user.avatarUrl} name={user.username} />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-white">
              <span className="truncate">{user.username}</span>
              <RoleTag role={user.role} />
              {user.isBanned && <BannedTag />}
              {user.isPremium && <PremiumTag />}
            </h1>
            <p className="truncate text-sm text-zinc-400">{user.email}</p>
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-ink-800 bg-ink-900 p-4 sm:grid-cols-4">
        <Detail label={t('dashboard.users.coins')}>{format.count(user.coins)}</Detail>
        <Detail label={t('dashboard.users.detail.membership')}>
          {user.membership ?? t('dashboard.users.detail.noMembership')}
        </Detail>
        <Detail label={t('dashboard.users.joined')}>{format.dateTime(user.createdAt)}</Detail>
        <Detail label={t('dashboard.users.lastSeen')}>
          {user.lastSeenAt ? format.timeFromNow(user.lastSeenAt) : t('dashboard.users.notSignedIn')}
        </Detail>
        <Detail label={t('dashboard.users.detail.twoFactor')}>
          {user.twoFactorEnabled ? t('dashboard.users.detail.on') : t('dashboard.users.detail.off')}
        </Detail>
        <Detail label={t('dashboard.users.detail.sessions')}>{user.sessionCount}</Detail>
        <div className="col-span-2">
          <Detail label={t('dashboard.users.detail.id')}>
            <span className="font-mono text-xs">{user.id}</span>
          </Detail>
        </div>
      </dl>

      <UserActions user={user} isSelf={viewer?.id === user.id} />
      <UserHistory user={user} />
      {viewer?.id !== user.id && <UserDelete user={user} />}
    </div>
  );
}
