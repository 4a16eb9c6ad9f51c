import { AppError } from '../../../../lib/app-error';
import type { AuditContext } from '../../../team/audit';
import {
  acceptTotp,
  assertNotLockedOut,
  auditTwoFactor,
  countFailure,
  newRecoveryCodes,
  type TwoFactorContext,
  userOf,
  WRONG_CODE,
  wrongCode,
} from '../two-factor.checks';
import { enableTwoFactor as enableInDatabase } from '../two-factor.repository';

/** The first code confirms the proposed secret: two-factor sign-in is on, with ten recovery codes. */
export async function enableTwoFactor(
  deps: Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'events' | 'box'>,
  userId: string,
  code: string,
  ip: string,
  audit?: AuditContext,
): Promise<string[]> {
  const { db, clock, limiter, events } = deps;
  const user = await userOf(db, userId);
  if (user.totpEnabledAt) throw new AppError('conflict', 'apiErrors.identity.twoFactorAlreadyOn');
  if (!user.totpSecret) throw new AppError('conflict', 'apiErrors.identity.twoFactorSetUpFirst');
  await assertNotLockedOut(limiter, user.id, ip);
  if (!(await acceptTotp(deps, user, code))) {
    await countFailure(limiter, user.id, ip);
    throw wrongCode('code', WRONG_CODE);
  }
  const { codes, hashes } = newRecoveryCodes(user.id);
  await db.transaction(async (tx) => {
    if (!(await enableInDatabase(tx, user.id, clock.now(), hashes)))
      throw new AppError('conflict', 'apiErrors.identity.twoFactorAlreadyOn');
    await auditTwoFactor(tx, audit, user, 'auth.two_factor_enabled');
  });
  events.publish({ type: 'user.changed', userId: user.id });
  return codes;
}
