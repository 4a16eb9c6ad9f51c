import type { Role } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../modules/auth/auth.constants';
import type { AuthService, NewSession } from '../modules/auth/auth.service';
import type { UserRow } from '../modules/users/users.repository';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, resolved from the session cookie on /api requests. */
    user: UserRow | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    requireUser: Guard;
    requireRole: (roles: readonly Role[]) => Guard;
    setSessionCookie: (reply: FastifyReply, session: NewSession) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

/**
 * Sessions (DESIGN §5): an opaque token in an HttpOnly, SameSite=Lax cookie, looked up by its
 * hash. Every route that needs a user or a role says so with requireUser / requireRole.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; secureCookies: boolean }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 200) return;
      const resolved = await options.auth.resolveSession(token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
      }
    });

    const requireUser: Guard = async (request) => {
      if (!request.user) throw new AppError('unauthorized', 'Please log in to continue');
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireRole', (roles: readonly Role[]): Guard => async (request) => {
      if (!request.user) throw new AppError('unauthorized', 'Please log in to continue');
      if (!roles.includes(request.user.role)) throw new AppError('forbidden', 'You do not have access to this');
    });

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      // Secure behind https: always when the public URL is https, else when the request was.
      secure: options.secureCookies ? true : ('auto' as const),
    };
    app.decorate('setSessionCookie', (reply: FastifyReply, session: NewSession) => {
      reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, maxAge: Math.floor(SESSION_MAX_AGE_MS / 1000) });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
