import {
  REGISTRATION_TOKEN_TTL_MS,
  RESET_MAIL_LIMIT,
  USERNAME_HOLD_DAYS,
  type Locale,
  type RegisterRequest,
} from '@inkwell/contract';
import type { Database, Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/db-errors';
import { translatorFor, type ReaderLanguages } from '../../../lib/i18n';
import { assertPasswordStrong } from '../../../lib/password-strength';
import { hashPassword } from '../../../lib/passwords';
import { createSecretToken, hashToken } from '../../../lib/tokens';
import type { Mailer } from '../../platform/mail';
import { createNotification } from '../../reading/notifications';
import { findUserByEmail, findUserByUsername, insertUser, lockUsernames, usernameHolder, type UserRow } from '../users';
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
  /** The language of a sign-up's mails: the one its request named, or the site's default (issue 35 §1). */
  languages: Pick<ReaderLanguages, 'ofReader'>;
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
    /** `locale`: the language the sign-up's request named (its mails are in it, the account keeps it), or null for the site's. */
    async request(input: RegisterRequest, locale: Locale | null = null): Promise<void> {
      assertPasswordStrong(input.password, { username: input.username, email: input.email }, 'password');
      // Usernames are public (every comment shows one): saying one is taken reveals nothing.
      if (await findUserByUsername(db, input.username)) {
        throw new AppError('conflict', 'apiErrors.identity.usernameTaken', {
          fields: { username: 'apiErrors.identity.usernameTaken' },
        });
      }
      // A name its owner gave up is theirs for a while yet (issue 36 §1): nobody signs up with it.
      if (await usernameHolder(db, input.username, clock.now())) {
        throw new AppError('conflict', 'apiErrors.profile.usernameHeld', {
          values: { days: USERNAME_HOLD_DAYS },
          fields: { username: 'apiErrors.profile.usernameHeld' },
        });
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
          locale,
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
        const t = translatorFor(await deps.languages.ofReader(existing.locale ?? pending.locale));
        await mailer.send({
          to: existing.email,
          subject: t('mail.registration.existing.subject'),
          text: [
            t('mail.greeting', { username: existing.username }),
            '',
            t('mail.registration.existing.tried'),
            t('mail.registration.existing.signIn', { url: `${deps.publicUrl}/login` }),
            t('mail.registration.existing.forgot', { url: `${deps.publicUrl}/forgot-password` }),
            '',
            t('mail.registration.existing.notYou'),
          ].join('\n'),
        });
        return;
      }
      const token = createSecretToken();
      await setRegistrationToken(db, pendingId, hashToken(token));
      const t = translatorFor(await deps.languages.ofReader(pending.locale));
      await mailer.send({
        to: pending.email,
        subject: t('mail.registration.confirm.subject'),
        text: [
          t('mail.greeting', { username: pending.username }),
          '',
          t('mail.registration.confirm.open'),
          `${deps.publicUrl}/register/confirm?token=${encodeURIComponent(token)}`,
          '',
          t('mail.registration.confirm.expiry'),
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
          if (!pending) throw new AppError('invalid_token', 'apiErrors.identity.confirmationLinkInvalid');
          // Under the name's lock, as a change of name takes it: a name given up since the sign-up is held for its owner.
          await lockUsernames(tx, [pending.username]);
          if (await usernameHolder(tx, pending.username, now))
            throw new AppError('conflict', 'apiErrors.identity.takenSinceSignUp');
          const user = await insertUser(tx, {
            email: pending.email,
            username: pending.username,
            passwordHash: pending.passwordHash,
            locale: pending.locale,
          });
          await createNotification(tx, { userId: user.id, message: 'welcome', values: {}, link: '/comics' });
          return { user, next: pending.nextPath };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', 'apiErrors.identity.takenSinceSignUp');
        }
        throw error;
      }
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
