import { AppError } from '../../../../lib/app-error';
import {
  acceptTotp,
  assertNotLockedOut,
  countFailure,
  newRecoveryCodes,
  type TwoFactorContext,
  userOf,
  WRONG_CODE,
  wrongCode,
} from '../two-factor.checks';
import { replaceRecoveryCodes } from '../two-factor.repository';

/** A new set of recovery codes for an authenticator code; the old set is void. */
export async function regenerateRecoveryCodes(
  deps: Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'box'>,
  userId: string,
  code: string,
  ip: string,
): Promise<string[]> {
  const { db, limiter } = deps;
  const user = await userOf(db, userId);
  if (!user.totpEnabledAt) throw new AppError('conflict', 'apiErrors.identity.twoFactorNotOn');
  await assertNotLockedOut(limiter, user.id, ip);
  if (!(await acceptTotp(deps, user, code))) {
    await countFailure(limiter, user.id, ip);
    throw wrongCode('code', WRONG_CODE);
  }
  const { codes, hashes } = newRecoveryCodes(user.id);
  await db.transaction((tx) => replaceRecoveryCodes(tx, user.id, hashes));
  return codes;
}
