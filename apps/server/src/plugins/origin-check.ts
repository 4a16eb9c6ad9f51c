import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DESIGN §5: state-changing requests from a foreign Origin are refused, on top of SameSite
 * cookies. Requests with no Origin (curl, server-to-server) are let through unless the browser
 * marks them cross-site; payment webhooks are verified by signature instead.
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string; webOrigins: string[] }) => {
    const allowed = new Set([new URL(options.publicUrl).origin, ...options.webOrigins]);
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || request.url.startsWith('/api/webhooks/')) return;
      const origin = request.headers.origin;
      const ownOrigin = `${request.protocol}://${request.host}`;
      const isForeign = origin
        ? origin !== ownOrigin && !allowed.has(origin)
        : request.headers['sec-fetch-site'] === 'cross-site';
      if (isForeign) return sendError(reply, 'foreign_origin', 'Requests from other sites are not allowed');
    });
  },
  { name: 'origin-check' },
);
