import {
  CHANGE_PASSWORD_FAILURE_LIMIT,
  EMAIL_CHANGE_CONFIRM_PAGE,
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_CHANGE_UNDO_PAGE,
  EMAIL_CHANGE_UNDO_TTL_MS,
  RESET_MAIL_LIMIT,
  type EmailChangeRequest,
} from '@inkwell/contract';
import type { Database, Transaction } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { tooManyAttempts, type AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import { isUniqueViolation } from '../../../lib/db-errors';
import type { EventPublisher } from '../../../lib/domain-events';
import { translatorFor, type ReaderLanguages, type Translate } from '../../../lib/i18n';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import { createSecretToken, hashToken } from '../../../lib/tokens';
import type { Mailer } from '../../platform/mail';
import { findUserByEmail, findUserById, setUserEmail, updateUserPassword, type UserRow } from '../users';
import { deleteUserSessions } from './commands/sessions';
import {
  claimEmailChange,
  claimEmailChangeRevert,
  expirePendingEmailChanges,
  findEmailChange,
  insertEmailChange,
  setEmailChangeRevertToken,
  setEmailChangeToken,
} from './email-change.repository';
import { expireUserResetTokens } from './password-reset.repository';

/** A mail as the `mail.send` queue carries it. */
interface QueuedMail {
  to: string;
  subject: string;
  text: string;
}

export interface EmailChangeDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  limiter: AttemptLimiter;
  publicUrl: string;
  events: EventPublisher;
  /** The language of the mails: the reader's, or the site's default (issue 35 §1). */
  languages: Pick<ReaderLanguages, 'ofReader'>;
  /** Queues, in the request's transaction, the job whose worker calls `sendChangeMail` (after the answer). */
  queueChangeMail: (tx: Transaction, request: { changeId: string }) => Promise<void>;
  /** Queues a mail (`mail.send`) in the transaction: it goes out only if the change commits. */
  queueMail: (tx: Transaction, mail: QueuedMail) => Promise<void>;
  /** Queues the password-reset link of an address (`auth.reset-link`) in the transaction. */
  queueResetLink: (tx: Transaction, request: { email: string }) => Promise<void>;
}

/** Wrong passwords count with the password change's, per account (a stolen session guesses nothing). */
const passwordFailuresKey = (userId: string) => `change-password-failures:${userId}`;
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The new address's mail: the link that makes the change (a day, once). */
const confirmationMail = (t: Translate, user: UserRow, newEmail: string, link: string): QueuedMail => ({
  to: newEmail,
  subject: t('mail.emailChange.confirm.subject'),
  text: [
    t('mail.greeting', { username: user.username }),
    '',
    t('mail.emailChange.confirm.open', { email: newEmail }),
    link,
    '',
    t('mail.emailChange.confirm.expiry'),
  ].join('\n'),
});

/** To an address that has an account already: someone tried to move another account to it; nothing changed. */
const takenNote = (t: Translate, holder: UserRow): QueuedMail => ({
  to: holder.email,
  subject: t('mail.emailChange.taken.subject'),
  text: [
    t('mail.greeting', { username: holder.username }),
    '',
    t('mail.emailChange.taken.tried'),
    t('mail.emailChange.taken.nothing'),
  ].join('\n'),
});

/** The old address's notice: what changed, and the link that undoes it (valid a week). */
const noticeToOldAddress = (t: Translate, user: UserRow, newEmail: string, undoLink: string): QueuedMail => ({
  to: user.email,
  subject: t('mail.emailChange.changed.subject'),
  text: [
    t('mail.greeting', { username: user.username }),
    '',
    t('mail.emailChange.changed.done', { oldEmail: user.email, newEmail }),
    t('mail.emailChange.changed.ifYou'),
    '',
    t('mail.emailChange.changed.ifNotYou'),
    undoLink,
    '',
    t('mail.emailChange.changed.expiry'),
  ].join('\n'),
});

/**
 * Issue 36 §2: a reader moves their account to a new e-mail address. The request does the same
 * work whether or not the new address has an account (one row, one job); the job looks it up after
 * the answer and mails the new address either the link that makes the change or, when it holds an
 * account, a note saying so (as sign-up does, issue 20 §4). The change happens when the link is
 * followed; the old address is then told, with a link that puts it back and secures the account.
 */
export function createEmailChangeService(deps: EmailChangeDeps) {
  const { db, clock, mailer, limiter } = deps;
  const linkTo = (page: string, token: string) => `${deps.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  const translatorOf = async (user: Pick<UserRow, 'locale'>) => translatorFor(await deps.languages.ofReader(user.locale));

  async function assertPassword(user: UserRow, password: string): Promise<void> {
    const key = passwordFailuresKey(user.id);
    const failures = await limiter.peek(key, CHANGE_PASSWORD_FAILURE_LIMIT);
    if (!failures.allowed) throw tooManyAttempts(failures.retryAfterSeconds);
    if (await verifyPassword(user.passwordHash, password)) return;
    await limiter.consume(key, CHANGE_PASSWORD_FAILURE_LIMIT);
    throw new AppError('validation_failed', 'apiErrors.identity.wrongCurrentPassword', {
      fields: { password: 'apiErrors.identity.wrongCurrentPassword' },
    });
  }

  return {
    /**
     * The password first (wrong ones counted per account); then a row and a job, the same whether
     * or not the address is taken. Mails to one address are capped per hour, silently, as sign-up's.
     */
    async request(userId: string, input: EmailChangeRequest): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 'apiErrors.signInAgain');
      await assertPassword(user, input.password);
      if (sameAddress(input.newEmail, user.email)) {
        throw new AppError('validation_failed', 'apiErrors.email.sameAddress', {
          fields: { newEmail: 'apiErrors.email.sameAddress' },
        });
      }
      const perAddress = await limiter.consume(`email-change-mail:${input.newEmail.toLowerCase()}`, RESET_MAIL_LIMIT);
      if (!perAddress.allowed) return;
      const now = clock.now();
      await db.transaction(async (tx) => {
        await expirePendingEmailChanges(tx, user.id, now);
        const changeId = await insertEmailChange(tx, {
          userId: user.id,
          oldEmail: user.email,
          newEmail: input.newEmail,
          // Tokens nobody knows: the confirmation's is set when its mail goes out, the undo's on confirming.
          tokenHash: hashToken(createSecretToken()),
          revertTokenHash: hashToken(createSecretToken()),
          expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS),
          createdAt: now,
        });
        await deps.queueChangeMail(tx, { changeId });
      });
    },

    /** The job: the link for a free address; for one with an account, a note to it that nothing changed. */
    async sendChangeMail({ changeId }: { changeId: string }): Promise<void> {
      const change = await findEmailChange(db, changeId);
      if (!change || change.confirmedAt || change.expiresAt.getTime() <= clock.now().getTime()) return;
      const user = await findUserById(db, change.userId);
      if (!user || user.isBanned) return;
      const holder = await findUserByEmail(db, change.newEmail);
      if (holder && holder.id !== user.id) {
        await mailer.send(takenNote(await translatorOf(holder), holder));
        return;
      }
      const token = createSecretToken();
      await setEmailChangeToken(db, change.id, hashToken(token));
      await mailer.send(
        confirmationMail(await translatorOf(user), user, change.newEmail, linkTo(EMAIL_CHANGE_CONFIRM_PAGE, token)),
      );
    },

    /**
     * Follows the new address's link: once, within a day. The address must still be free, checked
     * in the transaction (and by the unique index); the old address is told in the same commit.
     */
    async confirm(token: string): Promise<{ email: string }> {
      const now = clock.now();
      let userId = '';
      try {
        const email = await db.transaction(async (tx) => {
          const change = await claimEmailChange(tx, hashToken(token), now);
          const user = change ? await findUserById(tx, change.userId) : undefined;
          if (!change || !user || user.isBanned) throw new AppError('invalid_token', 'apiErrors.email.changeLinkInvalid');
          const holder = await findUserByEmail(tx, change.newEmail);
          if (holder && holder.id !== user.id) throw new AppError('conflict', 'apiErrors.email.addressTaken');
          userId = user.id;
          const undoToken = createSecretToken();
          await setUserEmail(tx, user.id, change.newEmail);
          await setEmailChangeRevertToken(tx, change.id, hashToken(undoToken));
          const undoLink = linkTo(EMAIL_CHANGE_UNDO_PAGE, undoToken);
          await deps.queueMail(tx, noticeToOldAddress(await translatorOf(user), user, change.newEmail, undoLink));
          return change.newEmail;
        });
        deps.events.publish({ type: 'user.changed', userId });
        return { email };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'apiErrors.email.addressTaken');
        throw error;
      }
    },

    /**
     * Follows the old address's link, within a week of the change, once: the old address back,
     * every session ended, the password replaced by one nobody knows, and a reset link mailed to
     * the old address, so whoever made the change can no longer sign in.
     */
    async undo(token: string): Promise<{ email: string }> {
      const now = clock.now();
      const lockedOut = await hashPassword(createSecretToken());
      let userId = '';
      try {
        const email = await db.transaction(async (tx) => {
          const since = new Date(now.getTime() - EMAIL_CHANGE_UNDO_TTL_MS);
          const change = await claimEmailChangeRevert(tx, hashToken(token), now, since);
          if (!change) throw new AppError('invalid_token', 'apiErrors.email.undoLinkInvalid');
          const holder = await findUserByEmail(tx, change.oldEmail);
          if (holder && holder.id !== change.userId) throw new AppError('conflict', 'apiErrors.email.oldAddressTaken');
          userId = change.userId;
          await setUserEmail(tx, change.userId, change.oldEmail);
          await expirePendingEmailChanges(tx, change.userId, now);
          await updateUserPassword(tx, change.userId, lockedOut);
          await expireUserResetTokens(tx, change.userId, now);
          await deleteUserSessions(tx, change.userId);
          await deps.queueResetLink(tx, { email: change.oldEmail });
          return change.oldEmail;
        });
        deps.events.publish({ type: 'user.changed', userId });
        return { email };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', 'apiErrors.email.oldAddressTaken');
        throw error;
      }
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
