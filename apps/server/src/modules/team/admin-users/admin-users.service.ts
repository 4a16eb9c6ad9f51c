import {
  USER_DETAIL_RECENT,
  USERS_PAGE_SIZE,
  type AdminUserDetail,
  type adminUserListQuerySchema,
  type adminUserPatchSchema,
  type coinAdjustmentSchema,
} from '@inkwell/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { cappedPageInfo } from '../../../db/sql';
import { AppError } from '../../../lib/app-error';
import { type AuditContext, changesBetween, recordAuditEntry } from '../audit';
import { deleteUserSessions } from '../../identity/auth';
import { lockActiveAdmins, lockUserAccount, setRoleAndBan } from '../../identity/users';
import type { CommentsService } from '../../reading/comments';
import { purchasesOfUser, toPurchase } from '../../money/payments';
import { findLedgerEntry, moveCoins, toWalletEntry, walletPage } from '../../money/wallet';
import { findAdminUser, searchUsers } from './admin-users.repository';
import { toAdminUser } from './admin-users.presenter';
import type { EventPublisher } from '../../../lib/domain-events';

type ListQuery = z.output<typeof adminUserListQuerySchema>;
type UserPatch = z.output<typeof adminUserPatchSchema>;
type CoinAdjustment = z.output<typeof coinAdjustmentSchema>;

/** How the audit log names a user's fields. */
const USER_FIELDS = { role: 'Role', banned: 'Banned' } as const;

interface Deps {
  db: Database;
  clock: Clock;
  comments: CommentsService;
  /** Tells every instance the user changed (their session, coins, role, ban). */
  events: EventPublisher;
}

const notFound = () => new AppError('not_found', 'apiErrors.team.userNotFound');

/**
 * User administration (issue 10 §2): find users, read one with their money and comments, change
 * a role, ban and unban, and adjust coins through the ledger. Every change is forgotten by the
 * viewer caches at once, so it holds from the user's next request.
 */
export function createAdminUsersService({ db, clock, comments, events }: Deps) {
  const service = {
    async list(query: ListQuery) {
      const { rows, total, totalCapped } = await searchUsers(db, query, query.page, USERS_PAGE_SIZE, clock.now());
      return { items: rows.map(toAdminUser), pagination: cappedPageInfo(query.page, USERS_PAGE_SIZE, total, totalCapped) };
    },

    async detail(id: string): Promise<AdminUserDetail> {
      const row = await findAdminUser(db, id, clock.now());
      if (!row) throw notFound();
      // The store's and the comments' own reads, so this page shows what theirs show.
      const [purchases, ledger, userComments] = await Promise.all([
        purchasesOfUser(db, id, 1, USER_DETAIL_RECENT),
        walletPage(db, id, 1, USER_DETAIL_RECENT),
        comments.listForTeam({ status: 'all', userId: id, page: 1 }),
      ]);
      return {
        ...toAdminUser(row),
        avatarUrl: row.avatarUrl,
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
        sessionCount: row.sessionCount,
        purchases: { items: purchases.rows.map(toPurchase), total: purchases.total },
        ledger: { items: ledger.rows.map(toWalletEntry), total: ledger.total },
        comments: {
          items: userComments.items.slice(0, USER_DETAIL_RECENT),
          total: userComments.pagination.total,
        },
      };
    },

    /**
     * Changes a role and bans or unbans, in one transaction. The admins who can sign in are
     * locked first, so two admins demoting (or banning) each other at once cannot leave the site
     * with none: the second waits, sees the first's change, and is refused. A ban deletes every
     * session of the user in the same transaction, and so is the audit entry ("Role: reader →
     * editor"), from the user as locked there. Answers the user as now.
     */
    async update(id: string, patch: UserPatch, audit: AuditContext): Promise<AdminUserDetail> {
      const actorId = audit.actor.id;
      await db.transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const user = await lockUserAccount(tx, id);
        if (!user) throw notFound();
        const role = patch.role ?? user.role;
        const isBanned = patch.banned ?? user.isBanned;

        if (id === actorId && isBanned && !user.isBanned) throw new AppError('conflict', 'apiErrors.team.cannotBanSelf');
        const wasActiveAdmin = admins.includes(id);
        const staysActiveAdmin = role === 'admin' && !isBanned;
        if (wasActiveAdmin && !staysActiveAdmin && admins.every((adminId) => adminId === id)) {
          if (id === actorId) throw new AppError('conflict', 'apiErrors.team.lastAdminSelf');
          throw new AppError('conflict', 'apiErrors.team.lastAdmin', { values: { username: user.username } });
        }
        // The actor's session may say admin for a few seconds after another admin demoted them.
        if (!admins.includes(actorId)) throw new AppError('forbidden', 'apiErrors.team.noLongerAdmin');

        await setRoleAndBan(tx, id, {
          ...(patch.role !== undefined ? { role } : {}),
          ...(patch.banned !== undefined ? { isBanned } : {}),
        });
        if (isBanned && !user.isBanned) await deleteUserSessions(tx, id);
        await recordAuditEntry(tx, audit, {
          target: { type: 'user', id, label: user.username },
          changes: changesBetween({ role: user.role, banned: user.isBanned }, { role, banned: isBanned }, USER_FIELDS),
        });
      });
      const type = patch.banned ? 'user.banned' : patch.role !== undefined ? 'user.role-changed' : 'user.changed';
      events.publish({ type, userId: id });
      return service.detail(id);
    },

    /**
     * Adds or takes coins with a reason, through the store's ledger (one `adjustment` row beside
     * the balance and the audit entry, in one transaction). Taking more than the user has is refused
     * and changes nothing.
     */
    async adjustCoins(id: string, { delta, reason }: CoinAdjustment, audit: AuditContext) {
      const actorId = audit.actor.id;
      const { username, moved } = await db.transaction(async (tx) => {
        const user = await lockUserAccount(tx, id);
        if (!user) throw notFound();
        const result = await moveCoins(tx, { userId: id, delta, kind: 'adjustment', reason, actorId });
        if (!result) {
          throw new AppError('insufficient_coins', 'apiErrors.team.coinsBelowZero', {
            values: { username: user.username, coins: user.coins, taking: -delta },
          });
        }
        await recordAuditEntry(tx, audit, { target: { type: 'user', id, label: user.username } });
        return { username: user.username, moved: result };
      });
      events.publish({ type: 'user.changed', userId: id });
      const entry = (await findLedgerEntry(db, moved.entryId))!;
      return {
        username,
        data: { userId: id, balance: moved.balance, entry: toWalletEntry({ entry, chapter: null, series: null }) },
      };
    },
  };
  return service;
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
