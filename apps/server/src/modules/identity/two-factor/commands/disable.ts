import type { TwoFactorDisableRequest, TwoFactorStatus } from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { recoveryCodes } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import { verifyPassword } from '../../../../lib/passwords';
import type { AuditContext } from '../../../team/audit';
import { turnOffTwoFactor } from '../../users';
import {
  acceptRecoveryCode,
  acceptTotp,
  assertNotLockedOut,
  auditTwoFactor,
  countFailure,
  type TwoFactorContext,
  userOf,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
  wrongCode,
} from '../two-factor.checks';

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
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await countFailure(limiter, user.id, ip);
    const message = 'apiErrors.identity.wrongPassword';
    throw new AppError('validation_failed', message, { fields: { password: message } });
  }
  const code = input.code.replace(/\s/g, '');
  const isTotp = /^\d{6}$/.test(code);
  if (!(isTotp ? await acceptTotp(deps, user, code) : await acceptRecoveryCode(deps, user, code))) {
    await countFailure(limiter, user.id, ip);
    throw wrongCode('code', isTotp ? WRONG_CODE : WRONG_RECOVERY_CODE);
  }
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
