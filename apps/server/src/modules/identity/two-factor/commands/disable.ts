import type { TwoFactorDisableRequest, TwoFactorStatus } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { recoveryCodes } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import type { AuditContext } from '../../../team/audit';
import { turnOffTwoFactor } from '../../users';
import { assertNotLockedOut, auditTwoFactor, type TwoFactorContext, userOf } from '../two-factor.checks';
import { checkPassword, checkSecondFactor } from './confirm-identity';

/** Needs the password and a code (or a recovery code): a session alone cannot turn it off. */
export async function disableTwoFactor(
  deps: Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'events' | 'box'>,
  userId: string,
  input: TwoFactorDisableRequest,
  ip: string,
  audit?: AuditContext,
): Promise<TwoFactorStatus> {
  const { db, limiter, events } = deps;
  const user = await userOf(db, userId);
  if (!user.totpEnabledAt) throw new AppError('conflict', 'apiErrors.identity.twoFactorNotOn');
  await assertNotLockedOut(limiter, user.id, ip);
  await checkPassword(deps, user, input.password, ip);
  await checkSecondFactor(deps, user, input.code, ip);
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, user.id);
    await auditTwoFactor(tx, audit, user, 'auth.two_factor_disabled');
  });
  events.publish({ type: 'user.changed', userId: user.id });
  return { enabled: false, recoveryCodesLeft: 0 };
}

/** Two-factor sign-in off and its recovery codes gone, in one transaction: the user's own request above, or an operator's (the command line). */
export async function removeTwoFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await turnOffTwoFactor(tx, userId);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}
