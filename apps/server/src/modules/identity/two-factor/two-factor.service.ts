import type { LoginTwoFactorRequest, TwoFactorDisableRequest } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import type { AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import type { AuditContext } from '../../team/audit';
import type { UserRow } from '../users';
import { confirmIdentity } from './commands/confirm-identity';
import { disableTwoFactor } from './commands/disable';
import { enableTwoFactor } from './commands/enable';
import { regenerateRecoveryCodes } from './commands/regenerate-recovery-codes';
import { setUpTwoFactor } from './commands/setup';
import { challengeFor, completeSignIn } from './commands/sign-in';
import { twoFactorStatus } from './queries/status';
import type { TwoFactorContext } from './two-factor.checks';
import { createChallenges, createSecretBox } from './two-factor.crypto';

interface TwoFactorDeps {
  db: Database;
  clock: Clock;
  limiter: AttemptLimiter;
  events: EventPublisher;
  /** The session secret: the key the authenticator secrets are sealed with and challenges signed with. */
  secret: string;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * Two-factor sign-in (issue 10 §2): an authenticator app's codes, and one-time recovery codes.
 * The work is in queries/ and commands/; this binds their dependencies once.
 */
export function createTwoFactorService({ secret, ...deps }: TwoFactorDeps) {
  const context: TwoFactorContext = { ...deps, box: createSecretBox(secret), challenges: createChallenges(secret) };
  return {
    status: (userId: string) => twoFactorStatus(context.db, userId),
    setup: (userId: string) => setUpTwoFactor(context, userId),
    enable: (userId: string, code: string, ip: string, audit?: AuditContext) => enableTwoFactor(context, userId, code, ip, audit),
    disable: (userId: string, input: TwoFactorDisableRequest, ip: string, audit?: AuditContext) =>
      disableTwoFactor(context, userId, input, ip, audit),
    regenerateRecoveryCodes: (userId: string, code: string, ip: string) => regenerateRecoveryCodes(context, userId, code, ip),
    challengeFor: (user: UserRow) => challengeFor(context, user),
    completeSignIn: (input: LoginTwoFactorRequest, ip: string) => completeSignIn(context, input, ip),
    /** The password, and a code when two-factor sign-in is on, before an irreversible step (issue 36 §3). */
    confirmIdentity: (userId: string, input: { password: string; code?: string | undefined }, ip: string) =>
      confirmIdentity(context, userId, input, ip),
  };
}
