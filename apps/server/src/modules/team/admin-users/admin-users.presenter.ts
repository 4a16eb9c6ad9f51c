import type { AdminUser } from '@inkwell/contract';
import type { AdminUserRow } from './admin-users.repository';

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    coins: row.coins,
    isBanned: row.isBanned,
    isPremium: Boolean(row.isPremium),
    membership: row.membership,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  };
}
