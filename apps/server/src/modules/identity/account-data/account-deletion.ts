import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { eraseAuthDataOf } from '../auth';
import { eraseDeviceKeysOf } from '../device-keys';
import { eraseRecoveryCodesOf } from '../two-factor';
import { anonymiseUser, findUserById, lockActiveAdmins, lockUserAccount } from '../users';
import { unlinkCreditsOf } from '../../catalogue/chapters';
import { anonymiseCommentsOf } from '../../reading/comments';
import { eraseLibraryOf } from '../../reading/library';
import { eraseNotificationsOf } from '../../reading/notifications';
import { eraseStatsOf } from '../../reading/stats';
import { eraseReaderSettingsOf } from '../../reading/reader-settings';
import { eraseKoreaderPositionsOf } from '../../reading-apps/koreader';
import { eraseGiftMessagesOf } from '../../money/payouts';
import { forfeitWalletOf } from '../../money/wallet';
import { eraseJobsMentioning } from '../../platform/jobs';
import { eraseMailTo } from '../../platform/mail';
import { erasePushOf } from '../../platform/push';
import { anonymiseAuditOf, type AuditContext, recordAuditEntry } from '../../team/audit';
import { eraseSeriesMembershipsOf } from '../../team/series-team';

/** What deleting an account asks of the modules that are not its tables' owners' commands. */
export interface AccountDeletionDeps {
  db: Database;
  clock: Clock;
  events: EventPublisher;
  /** The running plan, if any: cancelled with the provider before anything else changes. */
  plans: {
    current(userId: string): Promise<{ subscription: { cancelAtPeriodEnd: boolean } } | undefined>;
    cancel(userId: string): Promise<unknown>;
  };
  /** Removes the stored avatar files (after the commit: storage has no transactions). */
  forgetAvatar(userId: string, avatarUrl: string | null): Promise<void>;
}

export const accountNotFound = () => new AppError('not_found', 'apiErrors.deletion.accountNotFound');

/**
 * Deletes an account (issue 36 §3). The plan is cancelled with the provider first (a refusal
 * changes nothing); then, in one transaction: the coins left are forfeited through the ledger,
 * sessions, device keys, push subscriptions, reset links, e-mail changes, recovery codes, bookmarks,
 * progress, notices, mails to the address and gift messages go, comments stay as "[deleted]", and
 * the row is emptied and marked deleted, so purchases, the ledger and unlocks still add up.
 * Every instance forgets the user when `user.deleted` is heard.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  userId: string,
  options: { actorId: string | null; audit?: AuditContext } = { actorId: null },
): Promise<void> {
  const { db, clock, events, plans } = deps;
  const running = await plans.current(userId);
  if (running && !running.subscription.cancelAtPeriodEnd) await plans.cancel(userId);
  const now = clock.now();
  const erased = await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    // Locked first, then read whole: nothing changes the row between the two.
    const user = (await lockUserAccount(tx, userId)) && (await findUserById(tx, userId));
    if (!user || user.deletedAt) throw accountNotFound();
    if (admins.includes(userId) && admins.every((id) => id === userId)) {
      throw new AppError('conflict', 'apiErrors.deletion.lastAdmin');
    }
    await forfeitWalletOf(tx, userId, options.actorId);
    const { addresses } = await eraseAuthDataOf(tx, user);
    await eraseRecoveryCodesOf(tx, userId);
    await eraseDeviceKeysOf(tx, userId);
    await erasePushOf(tx, userId);
    await eraseNotificationsOf(tx, user);
    await eraseLibraryOf(tx, userId);
    // Issue 39 §4: the shared years' links stop with the account.
    await eraseStatsOf(tx, userId);
    await eraseReaderSettingsOf(tx, userId);
    await anonymiseCommentsOf(tx, userId);
    await eraseGiftMessagesOf(tx, userId);
    await eraseKoreaderPositionsOf(tx, userId);
    await eraseSeriesMembershipsOf(tx, userId);
    // Credits that named the account keep the name the team wrote, linked to no one (issue 37 §2).
    await unlinkCreditsOf(tx, userId);
    await eraseMailTo(tx, addresses);
    await eraseJobsMentioning(tx, [...addresses, user.username]);
    const { username } = await anonymiseUser(tx, userId, now);
    await anonymiseAuditOf(tx, userId, username);
    if (options.audit)
      await recordAuditEntry(tx, options.audit, { target: { type: 'user', id: userId, label: username }, details: null });
    return { avatarUrl: user.avatarUrl };
  });
  events.publish({ type: 'user.deleted', userId });
  await deps.forgetAvatar(userId, erased.avatarUrl);
}
