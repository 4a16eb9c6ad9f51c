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

/**
 * The reader proves it is them before an irreversible step (deleting the account, issue 36 §3):
 * the password, and, when two-factor sign-in is on, a code or a recovery code. Wrong answers count
 * like the other two-factor failures; nothing else changes.
 */
export async function confirmIdentity(
  deps: Pick<TwoFactorContext, 'db' | 'clock' | 'limiter' | 'box'>,
  userId: string,
  input: { password: string; code?: string | undefined },
  ip: string,
): Promise<void> {
  const { db, limiter } = deps;
  const user = await userOf(db, userId);
  await assertNotLockedOut(limiter, user.id, ip);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await countFailure(limiter, user.id, ip);
    const message = 'apiErrors.identity.wrongPassword';
    throw new AppError('validation_failed', message, { fields: { password: message } });
  }
  if (!user.totpEnabledAt) return;
  const code = (input.code ?? '').replace(/\s/g, '');
  if (!code) {
    const message = 'apiErrors.deletion.codeRequired';
    throw new AppError('validation_failed', message, { fields: { code: message } });
  }
  const isTotp = /^\d{6}$/.test(code);
  if (!(isTotp ? await acceptTotp(deps, user, code) : await acceptRecoveryCode(deps, user, code))) {
    await countFailure(limiter, user.id, ip);
    throw wrongCode('code', isTotp ? WRONG_CODE : WRONG_RECOVERY_CODE);
  }
}

/** A deleted account's recovery codes go with its second factor (issue 36 §3), in the caller's transaction. */
export async function eraseRecoveryCodesOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
