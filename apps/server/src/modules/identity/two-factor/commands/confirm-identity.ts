import { eq } from 'drizzle-orm';
import type { Transaction } from '../../../../db/client';
import { recoveryCodes } from '../../../../db/schema';
import { AppError } from '../../../../lib/app-error';
import { verifyPassword } from '../../../../lib/passwords';
import {
  acceptRecoveryCode,
  acceptTotp,
  assertNotLockedOut,
  countFailure,
  type TwoFactorContext,
  userOf,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
  wrongCode,
} from '../two-factor.checks';

type IdentityDeps = Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'box'>;
type TwoFactorUser = Awaited<ReturnType<typeof userOf>>;

/** The account's password, or a wrong-password answer on its field (counted like the other failures). */
export async function checkPassword(deps: IdentityDeps, user: TwoFactorUser, password: string, ip: string): Promise<void> {
  if (await verifyPassword(user.passwordHash, password)) return;
  await countFailure(deps.limiter, user.id, ip);
  const message = 'apiErrors.identity.wrongPassword';
  throw new AppError('validation_failed', message, { fields: { password: message } });
}

/** An authenticator's code (six digits) or a recovery code, or a wrong-code answer on the `code` field. */
export async function checkSecondFactor(deps: IdentityDeps, user: TwoFactorUser, typed: string, ip: string): Promise<void> {
  const code = typed.replace(/\s/g, '');
  const isTotp = /^\d{6}$/.test(code);
  if (isTotp ? await acceptTotp(deps, user, code) : await acceptRecoveryCode(deps, user, code)) return;
  await countFailure(deps.limiter, user.id, ip);
  throw wrongCode('code', isTotp ? WRONG_CODE : WRONG_RECOVERY_CODE);
}

/**
 * The reader proves it is them before an irreversible step (deleting the account, issue 36 §3):
 * the password, and, when two-factor sign-in is on, a code or a recovery code. Wrong answers count
 * like the other two-factor failures; nothing else changes.
 */
export async function confirmIdentity(
  deps: IdentityDeps,
  userId: string,
  input: { password: string; code?: string | undefined },
  ip: string,
): Promise<void> {
  const user = await userOf(deps.db, userId);
  await assertNotLockedOut(deps.limiter, user.id, ip);
  await checkPassword(deps, user, input.password, ip);
  if (!user.totpEnabledAt) return;
  if (!(input.code ?? '').trim()) {
    const message = 'apiErrors.deletion.codeRequired';
    throw new AppError('validation_failed', message, { fields: { code: message } });
  }
  await checkSecondFactor(deps, user, input.code!, ip);
}

/** A deleted account's recovery codes go with its second factor (issue 36 §3), in the caller's transaction. */
export async function eraseRecoveryCodesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
