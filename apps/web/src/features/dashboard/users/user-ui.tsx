// i18n: not yet in the catalogues (issue 35)
import type { AdminUser, Role, UserStatus, WalletEntry } from '@inkwell/contract';
import { PremiumTag } from '../../../components/role-tag';

export const roleLabel = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', banned: 'Banned', premium: 'Premium' };
export const statusLabel = (status: UserStatus) => STATUS_LABELS[status];

const LEDGER_KINDS: Record<WalletEntry['kind'], string> = {
  purchase: 'Purchase',
  unlock: 'Unlock',
  subscription_coins: 'Subscription coins',
  refund: 'Refund',
  adjustment: 'Adjustment',
  gift: 'Gift to a series',
};
export const ledgerKindLabel = (kind: WalletEntry['kind']) => LEDGER_KINDS[kind];

export function BannedTag() {
  return (
    <span className="rounded-full bg-rose-500/15 px-2 py-0.5 text-xs font-semibold text-rose-300 ring-1 ring-inset ring-rose-400/30">
      Banned
    </span>
  );
}

/** An account: banned, premium, or simply active (the users list's Account column; premium is a plan, not a standing, so the column is not called Status). */
export function UserStatusBadges({ user }: { user: Pick<AdminUser, 'isBanned' | 'isPremium'> }) {
  if (!user.isBanned && !user.isPremium) return <span className="text-sm text-zinc-300">Active</span>;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="user-status">
      {user.isBanned && <BannedTag />}
      {user.isPremium && <PremiumTag />}
    </span>
  );
}
