import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers, with a Content-Security-Policy the built SPA runs under: scripts only from
 * our origin, images from our origin (and data:/blob: for previews), API calls to our origin and
 * the configured web origins.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { connectOrigins: string[]; isHttps: boolean }) => {
    await app.register(helmet, {
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

    // API answers are personal unless a route says otherwise.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security' },
);
