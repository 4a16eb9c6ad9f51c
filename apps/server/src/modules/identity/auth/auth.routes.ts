import { ERROR_STATUS, type LoginErrorBody } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { errorBody } from '../../../lib/error-body';
import type { ReaderLanguages } from '../../../lib/i18n';
import { toProfileData, toSessionUser } from '../users';
import type { AuthService, RequestContext, TwoFactorChallenge } from './auth.service';
import type { createPasswordResetService } from './password-reset.service';
import type { RegistrationService } from './registration.service';
import { say } from '../../../lib/say';

export function contextOf(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Issue 10: a right password for an account with two-factor sign-in signs no one in yet. */
async function sendTwoFactorRequired(reply: FastifyReply, { challenge, expiresAt }: TwoFactorChallenge): Promise<FastifyReply> {
  const body: LoginErrorBody = {
    ...(await errorBody(reply.request, 'two_factor_required', 'apiErrors.identity.enterTwoFactorCode')),
    twoFactor: { challenge, expiresAt: expiresAt.toISOString() },
  };
  return reply.status(ERROR_STATUS.two_factor_required).type('application/json').send(body);
}

/** SPEC §7's account calls, plus register, password reset and change (issue 2). */
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    passwordReset,
    registration,
    signUps,
    hasEarnings,
    languages,
  }: {
    auth: AuthService;
    passwordReset: ReturnType<typeof createPasswordResetService>;
    /** Whether an admin has closed sign-ups (issue 10 §2). */
    registration: { assertRegistrationOpen(): Promise<void> };
    signUps: RegistrationService;
    /** Whether a user shares in some series or was ever paid a share (the wallet's answer). */
    hasEarnings(userId: string): Promise<boolean>;
    /** The language a sign-up's request names: the account keeps it for its e-mails (issue 35 §1). */
    languages: Pick<ReaderLanguages, 'namedBy'>;
  },
) {
  endpoint(app, 'verify', {
    handler: async (request) =>
      request.user
        ? {
            authenticated: true,
            user: toSessionUser(request.user),
            message: await say(request, 'apiErrors.success.authenticated'),
          }
        : { authenticated: false, user: null, message: await say(request, 'apiErrors.success.notAuthenticated') },
  });

  endpoint(app, 'login', {
    onRequest: async (request) => auth.limitAttempts('login', request.ip),
    handler: async (request, reply) => {
      const result = await auth.login(request.body, contextOf(request));
      if ('twoFactor' in result) return sendTwoFactorRequired(reply, result.twoFactor);
      const { user, session } = result;
      app.setSessionCookie(reply, session);
      return { success: true, user: toSessionUser(user), message: await say(request, 'apiErrors.success.loggedIn') };
    },
  });

  endpoint(app, 'register', {
    // Closed sign-ups answer so whatever was sent, and cost no attempt.
    onRequest: async (request) => {
      await registration.assertRegistrationOpen();
      await auth.limitAttempts('register', request.ip);
    },
    // The same answer whether or not the address has an account (issue 20 §4): the mail says which.
    handler: async (request) => {
      await signUps.request(request.body, languages.namedBy(request));
      return { success: true as const, message: await say(request, 'apiErrors.success.registered') };
    },
  });

  endpoint(app, 'registerConfirm', {
    onRequest: async (request) => {
      await registration.assertRegistrationOpen();
      await auth.limitAttempts('register', request.ip);
    },
    handler: async (request, reply) => {
      const confirmed = await signUps.confirm(request.body.token);
      const { user, session } = await auth.signIn(confirmed.user, contextOf(request));
      app.setSessionCookie(reply, session);
      return {
        success: true,
        user: toSessionUser(user),
        message: await say(request, 'apiErrors.success.welcome'),
        next: confirmed.next,
      };
    },
  });

  endpoint(app, 'forgotPassword', {
    onRequest: async (request) => auth.limitAttempts('password-reset', request.ip),
    handler: async (request) => {
      await passwordReset.requestReset(request.body);
      return { success: true, message: await say(request, 'apiErrors.success.forgotPassword') };
    },
  });

  endpoint(app, 'resetPassword', {
    onRequest: async (request) => auth.limitAttempts('password-reset', request.ip),
    handler: async (request, reply) => {
      await passwordReset.resetPassword(request.body);
      app.clearSessionCookie(reply);
      return { success: true, message: await say(request, 'apiErrors.success.passwordReset') };
    },
  });

  // Idempotent: logging out without a session still clears the cookie and succeeds.
  endpoint(app, 'logout', {
    handler: async (request, reply) => {
      if (request.sessionId && request.user) await auth.logout(request.sessionId, request.user.id);
      app.clearSessionCookie(reply);
      return { success: true, message: await say(request, 'apiErrors.success.loggedOut') };
    },
  });

  endpoint(app, 'profile', {
    handler: async (request) => {
      const user = request.user;
      return {
        success: true,
        data: toProfileData(user, { hasEarnings: await hasEarnings(user.id) }),
        message: await say(request, 'apiErrors.success.profileLoaded'),
      };
    },
  });

  endpoint(app, 'preferencesUpdate', {
    handler: async (request) => ({
      success: true,
      data: await auth.setPreferences(request.user.id, request.body),
      message: await say(request, 'apiErrors.success.preferencesSaved'),
    }),
  });

  endpoint(app, 'changePassword', {
    handler: async (request) => {
      await auth.changePassword(request.user.id, request.sessionId!, request.body);
      return { success: true, message: await say(request, 'apiErrors.success.passwordChanged') };
    },
  });
}
