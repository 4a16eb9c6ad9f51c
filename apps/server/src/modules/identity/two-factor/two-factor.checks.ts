import { TOTP_PERIOD_SECONDS, TWO_FACTOR_ACCOUNT_FAILURE_LIMIT, TWO_FACTOR_FAILURE_LIMIT } from '@inkwell/contract';
import { verify } from 'otplib';
import type { Database, Transaction } from '../../../db/client';
import { AppError, type ApiErrorId } from '../../../lib/app-error';
import { tooManyAttempts, type AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { type AuditContext, recordAuditEntry } from '../../team/audit';
import { claimTwoFactorStep, findUserById, type UserRow } from '../users';
import { type createChallenges, type createSecretBox, generateRecoveryCodes, hashRecoveryCode } from './two-factor.crypto';
import { useRecoveryCode } from './two-factor.repository';

/** What the two-factor commands and queries use; each takes only its part. */
export interface TwoFactorContext {
  db: Database;
  clock: Clock;
  limiter: AttemptLimiter;
  events: EventPublisher;
  /** Seals the authenticator secrets (with the session secret). */
  box: ReturnType<typeof createSecretBox>;
  /** Signs the sign-in challenges (with the session secret). */
  challenges: ReturnType<typeof createChallenges>;
}

/** A code one step either side of now is accepted: phones' clocks drift a little. */
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
export const WRONG_CODE = 'apiErrors.identity.wrongCode';
export const WRONG_RECOVERY_CODE = 'apiErrors.identity.wrongRecoveryCode';

export async function userOf(db: Database, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', 'apiErrors.signInAgain');
  return user;
}

/** Wrong codes count per account and address, and per account from anywhere (like failed logins). */
function failureLimits(userId: string, ip: string) {
  return [
    { key: `two-factor-failures:${userId}:ip:${ip}`, limit: TWO_FACTOR_FAILURE_LIMIT },
    { key: `two-factor-failures:${userId}`, limit: TWO_FACTOR_ACCOUNT_FAILURE_LIMIT },
  ];
}

export async function assertNotLockedOut(limiter: AttemptLimiter, userId: string, ip: string) {
  const counts = await Promise.all(failureLimits(userId, ip).map(({ key, limit }) => limiter.peek(key, limit)));
  const exhausted = counts.find((count) => !count.allowed);
  if (exhausted) throw tooManyAttempts(exhausted.retryAfterSeconds);
}

export async function countFailure(limiter: AttemptLimiter, userId: string, ip: string) {
  await Promise.all(failureLimits(userId, ip).map(({ key, limit }) => limiter.consume(key, limit)));
}

/**
 * Whether `code` is the authenticator's code for now (a step either side), for a step not used
 * before; the step is then used up.
 */
export async function acceptTotp(
  { db, clock, box }: Pick<TwoFactorContext, 'db' | 'clock' | 'box'>,
  user: UserRow,
  code: string,
): Promise<boolean> {
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
  return claimTwoFactorStep(db, user.id, result.timeStep);
}

export async function acceptRecoveryCode(
  { db, clock }: Pick<TwoFactorContext, 'db' | 'clock'>,
  user: UserRow,
  code: string,
): Promise<boolean> {
  return useRecoveryCode(db, user.id, hashRecoveryCode(user.id, code), clock.now());
}

/** A new set of recovery codes, and the hashes that are kept of them. */
export function newRecoveryCodes(userId: string) {
  const codes = generateRecoveryCodes();
  return { codes, hashes: codes.map((code) => hashRecoveryCode(userId, code)) };
}

export function wrongCode(field: string, reason: ApiErrorId): AppError {
  return new AppError('validation_failed', reason, { fields: { [field]: reason } });
}

/**
 * A team member's second factor going on or off is a security change: its audit entry is written
 * in the change's transaction (the log's own hook only sees team and admin endpoints, and these
 * are the account's). A reader's is not recorded.
 */
export async function auditTwoFactor(
  tx: Transaction,
  audit: AuditContext | undefined,
  user: UserRow,
  action: 'auth.two_factor_enabled' | 'auth.two_factor_disabled',
) {
  if (!audit || user.role === 'reader') return;
  await recordAuditEntry(tx, audit, { action, target: { type: 'user', id: user.id, label: user.username }, details: null });
}
