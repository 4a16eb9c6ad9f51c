import { TWO_FACTOR_CHALLENGE_TTL_MS, type LoginTwoFactorRequest } from '@inkwell/contract';
import { AppError } from '../../../../lib/app-error';
import { findUserById, type UserRow } from '../../users';
import {
  acceptRecoveryCode,
  acceptTotp,
  assertNotLockedOut,
  countFailure,
  type TwoFactorContext,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from '../two-factor.checks';

const CHALLENGE_EXPIRED = 'apiErrors.identity.signInTookTooLong';

/** After a right password: the signed challenge the second step answers. */
export function challengeFor(
  { clock, challenges }: Pick<TwoFactorContext, 'clock' | 'challenges'>,
  user: UserRow,
): { challenge: string; expiresAt: Date } {
  const expiresAt = new Date(clock.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  return { challenge: challenges.issue(user, expiresAt), expiresAt };
}

/**
 * The second step: a live challenge for an account that still has two-factor sign-in, and its
 * code or one of its recovery codes. Answers the user to start a session for.
 */
export async function completeSignIn(
  deps: Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'box' | 'challenges'>,
  input: LoginTwoFactorRequest,
  ip: string,
): Promise<UserRow> {
  const { db, clock, limiter, challenges } = deps;
  const read = challenges.read(input.challenge, clock.now());
  const user = read ? await findUserById(db, read.userId) : undefined;
  if (!read || !user || !challenges.matches(read, user.passwordHash) || !user.totpEnabledAt) {
    throw new AppError('invalid_token', CHALLENGE_EXPIRED);
  }
  if (user.isBanned) throw new AppError('account_banned', 'apiErrors.accountSuspended');
  await assertNotLockedOut(limiter, user.id, ip);
  if (input.recoveryCode !== undefined) {
    if (!(await acceptRecoveryCode(deps, user, input.recoveryCode))) {
      await countFailure(limiter, user.id, ip);
      throw new AppError('invalid_credentials', WRONG_RECOVERY_CODE, { fields: { recoveryCode: WRONG_RECOVERY_CODE } });
    }
  } else if (!(await acceptTotp(deps, user, input.code ?? ''))) {
    await countFailure(limiter, user.id, ip);
    throw new AppError('invalid_credentials', WRONG_CODE, { fields: { code: WRONG_CODE } });
  }
  return user;
}
