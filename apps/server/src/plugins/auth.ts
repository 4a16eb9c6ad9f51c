import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type Viewer, viewerOf, VISITOR } from '../modules/access';
import { type AuthService, type NewSession, SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../modules/auth';
import type { AuthUser } from '../modules/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user (never its password hash), resolved from the session cookie on /api requests. */
    user: AuthUser | null;
    sessionId: string | null;
    /** Who is asking, for access to chapters (DESIGN §5): resolved once per request, here. */
    viewer: Viewer;
  }
  interface FastifyInstance {
    setSessionCookie: (reply: FastifyReply, session: NewSession) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

/**
 * Sessions (DESIGN §5): an opaque token in an HttpOnly, SameSite=Lax cookie, looked up by its
 * hash. Who may call a route is said by its `access` in the contract's endpoint table (lib/endpoint.ts).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; secureCookies: boolean }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    // Fastify refuses objects as decorator defaults (they would be shared): each request gets VISITOR below.
    app.decorateRequest('viewer', null as unknown as Viewer);

    app.addHook('onRequest', async (request) => {
      request.viewer = VISITOR;
      if (!request.url.startsWith('/api/')) return;
      // A document with an opaque origin (the sandboxed ad frame, issue 20 §3) acts as nobody, even
      // when the browser sends the reader's cookie with it (same site by URL): its calls are a visitor's.
      if (request.headers.origin === 'null') return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 200) return;
      const resolved = await options.auth.resolveSession(token);
      if (resolved) {
        request.user = resolved.user;
        request.sessionId = resolved.sessionId;
        request.viewer = viewerOf(resolved.user);
      }
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
