import { RESET_MAIL_LIMIT, RESET_TOKEN_TTL_MS, type ForgotPasswordRequest, type ResetPasswordRequest } from '@inkwell/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import { assertPasswordStrong } from '../../../lib/password-strength';
import { createInFlight } from '../../../lib/in-flight';
import { hashPassword } from '../../../lib/passwords';
import { createSecretToken, hashToken } from '../../../lib/tokens';
import type { Mailer } from '../../platform/mail';
import { findUserByEmail, findUserById, updateUserPassword } from '../users';
import { deleteUserSessions } from './commands/sessions';
import { consumeResetToken, expireUserResetTokens, findLiveResetTokenUser, insertResetToken } from './password-reset.repository';

/** What the background step needs to send a reset link: only the address asked for. */
export interface ResetLinkRequest {
  email: string;
}

export interface PasswordResetDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiter: AttemptLimiter;
  logger: FastifyBaseLogger;
  publicUrl: string;
  events: EventPublisher;
  /** The language of the reset mail: the reader's, or the site's default (issue 35 §1). */
  languages: Pick<ReaderLanguages, 'ofReader'>;
  /**
   * Hands a reset-link request to the background, never awaited by the request. By default the
   * work runs in this process after the answer has gone (errors logged); with the job queue it
   * is `(request) => jobs.send(…, request)`, whose worker calls `sendResetLink(request)`.
   */
  deliver?: (request: ResetLinkRequest) => unknown;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, clock, mailer, limiter, logger } = deps;
  const running = createInFlight();

  /** The background step: looks the address up and, for a real account, mails it a link. */
  async function sendResetLink({ email }: ResetLinkRequest): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.isBanned || user.deletedAt) return;
    const token = createSecretToken();
    const now = clock.now();
    await insertResetToken(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const t = translatorFor(await deps.languages.ofReader(user.locale));
    await mailer.send({
      to: user.email,
      subject: t('mail.passwordReset.subject'),
      text: [
        t('mail.greeting', { username: user.username }),
        '',
        t('mail.passwordReset.asked'),
        link,
        '',
        t('mail.passwordReset.expiry'),
      ].join('\n'),
    });
  }

  /**
   * Kept until it settles, so `idle()` waits for it: the send itself, or its handing to the job
   * queue. Both log their own failure (here and in the identity area); nothing is left to say.
   */
  const track = (work: unknown) => {
    if (work instanceof Promise) void running.track(work).catch(() => {});
  };
  const deliver =
    deps.deliver ??
    ((request: ResetLinkRequest) =>
      sendResetLink(request).catch((error: unknown) => logger.error({ err: error }, 'sending a password reset link failed')));

  return {
    sendResetLink,

    /**
     * Issue 7 §4.9: answers in the same time whether or not the address has an account (nothing
     * here depends on it: the lookup, the token and the mail happen after the answer), and sends
     * at most RESET_MAIL_LIMIT mails to one address per window, silently.
     */
    async requestReset(input: ForgotPasswordRequest): Promise<void> {
      const perAddress = await limiter.consume(`reset-mail:${input.email.toLowerCase()}`, RESET_MAIL_LIMIT);
      if (!perAddress.allowed) return;
      track(deliver({ email: input.email }));
    },

    /** Single use, one hour; sets the password, uses up every link and ends every session, in one transaction. */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const now = clock.now();
      const tokenHash = hashToken(input.token);
      const invalid = () => new AppError('invalid_token', 'apiErrors.identity.resetLinkInvalid');
      const userId = await findLiveResetTokenUser(db, tokenHash, now);
      const user = userId ? await findUserById(db, userId) : undefined;
      // A link sent while its account was being deleted (the job ran beside the deletion) opens nothing.
      if (!user || user.deletedAt) throw invalid();
      // Judged against the account's own names; a refused password leaves the link usable.
      assertPasswordStrong(input.password, user, 'password');
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // Two requests racing with one link: the conditional update lets one through.
        if ((await consumeResetToken(tx, tokenHash, now)) !== user.id) throw invalid();
        await updateUserPassword(tx, user.id, passwordHash);
        await expireUserResetTokens(tx, user.id, now);
        await deleteUserSessions(tx, user.id);
      });
      deps.events.publish({ type: 'user.changed', userId: user.id });
    },

    /**
     * Resolves once the reset links handed to the background have been sent, or queued as jobs
     * (the app awaits it on close).
     */
    async idle(): Promise<void> {
      await running.settled();
    },
  };
}
