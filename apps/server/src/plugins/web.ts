import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAdFreePage } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';
import { withPageMeta, type PageMetaLookup } from '../lib/page-meta';

const NONCE_PLACEHOLDER = '__INKWELL_CSP_NONCE__';

/**
 * index.html ready for a nonce per response: on its script and module-preload tags, and in the
 * csp-nonce meta tag, where the app (and Vite's loader of lazy chunks) reads it for the scripts it
 * adds. Stylesheets need none: styles are not nonce-checked.
 */
export function withNoncePlaceholders(html: string): string {
  const nonce = `nonce="${NONCE_PLACEHOLDER}"`;
  return html
    .replace(/<head\b[^>]*>/, (head) => `${head}\n    <meta property="csp-nonce" ${nonce} />`)
    .replace(/<script\b(?![^>]*\bnonce=)/g, `<script ${nonce}`)
    .replace(/<link\b(?=[^>]*\brel="(?:modulepreload|preload)")(?![^>]*\bnonce=)/g, `<link ${nonce}`);
}

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never); any other GET that is not an API call gets index.html, so the client router
 * handles it (unknown paths become /errorPage?error=not_found there).
 *
 * Issue 10 §1: a public reading page's HTML carries a fresh nonce (its scripts, the csp-nonce meta
 * tag and its CSP, which lets ad scripts run); an ad-free page's (dashboard, Reader's Area,
 * checkout, sign-in) has none and keeps the strict CSP every answer starts with.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDistDir: string | undefined;
      pageMeta?: PageMetaLookup;
      /** Whether maintenance mode is on (issue 10 §2): pages then answer 503 with Retry-After, for crawlers. */
      isInMaintenance?: () => Promise<boolean>;
    },
  ) => {
    const indexFile = options.webDistDir ? join(options.webDistDir, 'index.html') : undefined;
    const hasWeb = indexFile !== undefined && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;
    const nonceHtml = indexHtml && withNoncePlaceholders(indexHtml);

    if (hasWeb && options.webDistDir) {
      const assetsDir = join(options.webDistDir, 'assets');
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // Only ever through the handler below, which gives it its nonce and policy.
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, path) {
          // Hashed assets never change; everything else may.
          res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/media/');
      if (isPage && indexHtml && nonceHtml) {
        let html = indexHtml;
        if (isAdFreePage(path)) {
          reply.header('cache-control', 'no-cache');
        } else {
          const nonce = randomBytes(16).toString('base64');
          html = nonceHtml.replaceAll(NONCE_PLACEHOLDER, nonce);
          // Never from a shared cache: its nonce would be everyone's.
          reply.header('content-security-policy', app.csp.forAdsPage(nonce)).header('cache-control', 'private, no-cache');
        }
        reply.type('text/html; charset=utf-8');
        // In maintenance a crawler learns a public page is away for a while, not gone; browsers render
        // the app as usual (the maintenance page, or the site for the team). Sign-in pages stay a 200.
        if (options.isInMaintenance && !isAdFreePage(path) && (await options.isInMaintenance())) {
          return reply.code(503).header('retry-after', '300').send(html);
        }
        // Series and chapter pages carry their own title, description and preview image.
        const meta = options.pageMeta ? await options.pageMeta(path) : undefined;
        if (meta === null) return reply.code(404).send(html);
        return reply.send(meta ? withPageMeta(html, meta) : html);
      }
      return sendError(reply, 'not_found', `No route for ${request.method} ${path}`);
    });
  },
  { name: 'web', dependencies: ['security'] },
);
