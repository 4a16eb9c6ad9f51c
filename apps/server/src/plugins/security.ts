import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

/** Stands for the per-response nonce in the ads pages' policy, which is built once at boot. */
const NONCE_TOKEN = 'INKWELL-NONCE';

declare module 'fastify' {
  interface FastifyInstance {
    /** The two Content-Security-Policies of the app's HTML (plugins/web.ts picks one per page). */
    csp: {
      /** Scripts from our origin only: every answer's default, and the ad-free pages' (dashboard, Reader's Area, checkout). */
      strict: string;
      /** Public reading pages: scripts carrying this response's nonce, and what they load (the ads). */
      forAdsPage(nonce: string): string;
    };
  }
}

/**
 * Security headers, with a Content-Security-Policy the built SPA runs under: scripts only from
 * our origin, images from our origin (and data:/blob: for previews), API calls to our origin and
 * the configured web origins.
 *
 * Public reading pages get a second policy (issue 10 §1): ads are markup an admin enters, script
 * injection by design, so there scripts run when they carry the response's nonce or were added by
 * one that did ('strict-dynamic'), and ads may load images, frames and styles from any https
 * origin. 'self' and https: in script-src only matter to browsers without 'strict-dynamic'.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { connectOrigins: string[]; isHttps: boolean }) => {
    const directives = {
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
    };
    const headers = computeHeaders({
      contentSecurityPolicy: { useDefaults: false, directives },
      // Images are served to other origins (a CDN, previews), so keep them loadable cross-origin.
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: options.isHttps,
    });
    const adsPolicy = computeHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          scriptSrc: [`'nonce-${NONCE_TOKEN}'`, "'strict-dynamic'", "'self'", 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          connectSrc: ["'self'", ...options.connectOrigins, 'https:'],
          frameSrc: ["'self'", 'https:'],
        },
      },
    })['content-security-policy']!;
    app.decorate('csp', {
      strict: headers['content-security-policy']!,
      forAdsPage: (nonce: string) => adsPolicy.replace(NONCE_TOKEN, nonce),
    });
    // Computed once at boot: the same headers on every answer, without re-deriving them per request.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // API answers are personal unless a route says otherwise.
    app.addHook('onSend', async (request, reply) => {
      // Ad scripts of our own (the house ad) load inside the sandboxed ad frame, whose origin is opaque.
      if (request.url.startsWith('/ads/')) reply.header('cross-origin-resource-policy', 'cross-origin');
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
