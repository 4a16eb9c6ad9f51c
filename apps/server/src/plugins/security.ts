import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

/**
 * Security headers, with a Content-Security-Policy the built SPA runs under: scripts only from
 * our origin, images from our origin (and data:/blob: for previews), API calls to our origin and
 * the configured web origins.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { connectOrigins: string[]; isHttps: boolean }) => {
    const headers = computeHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...options.connectOrigins],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Images are served to other origins (a CDN, previews), so keep them loadable cross-origin.
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: options.isHttps,
    });
    // Computed once at boot: the same headers on every answer, without re-deriving them per request.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // API answers are personal unless a route says otherwise.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security' },
);

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
function computeHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
