import type { FastifyInstance } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { AccountSessionsService } from './account-sessions.service';
import type { AuthService } from './auth.service';
import type { EmailChangeService } from './email-change.service';
import { say } from '../../../lib/say';

/** Issue 36 §2: the reader's e-mail address (changed through mailed links) and where they are signed in. */
export async function accountSecurityRoutes(
  app: FastifyInstance,
  {
    auth,
    emailChange,
    sessions,
  }: { auth: Pick<AuthService, 'limitAttempts'>; emailChange: EmailChangeService; sessions: AccountSessionsService },
) {
  // The same answer whether or not the new address has an account: the mail says which.
  endpoint(app, 'emailChange', {
    handler: async (request) => {
      await emailChange.request(request.user.id, request.body);
      return { success: true as const, message: await say(request, 'apiErrors.success.emailChangeSent') };
    },
  });

  endpoint(app, 'emailChangeConfirm', {
    onRequest: async (request) => auth.limitAttempts('email-change', request.ip),
    handler: async (request) => ({
      success: true,
      data: await emailChange.confirm(request.body.token),
      message: await say(request, 'apiErrors.success.emailChanged'),
    }),
  });

  endpoint(app, 'emailChangeUndo', {
    onRequest: async (request) => auth.limitAttempts('email-change', request.ip),
    handler: async (request, reply) => {
      const data = await emailChange.undo(request.body.token);
      // Every session of the account has ended, this browser's too if it had one.
      app.clearSessionCookie(reply);
      return { success: true, data, message: await say(request, 'apiErrors.success.emailRestored') };
    },
  });

  endpoint(app, 'sessions', {
    handler: async (request) => ({
      success: true,
      data: { items: await sessions.list(request.user.id, request.sessionId) },
      message: await say(request, 'apiErrors.success.sessionsListed'),
    }),
  });

  endpoint(app, 'sessionRevoke', {
    handler: async (request, reply) => {
      await sessions.revoke(request.user.id, request.params.id);
      if (request.params.id === request.sessionId) app.clearSessionCookie(reply);
      return { success: true, message: await say(request, 'apiErrors.success.sessionEnded') };
    },
  });

  endpoint(app, 'sessionsRevokeOthers', {
    handler: async (request) => ({
      success: true,
      data: { ended: await sessions.revokeOthers(request.user.id, request.sessionId!) },
      message: await say(request, 'apiErrors.success.otherSessionsEnded'),
    }),
  });
}
