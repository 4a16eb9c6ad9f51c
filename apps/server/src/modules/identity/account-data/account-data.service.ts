import type { AccountDeleteRequest, AccountExport } from '@inkwell/contract';
import { AppError } from '../../../lib/app-error';
import type { AuditContext } from '../../team/audit';
import { type AccountDeletionDeps, accountNotFound, deleteAccount } from './account-deletion';
import { accountExportOf } from './account-export';

export type AccountData = ReturnType<typeof createAccountData>;

/**
 * A reader's own data (issue 36 §3): their export, and the deletion of their account, by them
 * (with the password and the second factor) or by an admin (audited).
 */
export function createAccountData(
  deps: AccountDeletionDeps & {
    /** The password, and the two-factor code when it is on (two-factor's confirmIdentity). */
    confirmIdentity(userId: string, input: AccountDeleteRequest, ip: string): Promise<void>;
  },
) {
  return {
    async export(userId: string): Promise<AccountExport> {
      const data = await accountExportOf(deps.db, userId, deps.clock.now());
      if (!data) throw accountNotFound();
      return data;
    },

    /** The reader's own deletion: a wrong password or code changes nothing. */
    async deleteOwn(userId: string, input: AccountDeleteRequest, ip: string): Promise<void> {
      await deps.confirmIdentity(userId, input, ip);
      await deleteAccount(deps, userId, { actorId: null });
    },

    /** An admin's, from the user's page; their own account they delete from their account page. */
    async deleteByAdmin(userId: string, audit: AuditContext): Promise<void> {
      if (userId === audit.actor.id) throw new AppError('conflict', 'apiErrors.deletion.notFromDashboard');
      await deleteAccount(deps, userId, { actorId: audit.actor.id, audit });
    },
  };
}
