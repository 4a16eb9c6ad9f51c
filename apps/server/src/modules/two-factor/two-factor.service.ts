import {
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  TWO_FACTOR_FAILURE_LIMIT,
  type LoginTwoFactorRequest,
  type TwoFactorDisableRequest,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@inkwell/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventPublisher } from '../../lib/domain-events';
import { verifyPassword } from '../../lib/passwords';
import { tooManyAttempts, type AttemptLimiter } from '../../lib/attempt-limiter';
import { type AuditContext, recordAuditEntry } from '../audit';
import { getSiteSettings } from '../site-config';
import { findUserById, type UserRow } from '../users';
import { createChallenges, createSecretBox, generateRecoveryCodes, hashRecoveryCode } from './two-factor.crypto';
import {
  claimStep,
  countUnusedRecoveryCodes,
  disableTwoFactor,
  enableTwoFactor,
  proposeSecret,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './two-factor.repository';

export interface TwoFactorDeps {
  db: Database;
  clock: Clock;
  limiter: AttemptLimiter;
  events: EventPublisher;
  /** The session secret: the key the authenticator secrets are sealed with and challenges signed with. */
  secret: string;
}

/** A code one step either side of now is accepted: phones' clocks drift a little. */
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
const CHALLENGE_EXPIRED = 'Your sign-in took too long. Enter your password again.';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * A team member's second factor going on or off is a security change: its audit entry is written
 * in the change's transaction (the log's own hook only sees team and admin endpoints, and these
 * are the account's). A reader's is not recorded.
 */
async function auditTwoFactor(
  tx: Transaction,
  audit: AuditContext | undefined,
  user: UserRow,
  action: 'auth.two_factor_enabled' | 'auth.two_factor_disabled',
) {
  if (!audit || user.role === 'reader') return;
  await recordAuditEntry(tx, audit, { action, target: { type: 'user', id: user.id, label: user.username }, details: null });
}

/** Two-factor sign-in (issue 10 §2): an authenticator app's codes, and one-time recovery codes. */
export function createTwoFactorService({ db, clock, limiter, events, secret }: TwoFactorDeps) {
  const box = createSecretBox(secret);
  const challenges = createChallenges(secret);

  async function userOf(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('unauthorized', 'Please log in again');
    return user;
  }

  /** Wrong codes count per account and address, and per account from anywhere (like failed logins). */
  function failureLimits(userId: string, ip: string) {
    return [
      { key: `two-factor-failures:${userId}:ip:${ip}`, limit: TWO_FACTOR_FAILURE_LIMIT },
      { key: `two-factor-failures:${userId}`, limit: TWO_FACTOR_ACCOUNT_FAILURE_LIMIT },
    ];
  }

  async function assertNotLockedOut(userId: string, ip: string) {
    const counts = await Promise.all(failureLimits(userId, ip).map(({ key, limit }) => limiter.peek(key, limit)));
    const exhausted = counts.find((count) => !count.allowed);
    if (exhausted) throw tooManyAttempts(exhausted.retryAfterSeconds);
  }

  async function countFailure(userId: string, ip: string) {
    await Promise.all(failureLimits(userId, ip).map(({ key, limit }) => limiter.consume(key, limit)));
  }

  /**
   * Whether `code` is the authenticator's code for now (a step either side), for a step not used
   * before; the step is then used up.
   */
  async function acceptTotp(user: UserRow, code: string): Promise<boolean> {
    if (!user.totpSecret || !/^\d{6}$/.test(code)) return false;
    const plain = box.open(user.totpSecret, user.id);
    if (!plain) return false;
    const result = await verify({
      secret: plain,
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
    });
    if (!result.valid || !('timeStep' in result)) return false;
    if (user.totpLastStep !== null && result.timeStep <= user.totpLastStep) return false;
    return claimStep(db, user.id, result.timeStep);
  }

  async function acceptRecoveryCode(user: UserRow, code: string): Promise<boolean> {
    return useRecoveryCode(db, user.id, hashRecoveryCode(user.id, code), clock.now());
  }

  async function newRecoveryCodes(userId: string) {
    const codes = generateRecoveryCodes();
    return { codes, hashes: codes.map((code) => hashRecoveryCode(userId, code)) };
  }

  function wrongCode(field: string, message: string): AppError {
    return new AppError('validation_failed', message, { fields: { [field]: message } });
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const user = await userOf(userId);
      const enabled = user.totpEnabledAt !== null;
      return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
    },

    /** A new secret to confirm; replaces one not yet confirmed. Refused while two-factor sign-in is on. */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await userOf(userId);
      if (user.totpEnabledAt)
        throw new AppError('conflict', 'Two-factor sign-in is already on. Turn it off first to set up a new app.');
      const manualKey = generateSecret();
      if (!(await proposeSecret(db, user.id, box.seal(manualKey, user.id)))) {
        throw new AppError('conflict', 'Two-factor sign-in is already on. Turn it off first to set up a new app.');
      }
      const { siteName } = await getSiteSettings(db);
      const otpauthUri = generateURI({
        issuer: siteName,
        label: user.username,
        secret: manualKey,
        digits: TOTP_DIGITS,
        period: TOTP_PERIOD_SECONDS,
      });
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { manualKey, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** The first code confirms the proposed secret: two-factor sign-in is on, with ten recovery codes. */
    async enable(userId: string, code: string, ip: string, audit?: AuditContext): Promise<string[]> {
      const user = await userOf(userId);
      if (user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on.');
      if (!user.totpSecret) throw new AppError('conflict', 'Set up your authenticator app first.');
      await assertNotLockedOut(user.id, ip);
      if (!(await acceptTotp(user, code))) {
        await countFailure(user.id, ip);
        throw wrongCode('code', WRONG_CODE);
      }
      const { codes, hashes } = await newRecoveryCodes(user.id);
      await db.transaction(async (tx) => {
        if (!(await enableTwoFactor(tx, user.id, clock.now(), hashes)))
          throw new AppError('conflict', 'Two-factor sign-in is already on.');
        await auditTwoFactor(tx, audit, user, 'auth.two_factor_enabled');
      });
      events.publish({ type: 'user.changed', userId: user.id });
      return codes;
    },

    /** Needs the password and a code (or a recovery code): a session alone cannot turn it off. */
    async disable(userId: string, input: TwoFactorDisableRequest, ip: string, audit?: AuditContext): Promise<TwoFactorStatus> {
      const user = await userOf(userId);
      if (!user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is not on.');
      await assertNotLockedOut(user.id, ip);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await countFailure(user.id, ip);
        const message = 'Your password is not correct';
        throw new AppError('validation_failed', message, { fields: { password: message } });
      }
      const code = input.code.replace(/\s/g, '');
      const isTotp = /^\d{6}$/.test(code);
      if (!(isTotp ? await acceptTotp(user, code) : await acceptRecoveryCode(user, code))) {
        await countFailure(user.id, ip);
        throw wrongCode('code', isTotp ? WRONG_CODE : WRONG_RECOVERY_CODE);
      }
      await db.transaction(async (tx) => {
        await disableTwoFactor(tx, user.id);
        await auditTwoFactor(tx, audit, user, 'auth.two_factor_disabled');
      });
      events.publish({ type: 'user.changed', userId: user.id });
      return { enabled: false, recoveryCodesLeft: 0 };
    },

    /** A new set of recovery codes for an authenticator code; the old set is void. */
    async regenerateRecoveryCodes(userId: string, code: string, ip: string): Promise<string[]> {
      const user = await userOf(userId);
      if (!user.totpEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is not on.');
      await assertNotLockedOut(user.id, ip);
      if (!(await acceptTotp(user, code))) {
        await countFailure(user.id, ip);
        throw wrongCode('code', WRONG_CODE);
      }
      const { codes, hashes } = await newRecoveryCodes(user.id);
      await db.transaction((tx) => replaceRecoveryCodes(tx, user.id, hashes));
      return codes;
    },

    /** After a right password: the signed challenge the second step answers. */
    challengeFor(user: UserRow): { challenge: string; expiresAt: Date } {
      const expiresAt = new Date(clock.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
      return { challenge: challenges.issue(user, expiresAt), expiresAt };
    },

    /**
     * The second step: a live challenge for an account that still has two-factor sign-in, and its
     * code or one of its recovery codes. Answers the user to start a session for.
     */
    async completeSignIn(input: LoginTwoFactorRequest, ip: string): Promise<UserRow> {
      const read = challenges.read(input.challenge, clock.now());
      const user = read ? await findUserById(db, read.userId) : undefined;
      if (!read || !user || !challenges.matches(read, user.passwordHash) || !user.totpEnabledAt) {
        throw new AppError('invalid_token', CHALLENGE_EXPIRED);
      }
      if (user.isBanned) throw new AppError('account_banned', 'This account has been suspended');
      await assertNotLockedOut(user.id, ip);
      if (input.recoveryCode !== undefined) {
        if (!(await acceptRecoveryCode(user, input.recoveryCode))) {
          await countFailure(user.id, ip);
          throw new AppError('invalid_credentials', WRONG_RECOVERY_CODE, { fields: { recoveryCode: WRONG_RECOVERY_CODE } });
        }
      } else if (!(await acceptTotp(user, input.code ?? ''))) {
        await countFailure(user.id, ip);
        throw new AppError('invalid_credentials', WRONG_CODE, { fields: { code: WRONG_CODE } });
      }
      return user;
    },
  };
}
