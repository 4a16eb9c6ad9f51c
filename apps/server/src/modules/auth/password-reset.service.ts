import { RESET_TOKEN_TTL_MS, type ForgotPasswordRequest, type ResetPasswordRequest } from '@inkwell/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { assertPasswordNotCommon, hashPassword } from '../../lib/passwords';
import { createSecretToken, hashToken } from '../../lib/tokens';
import type { Mailer } from '../mail/mailer';
import { findUserByEmail, updateUserPassword } from '../users/users.repository';
import { deleteUserSessions } from './sessions.repository';
import { consumeResetToken, expireUserResetTokens, insertResetToken } from './password-reset.repository';

export const FORGOT_PASSWORD_MESSAGE = 'If an account uses that e-mail, a link to reset its password is on its way.';

export function createPasswordResetService(deps: { db: Database; clock: Clock; mailer: Mailer; publicUrl: string }) {
  const { db, clock, mailer } = deps;
  return {
    /** Answers the same whether or not the address has an account. */
    async requestReset(input: ForgotPasswordRequest): Promise<void> {
      const user = await findUserByEmail(db, input.email);
      if (!user || user.isBanned) return;
      const token = createSecretToken();
      const now = clock.now();
      await insertResetToken(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Inkwell password',
        text: [
          `Hello ${user.username},`,
          '',
          'Someone asked to reset the password of your Inkwell account. To choose a new one, open:',
          link,
          '',
          'The link works once, for one hour. If you did not ask for it, ignore this message.',
        ].join('\n'),
      });
    },

    /** Single use, one hour; ends every session of the account. */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      assertPasswordNotCommon(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      const userId = await consumeResetToken(db, hashToken(input.token), now);
      if (!userId) throw new AppError('invalid_token', 'This reset link is invalid or has expired. Ask for a new one.');
      await updateUserPassword(db, userId, passwordHash);
      await expireUserResetTokens(db, userId, now);
      await deleteUserSessions(db, userId);
    },
  };
}
