import { isTeamRole } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Viewer, viewerOf, VISITOR } from '../modules/identity/access';
import { type AuthService, type NewSession, SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../modules/identity/auth';
import type { AuthUser } from '../modules/identity/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user (never its password hash), resolved from the session cookie on /api requests. */
    user: AuthUser | null;
    sessionId: string | null;
    /** Who is asking, for access to chapters (DESIGN §5): resolved once per request, here. */
    viewer: Viewer;
    /** A team member's `?as=` on a public read (issue 22 §3): the answer is that viewer's, and never kept. */
    previewAs: PreviewAs | null;
  }
  interface FastifyInstance {
    setSessionCookie: (reply: FastifyReply, session: NewSession) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

const PREVIEW_KINDS = ['visitor', 'reader', 'premium'] as const;
type PreviewAs = (typeof PREVIEW_KINDS)[number];

/** Who a preview answers as: nobody's unlocks, nobody's progress; premium with a pass. */
const PREVIEW_VIEWERS: Record<PreviewAs, Viewer> = {
  visitor: VISITOR,
  reader: { userId: null, role: 'reader', hasPremiumPass: false, unlocked: new Set() },
  premium: { userId: null, role: 'reader', hasPremiumPass: true, unlocked: new Set() },
};

/** `?as=` on a public read (GET /api/public/…); null anywhere else, or for anything but the three kinds. */
function previewAsOf(request: FastifyRequest): PreviewAs | null {
  if (request.method !== 'GET' || !request.url.startsWith('/api/public/')) return null;
  const as = new URLSearchParams(request.url.split('?')[1] ?? '').get('as');
  return (PREVIEW_KINDS as readonly string[]).includes(as ?? '') ? (as as PreviewAs) : null;
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
    app.decorateRequest('previewAs', null);

    /** The session's reader on the request, and a team member's preview (`?as=`). */
    const signIn = (request: FastifyRequest, resolved: ReturnType<AuthService['keptSession']>) => {
      if (!resolved) return;
      request.user = resolved.user;
      request.sessionId = resolved.sessionId;
      request.viewer = viewerOf(resolved.user);
      const as = isTeamRole(resolved.user.role) ? previewAsOf(request) : null;
      if (as) {
        request.previewAs = as;
        request.viewer = PREVIEW_VIEWERS[as];
        request.user = as === 'visitor' ? null : { ...resolved.user, role: 'reader', coins: 0, isPremium: as === 'premium' };
      }
    };
    // A callback, not an async hook: a visitor's request (no session cookie) passes with no promise made (issue 40).
    app.addHook('onRequest', (request, _reply, done) => {
      request.viewer = VISITOR;
      if (!request.url.startsWith('/api/')) return done();
      // A document with an opaque origin (the sandboxed ad frame, issue 20 §3) acts as nobody, even
      // when the browser sends the reader's cookie with it (same site by URL): its calls are a visitor's.
      if (request.headers.origin === 'null') return done();
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 200) return done();
      /** Signs the request in and lets it go on: done() with the error if that throws. */
      const proceed = (resolved: ReturnType<AuthService['keptSession']>) => {
        try {
          signIn(request, resolved);
        } catch (error) {
          return done(error as Error);
        }
        done();
      };
      // A session this instance keeps, with nothing to do for it, is known at once (issue 40): a
      // signed-in reader's kept answers then go out without a promise too.
      const kept = options.auth.keptSession(token);
      if (kept) return proceed(kept);
      options.auth.resolveSession(token).then(proceed, (error: Error) => done(error));
    });

    // A preview is the team member's alone: never kept by a browser or a cache on the way.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.previewAs) reply.header('cache-control', 'no-store');
      done(null, payload);
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
