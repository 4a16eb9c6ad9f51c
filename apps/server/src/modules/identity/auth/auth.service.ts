import {
  AUTH_RATE_LIMIT,
  CHANGE_PASSWORD_FAILURE_LIMIT,
  FAILED_LOGIN_ACCOUNT_LIMIT,
  FAILED_LOGIN_LIMIT,
  type ChangePasswordRequest,
  type LoginRequest,
  type Preferences,
  type PreferencesUpdate,
} from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { ViewerCache } from '../access';
import { tooManyAttempts, type AttemptLimiter } from '../../../lib/attempt-limiter';
import type { Clock } from '../../../lib/clock';
import type { EventPublisher } from '../../../lib/domain-events';
import { assertPasswordStrong } from '../../../lib/password-strength';
import { getDecoyHash, hashPassword, verifyPassword } from '../../../lib/passwords';
import { createSecretToken, hashToken } from '../../../lib/tokens';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  setUserPreferences,
  updateUserPassword,
  findAuthUser,
  type AuthUser,
  type UserRow,
} from '../users';
import { seriesRolesOf } from '../../team/series-team';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS } from './auth.constants';
import { deleteSession, findSessionWithUser, hasSessionFrom, insertSession, touchSession } from './sessions.repository';
import { deleteUserSessions } from './commands/sessions';

export interface AuthDeps {
  db: Database;
  clock: Clock;
  limiter: AttemptLimiter;
  /** Sessions kept a few seconds so a reader's pages cost no round trip; forgotten on every change. */
  viewerCache: ViewerCache;
  /** A session ended or a password changed is told as 'user.changed': every instance forgets the user. */
  events: EventPublisher;
  /** Issue 10: the signed challenge for the second step of an account with two-factor sign-in. */
  twoFactorChallenge: (user: UserRow) => TwoFactorChallenge;
  /** Attempts per address per window (config: AUTH_ATTEMPTS_PER_WINDOW); SPEC's 25 per 5 minutes unless said. */
  attemptLimit?: { max: number; windowMs: number };
}

export interface TwoFactorChallenge {
  challenge: string;
  expiresAt: Date;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface NewSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** A session and its user as the viewer cache keeps them. */
type FoundSession = NonNullable<Awaited<ReturnType<typeof findSessionWithUser>>>;

/**
 * The user behind a kept session when nothing is left to do for it (not idle, expired or banned;
 * touched recently); undefined otherwise, and then `resolveSession` reads, ends or touches it.
 */
function atHand(found: FoundSession | undefined, now: number): { user: AuthUser; sessionId: string } | undefined {
  if (!found) return undefined;
  const { session, user } = found;
  const isFresh = now - session.lastSeenAt.getTime() <= SESSION_TOUCH_INTERVAL_MS && session.expiresAt.getTime() > now;
  return isFresh && !user.isBanned ? { user, sessionId: session.id } : undefined;
}

/** Accounts and sessions: who someone is, and proving it. */
export function createAuthService({
  db,
  clock,
  limiter,
  viewerCache,
  events,
  twoFactorChallenge,
  attemptLimit = AUTH_RATE_LIMIT,
}: AuthDeps) {
  /** The user as requests carry it, with the membership and their places on series' teams read beside it. */
  async function asAuthUser(user: UserRow): Promise<AuthUser> {
    const [found, seriesRoles] = await Promise.all([findAuthUser(db, user.id, clock.now()), seriesRolesOf(db, user.id)]);
    if (!found) throw new AppError('unauthorized', 'apiErrors.signInAgain');
    return { ...found, seriesRoles };
  }

  async function startSession(user: UserRow, context: RequestContext): Promise<NewSession> {
    const token = createSecretToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_MS);
    const sessionId = await insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      lastSeenAt: now,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
      ip: context.ip,
    });
    return { token, sessionId, expiresAt };
  }

  /** Issue 2: at most 25 attempts per window per IP, per kind of attempt. */
  async function limitAttempts(kind: 'login' | 'register' | 'password-reset' | 'email-change', ip: string) {
    const result = await limiter.consume(`ip:${kind}:${ip}`, attemptLimit);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
  }

  return {
    limitAttempts,

    /**
     * Issue 7 §4.8, issue 20 §4 (decision 0024): failures count against the account, whichever of
     * its names was typed (an unknown name against itself), per address, and from every address
     * together. The per-address limit stops one guesser; the account-wide ceiling stops guesses
     * spread over many addresses, but never the owner: an address that holds a session of the
     * account, and any sign-in to an account with two-factor sign-in (the second step still
     * comes), count only against their own address. Everyone else waits out the ceiling's window,
     * which others' failures do not lengthen.
     */
    async login(
      input: LoginRequest,
      context: RequestContext,
    ): Promise<{ user: AuthUser; session: NewSession } | { twoFactor: TwoFactorChallenge }> {
      const user = input.username ? await findUserByUsername(db, input.username) : await findUserByEmail(db, input.email ?? '');
      const subject = user ? `account:${user.id}` : `unknown:${(input.username ?? input.email ?? '').toLowerCase()}`;
      const fromHere = { key: `login-failures:${subject}:ip:${context.ip}`, limit: FAILED_LOGIN_LIMIT };
      const fromAnywhere = { key: `login-failures:${subject}`, limit: FAILED_LOGIN_ACCOUNT_LIMIT };
      const [here, anywhere] = await Promise.all([fromHere, fromAnywhere].map(({ key, limit }) => limiter.peek(key, limit)));
      if (!here!.allowed) throw tooManyAttempts(here!.retryAfterSeconds);
      if (!anywhere!.allowed) {
        const isOwnersPlace = user && (user.totpEnabledAt || (await hasSessionFrom(db, user.id, context.ip, clock.now())));
        if (!isOwnersPlace) throw tooManyAttempts(anywhere!.retryAfterSeconds);
      }

      // Verify against a decoy when there is no such user, so both failures take as long.
      const isValid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), input.password);
      if (!user || !isValid) {
        await Promise.all([fromHere, fromAnywhere].map(({ key, limit }) => limiter.consume(key, limit)));
        throw new AppError('invalid_credentials', 'apiErrors.identity.invalidCredentials');
      }
      if (user.isBanned) throw new AppError('account_banned', 'apiErrors.accountSuspended');
      // Issue 10: with two-factor sign-in on, the right password only opens the second step.
      if (user.totpEnabledAt) return { twoFactor: twoFactorChallenge(user) };
      return { user: await asAuthUser(user), session: await startSession(user, context) };
    },

    /** A session for a user whose second step (two-factor sign-in) has just been passed. */
    async signIn(user: UserRow, context: RequestContext): Promise<{ user: AuthUser; session: NewSession }> {
      return { user: await asAuthUser(user), session: await startSession(user, context) };
    },

    /**
     * The user behind a session token, or undefined. Idle, expired and banned sessions end here,
     * on the server.
     */
    async resolveSession(token: string): Promise<{ user: AuthUser; sessionId: string } | undefined> {
      const tokenHash = hashToken(token);
      const cached = viewerCache.session<FoundSession>(tokenHash);
      const readAt = viewerCache.readStarts();
      const found = cached ?? (await findSessionWithUser(db, tokenHash, clock.now()));
      if (!found) return undefined;
      const now = clock.now().getTime();
      const { session, user } = found;
      const isIdle = now - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
      if (isIdle || session.expiresAt.getTime() <= now || user.isBanned) {
        await deleteSession(db, session.id);
        events.publish({ type: 'user.changed', userId: user.id });
        return undefined;
      }
      if (now - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await touchSession(db, session.id, new Date(now));
        session.lastSeenAt = new Date(now);
      }
      if (!cached) viewerCache.keepSession(tokenHash, user.id, found, readAt);
      return { user, sessionId: session.id };
    },

    /** `resolveSession` without a promise (issue 40), for a session this instance keeps: see `atHand`. */
    keptSession: (token: string) => atHand(viewerCache.session<FoundSession>(hashToken(token)), clock.now().getTime()),

    async logout(sessionId: string, userId: string): Promise<void> {
      await deleteSession(db, sessionId);
      events.publish({ type: 'user.changed', userId });
    },

    /**
     * Needs the current password, with at most CHANGE_PASSWORD_FAILURE_LIMIT wrong ones per
     * account (issue 7 §4.2: a stolen session must not become a way to guess the password);
     * ends the user's other sessions.
     */
    /**
     * The reader's account preferences: the language of their e-mails and pushes (issue 35 §1),
     * and the languages they read series in, which pick the edition a series opens in (§2).
     */
    async setPreferences(userId: string, input: PreferencesUpdate): Promise<Preferences> {
      const kept = await setUserPreferences(db, userId, input);
      // Sessions carry the user: every instance forgets its copy.
      events.publish({ type: 'user.changed', userId });
      return { locale: kept.locale as Preferences['locale'], contentLanguages: kept.contentLanguages, showAdult: kept.showAdult };
    },

    async changePassword(userId: string, sessionId: string, input: ChangePasswordRequest): Promise<void> {
      const user = await findUserById(db, userId);
      if (!user) throw new AppError('unauthorized', 'apiErrors.signInAgain');
      const failuresKey = `change-password-failures:${user.id}`;
      const failures = await limiter.peek(failuresKey, CHANGE_PASSWORD_FAILURE_LIMIT);
      if (!failures.allowed) throw tooManyAttempts(failures.retryAfterSeconds);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await limiter.consume(failuresKey, CHANGE_PASSWORD_FAILURE_LIMIT);
        throw new AppError('validation_failed', 'apiErrors.identity.wrongCurrentPassword', {
          fields: { currentPassword: 'apiErrors.identity.wrongCurrentPassword' },
        });
      }
      if (input.currentPassword === input.newPassword) {
        throw new AppError('validation_failed', 'apiErrors.identity.samePassword', {
          fields: { newPassword: 'apiErrors.identity.samePassword' },
        });
      }
      assertPasswordStrong(input.newPassword, user, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updateUserPassword(tx, user.id, passwordHash);
        await deleteUserSessions(tx, user.id, sessionId);
      });
      events.publish({ type: 'user.changed', userId: user.id });
    },
  };
}
