import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';

/** Stands for the per-response nonce in the public pages' policy, which is built once at boot. */
const NONCE_TOKEN = 'INKWELL-NONCE';

/**
 * Headers that only act on a document (a page, a frame): a browser ignores them on a JSON answer.
 * The API's JSON goes without them, and with a policy that lets the answer load nothing and be
 * framed nowhere (OWASP's for an API): ~450 bytes less on each of a reader's calls (issue 40).
 */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

declare module 'fastify' {
  interface FastifyInstance {
    /** The two Content-Security-Policies of the app's HTML (plugins/web.ts picks one per page). */
    csp: {
      /** Scripts from our origin only: every answer's default, and the ad-free pages' (dashboard, Reader's Area, checkout). */
      strict: string;
      /** Public reading pages: the strict policy, and the inline scripts carrying this response's nonce (the page's data). */
      forPublicPage(nonce: string): string;
    };
  }
}

/**
 * Security headers, with a Content-Security-Policy the built SPA runs under: scripts only from
 * our origin, images from our origin (and data:/blob: for previews), API calls to our origin and
 * the configured web origins.
 *
 * Public reading pages, drawn on the server, add this response's nonce to script-src for the
 * scripts the page carries inline (its data, a reader's own part, the early clicks). Nothing else:
 * ads run in their sandboxed frame under its own policy (decision 0025, `modules/ads/ad-frame.ts`),
 * which the page frames from our origin, so the page needs no 'strict-dynamic' and no https hosts.
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
    const publicPagePolicy = computeHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, scriptSrc: ["'self'", `'nonce-${NONCE_TOKEN}'`] },
      },
    })['content-security-policy']!;
    app.decorate('csp', {
      strict: headers['content-security-policy']!,
      forPublicPage: (nonce: string) => publicPagePolicy.replace(NONCE_TOKEN, nonce),
    });
    // Computed once at boot: the same headers on every answer, without re-deriving them per request.
    const apiHeaders: Record<string, string> = { ...headers, 'content-security-policy': API_POLICY };
    for (const name of DOCUMENT_ONLY) delete apiHeaders[name];
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
      done();
    });

    // API answers are personal unless a route says otherwise. A callback, not an async hook: no
    // promise on every answer for two checks (issue 40).
    app.addHook('onSend', (request, reply, payload, done) => {
      // Ad scripts of our own (the house ad) load inside the sandboxed ad frame, whose origin is opaque.
      if (request.url.startsWith('/ads/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      if (request.url.startsWith('/api/')) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        // A page under /api (the API's documentation, an unsubscribe confirmation) is a document.
        // Its own policy, if it set one (the documentation's), is kept.
        const type = reply.getHeader('content-type');
        if (typeof type === 'string' && type.startsWith('text/html')) {
          if (reply.getHeader('content-security-policy') === API_POLICY) {
            reply.header('content-security-policy', headers['content-security-policy']);
          }
          for (const name of DOCUMENT_ONLY) {
            if (headers[name] !== undefined && !reply.hasHeader(name)) reply.header(name, headers[name]);
          }
        }
      }
      done(null, payload);
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
