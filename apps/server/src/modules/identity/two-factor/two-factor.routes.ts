import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../../team/audit';
import { type AuthService, contextOf } from '../auth';
import { toSessionUser } from '../users';
import type { TwoFactorService } from './two-factor.service';
import { say } from '../../../lib/say';

/** Two-factor sign-in (issue 10 §2): the account's settings, and the sign-in's second step. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { auth, twoFactor }: { auth: AuthService; twoFactor: TwoFactorService },
) {
  endpoint(app, 'twoFactorStatus', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.status(request.user.id),
      message: await say(request, 'apiErrors.success.twoFactorStatus'),
    }),
  });

  endpoint(app, 'twoFactorSetup', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.setup(request.user.id),
      message: await say(request, 'apiErrors.success.twoFactorScan'),
    }),
  });

  endpoint(app, 'twoFactorEnable', {
    handler: async (request) => {
      const recoveryCodes = await twoFactor.enable(request.user.id, request.body.code, request.ip, auditOf(request));
      return {
        success: true,
        data: { recoveryCodes },
        message: await say(request, 'apiErrors.success.twoFactorOn'),
      };
    },
  });

  endpoint(app, 'twoFactorDisable', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.disable(request.user.id, request.body, request.ip, auditOf(request)),
      message: await say(request, 'apiErrors.success.twoFactorOff'),
    }),
  });

  endpoint(app, 'twoFactorRecoveryCodes', {
    handler: async (request) => ({
      success: true,
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(request.user.id, request.body.code, request.ip) },
      message: await say(request, 'apiErrors.success.recoveryCodesRenewed'),
    }),
  });

  // The second step of a sign-in: ends exactly as login does (the same cookie and answer).
  endpoint(app, 'loginTwoFactor', {
    onRequest: async (request) => auth.limitAttempts('login', request.ip),
    handler: async (request, reply) => {
      const verified = await twoFactor.completeSignIn(request.body, request.ip);
      const { user, session } = await auth.signIn(verified, contextOf(request));
      app.setSessionCookie(reply, session);
      return { success: true, user: toSessionUser(user), message: await say(request, 'apiErrors.success.loggedIn') };
    },
  });
}
