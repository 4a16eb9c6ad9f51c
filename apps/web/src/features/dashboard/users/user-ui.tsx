import type { AdminUser, Role, UserStatus, WalletEntry } from '@inkwell/contract';
import { PremiumTag } from '../../../components/role-tag';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import '../messages';

const ROLE_LABELS: Record<Role, string> = {
  reader: 'dashboard.users.role.reader',
  editor: 'dashboard.users.role.editor',
  admin: 'dashboard.users.role.admin',
};
export const roleLabel = (t: Translate, role: Role) => t(ROLE_LABELS[role]);

const STATUS_LABELS: Record<UserStatus, string> = {
  active: 'dashboard.users.status.active',
  banned: 'dashboard.users.status.banned',
  premium: 'dashboard.users.status.premium',
};
export const statusLabel = (t: Translate, status: UserStatus) => t(STATUS_LABELS[status]);

const LEDGER_KINDS: Record<WalletEntry['kind'], string> = {
  purchase: 'dashboard.users.ledger.purchase',
  unlock: 'dashboard.users.ledger.unlock',
  subscription_coins: 'dashboard.users.ledger.subscriptionCoins',
  refund: 'dashboard.users.ledger.refund',
  adjustment: 'dashboard.users.ledger.adjustment',
  gift: 'dashboard.users.ledger.gift',
  forfeit: 'dashboard.users.ledger.forfeit',
};
export const ledgerKindLabel = (t: Translate, kind: WalletEntry['kind']) => t(LEDGER_KINDS[kind]);

export function BannedTag() {
  const t = useT();
  return (
    <span className="rounded-full bg-rose-500/15 px-2 py-0.5 text-xs font-semibold text-rose-300 ring-1 ring-inset ring-rose-400/30">
      {t('dashboard.users.status.banned')}
    </span>
  );
}

/** An account: banned, premium, or simply active (the users list's Account column; premium is a plan, not a standing, so the column is not called Status). */
export function UserStatusBadges({ user }: { user: Pick<AdminUser, 'isBanned' | 'isPremium'> }) {
  const t = useT();
  if (!user.isBanned && !user.isPremium)
    return <span className="text-sm text-zinc-300">{t('dashboard.users.status.active')}</span>;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="user-status">
      {user.isBanned && <BannedTag />}
      {user.isPremium && <PremiumTag />}
    </span>
  );
}
