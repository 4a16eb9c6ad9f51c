import { REGISTRATION_TOKEN_TTL_MS, RESET_MAIL_LIMIT, type RegisterRequest } from '@inkwell/contract';
import type { Database, Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import { assertPasswordStrong } from '../../../lib/password-strength';
import { hashPassword } from '../../../lib/passwords';
import { createSecretToken, hashToken } from '../../../lib/tokens';
import type { Mailer } from '../../platform/mail';
import { createNotification } from '../../reading/notifications';
import { findUserByEmail, findUserByUsername, insertUser, isUniqueViolation, type UserRow } from '../users';
import {
  claimPendingRegistration,
  deleteExpiredRegistrations,
  deletePendingRegistration,
  findPendingRegistration,
  insertPendingRegistration,
  setRegistrationToken,
} from './registration.repository';

export interface RegistrationMailRequest {
  pendingId: string;
}

export interface RegistrationDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiter: AttemptLimiter;
  publicUrl: string;
  /** Queues the mail of a sign-up inside its transaction (a job whose worker calls sendRegistrationMail). */
  queueMail: (tx: Transaction, request: RegistrationMailRequest) => Promise<void>;
}

/**
 * Issue 20 §4: signing up by e-mail confirmation, so the answer never tells whether an address has
 * an account. The request does the same work either way (the password's strength, the public
 * username check, hashing, one row, one job); the job looks the address up after the answer and
 * mails either the link that finishes the sign-up or a "you already have an account" note.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const { db, clock, mailer, limiter } = deps;

  return {
    async request(input: RegisterRequest): Promise<void> {
      assertPasswordStrong(input.password, { username: input.username, email: input.email }, 'password');
      // Usernames are public (every comment shows one): saying one is taken reveals nothing.
      if (await findUserByUsername(db, input.username)) {
        throw new AppError('conflict', 'This username is taken', { fields: { username: 'This username is taken' } });
      }
      const passwordHash = await hashPassword(input.password);
      // Mails to one address per window, silently, as for reset links: nobody can flood an inbox.
      const perAddress = await limiter.consume(`register-mail:${input.email.toLowerCase()}`, RESET_MAIL_LIMIT);
      if (!perAddress.allowed) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await deleteExpiredRegistrations(tx, now);
        const pendingId = await insertPendingRegistration(tx, {
          email: input.email,
          username: input.username,
          passwordHash,
          // Validated by the contract: a path on this site, or none.
          nextPath: input.next ?? null,
          expiresAt: new Date(now.getTime() + REGISTRATION_TOKEN_TTL_MS),
          createdAt: now,
        });
        await deps.queueMail(tx, { pendingId });
      });
    },

    /** The job: the confirmation link for a new address; for one with an account, a note saying so. */
    async sendRegistrationMail({ pendingId }: RegistrationMailRequest): Promise<void> {
      const pending = await findPendingRegistration(db, pendingId);
      if (!pending || pending.tokenHash) return;
      const existing = await findUserByEmail(db, pending.email);
      if (existing) {
        await deletePendingRegistration(db, pendingId);
        if (existing.isBanned) return;
        await mailer.send({
          to: existing.email,
          subject: 'You already have an Inkwell account',
          text: [
            `Hello ${existing.username},`,
            '',
            'Someone tried to create an Inkwell account with this address, which already has one.',
            `To sign in, open: ${deps.publicUrl}/login`,
            `Forgot your password? Choose a new one: ${deps.publicUrl}/forgot-password`,
            '',
            'If it was not you, ignore this message: nothing was changed.',
          ].join('\n'),
        });
        return;
      }
      const token = createSecretToken();
      await setRegistrationToken(db, pendingId, hashToken(token));
      await mailer.send({
        to: pending.email,
        subject: 'Finish creating your Inkwell account',
        text: [
          `Hello ${pending.username},`,
          '',
          'To finish creating your Inkwell account, open:',
          `${deps.publicUrl}/register/confirm?token=${encodeURIComponent(token)}`,
          '',
          'The link works once, for 24 hours. If you did not sign up, ignore this message.',
        ].join('\n'),
      });
    },

    /**
     * Follows a mailed link: the account and its welcome notification, made together, and the
     * link used up, with the page the sign-up started from. A link used twice, expired or unknown
     * is `invalid_token`; an e-mail or username taken since the sign-up is `conflict`.
     */
    async confirm(token: string): Promise<{ user: UserRow; next: string | null }> {
      const now = clock.now();
      try {
        return await db.transaction(async (tx) => {
          const pending = await claimPendingRegistration(tx, hashToken(token), now);
          if (!pending) throw new AppError('invalid_token', 'This confirmation link is invalid or has expired. Sign up again.');
          const user = await insertUser(tx, {
            email: pending.email,
            username: pending.username,
            passwordHash: pending.passwordHash,
          });
          await createNotification(tx, {
            userId: user.id,
            title: 'Welcome to Inkwell',
            description: 'Bookmark a series to hear about its new chapters here.',
            link: '/comics',
          });
          return { user, next: pending.nextPath };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', 'This e-mail or username was taken since you signed up. Sign up again with another.');
        }
        throw error;
      }
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
