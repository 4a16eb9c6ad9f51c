import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { auditOf } from '../../team/audit';
import { type AuthService, contextOf } from '../auth';
import { toSessionUser } from '../users';
import type { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in (issue 10 §2): the account's settings, and the sign-in's second step. */
export async function twoFactorRoutes(
  app: FastifyInstance,
  { auth, twoFactor }: { auth: AuthService; twoFactor: TwoFactorService },
) {
  endpoint(app, 'twoFactorStatus', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.status(request.user.id),
      message: 'Two-factor sign-in',
    }),
  });

  endpoint(app, 'twoFactorSetup', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.setup(request.user.id),
      message: 'Scan the code with your authenticator app, then enter the code it shows.',
    }),
  });

  endpoint(app, 'twoFactorEnable', {
    handler: async (request) => {
      const recoveryCodes = await twoFactor.enable(request.user.id, request.body.code, request.ip, auditOf(request));
      return {
        success: true,
        data: { recoveryCodes },
        message: 'Two-factor sign-in is on. Save your recovery codes now: they are shown only once.',
      };
    },
  });

  endpoint(app, 'twoFactorDisable', {
    handler: async (request) => ({
      success: true,
      data: await twoFactor.disable(request.user.id, request.body, request.ip, auditOf(request)),
      message: 'Two-factor sign-in is off.',
    }),
  });

  endpoint(app, 'twoFactorRecoveryCodes', {
    handler: async (request) => ({
      success: true,
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(request.user.id, request.body.code, request.ip) },
      message: 'New recovery codes: the old ones no longer work. Save these now: they are shown only once.',
    }),
  });

  // The second step of a sign-in: ends exactly as login does (the same cookie and answer).
  endpoint(app, 'loginTwoFactor', {
    onRequest: async (request) => auth.limitAttempts('login', request.ip),
    handler: async (request, reply) => {
      const verified = await twoFactor.completeSignIn(request.body, request.ip);
      const { user, session } = await auth.signIn(verified, contextOf(request));
      app.setSessionCookie(reply, session);
      return { success: true, user: toSessionUser(user), message: 'Logged in successfully' };
    },
  });
}
