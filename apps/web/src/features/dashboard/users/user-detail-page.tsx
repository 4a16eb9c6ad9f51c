// i18n: not yet in the catalogues (issue 35)
import { Link, Navigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PremiumTag, RoleTag } from '../../../components/role-tag';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatCoins } from '../../../lib/money';
import { formatDateTime, timeFromNow } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Detail } from '../components/data-table';
import { useAdminUser } from './api/get-user';
import { UserActions } from './user-actions';
import { UserHistory } from './user-history';
import { BannedTag } from './user-ui';

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
  useDocumentTitle(details.data ? `${details.data.username} · Users` : 'User');

  if (details.isError) {
    const error = details.error;
    if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'validation_failed'))
      return <Navigate to="/errorPage?error=not_found" replace />;
    return <LoadError message="We could not load this user." onRetry={() => void details.refetch()} />;
  }
  if (details.isPending) return <p className="text-zinc-400">Loading the user…</p>;
  const user = details.data;

  return (
    <div className="space-y-6">
      <div>
        <Link to="/Dashboard/Users" className="text-sm text-zinc-400 hover:text-white">
          ← All users
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
        <Detail label="Coins">{formatCoins(user.coins)}</Detail>
        <Detail label="Membership">{user.membership ?? 'None'}</Detail>
        <Detail label="Joined">{formatDateTime(user.createdAt)}</Detail>
        <Detail label="Last seen">{user.lastSeenAt ? timeFromNow(user.lastSeenAt) : 'Not signed in'}</Detail>
        <Detail label="Two-factor sign-in">{user.twoFactorEnabled ? 'On' : 'Off'}</Detail>
        <Detail label="Open sessions">{user.sessionCount}</Detail>
        <div className="col-span-2">
          <Detail label="Id">
            <span className="font-mono text-xs">{user.id}</span>
          </Detail>
        </div>
      </dl>

      <UserActions user={user} isSelf={viewer?.id === user.id} />
      <UserHistory user={user} />
    </div>
  );
}
