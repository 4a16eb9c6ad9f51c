import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../lib/error-body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins allowed to make state-changing calls: PUBLIC_URL's and WEB_ORIGINS, never one
 * derived from the request itself (its Host header is the caller's to choose: issue 7 §4.14).
 * A PUBLIC_URL on a loopback name also allows the other loopback names on its port, so
 * `npm start` works at http://127.0.0.1:3000 as well as at http://localhost:3000; nothing
 * outside this machine can be served from those.
 */
export function allowedOrigins(publicUrl: string, webOrigins: readonly string[]): Set<string> {
  const site = new URL(publicUrl);
  const allowed = new Set([site.origin, ...webOrigins]);
  if (LOOPBACK_HOSTS.includes(site.hostname)) {
    for (const host of LOOPBACK_HOSTS) allowed.add(`${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`);
  }
  return allowed;
}

/**
 * DESIGN §5: state-changing requests from a foreign Origin are refused, on top of SameSite
 * cookies. Requests with no Origin (curl, server-to-server) are let through unless the browser
 * marks them cross-site; payment webhooks are verified by signature instead.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; webOrigins: string[] }) => {
    const allowed = allowedOrigins(options.publicUrl, options.webOrigins);
    // A callback, not an async hook: a request let through makes no promise (issue 40); one refused
    // is answered here and goes no further.
    app.addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method) || request.url.startsWith('/api/webhooks/')) return done();
      const origin = request.headers.origin;
      const isForeign = origin ? !allowed.has(origin) : request.headers['sec-fetch-site'] === 'cross-site';
      if (!isForeign) return done();
      sendError(reply, 'foreign_origin', 'apiErrors.request.foreignOrigin').catch(done);
    });
  },
  { name: 'origin-check' },
);
