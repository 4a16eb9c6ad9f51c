import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCompress } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isAdFreePage } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors';
import {
  createPageRenderer,
  loadRenderer,
  RenderBusyError,
  RENDER_NONCE_PLACEHOLDER as NONCE_PLACEHOLDER,
  type RenderedPage,
  type SharedPageServed,
} from './page-renderer';
import { systemClock, type Clock } from '../lib/clock';
import { escapeHtml, withPageMeta, type PageMetaLookup } from '../lib/page-meta';

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
/** The app's shell with a rendered page in its root, the data the browser hydrates from, and the page's title. */
export function withRenderedPage(html: string, rootHtml: string, dataScript: string, title: string | undefined): string {
  // React writes the images it wants early (the first page, a cover, the banner) as preload links
  // ahead of the markup; in the head, before the scripts, the browser asks for them first.
  const hints = /^(?:<link rel="preload"[^>]*\/>)+/.exec(rootHtml)?.[0] ?? '';
  const page = html
    .replace(/\n\s*<script\b/, (script) => `\n    ${hints}${script}`)
    .replace('<div id="root"></div>', () => `<div id="root">${rootHtml.slice(hints.length)}</div>\n    ${dataScript}`);
  return title ? page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)} · Inkwell</title>`) : page;
}

/**
 * The shell a rendered page goes into. The page is on screen before any script runs, so what
 * draws it comes first: the stylesheet is written in (no round trip before the first paint, the
 * longest wait on a phone's connection; the plain shell links it, cached), and the app's scripts
 * are fetched at low priority, after the page's images and font.
 */
export function renderedPageShell(html: string, webDistDir: string): string {
  return html
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (link, file: string) => {
      const path = join(webDistDir, file);
      const css = existsSync(path) ? readFileSync(path, 'utf8') : '</style';
      return css.includes('</style') ? link : `<style>${css}</style>`;
    })
    .replace(/<(script|link)( nonce="[^"]*")? (type="module"|rel="modulepreload")/g, '<$1$2 fetchpriority="low" $3');
}

/** Rendered pages as bytes split where each answer's nonce goes, kept as long as the render is (page-renderer.ts). */
const composedPages = new WeakMap<object, Buffer[]>();

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * A page, compressed for a browser that takes it (a rendered page is tens of kilobytes of markup
 * and data; on a phone's connection every one counts). Each answer has its own nonce, so each is
 * compressed on its own: brotli at a fast level, off the main thread.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string | Buffer): Promise<FastifyReply> {
  reply.header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('content-encoding', 'br')
      .send(await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(html, { level: 6 }));
  return reply.send(html);
}

export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDistDir: string | undefined;
      pageMeta?: PageMetaLookup;
      /** Whether maintenance mode is on (issue 10 §2): pages then answer 503 with Retry-After, for crawlers. */
      isInMaintenance?: () => Promise<boolean>;
      /** Called with a listener for the team's catalogue changes: shared rendered pages are dropped then. */
      onCatalogueChange?: (listener: () => void) => void;
      clock?: Clock;
      /** What a visitor served a shared rendered page still gets recorded (their view): see page-renderer.ts. */
      onSharedPageServed?: SharedPageServed;
    },
  ) => {
    const indexFile = options.webDistDir ? join(options.webDistDir, 'index.html') : undefined;
    const hasWeb = indexFile !== undefined && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;
    const nonceHtml = indexHtml && withNoncePlaceholders(indexHtml);
    const renderedPageHtml = nonceHtml && options.webDistDir ? renderedPageShell(nonceHtml, options.webDistDir) : nonceHtml;
    // Issue 11 §1: public pages arrive rendered when the web app's renderer is built beside it.
    const render = hasWeb && options.webDistDir ? await loadRenderer(options.webDistDir) : undefined;
    const pages = render
      ? createPageRenderer(app, render, { clock: options.clock ?? systemClock, onSharedPageServed: options.onSharedPageServed })
      : undefined;
    if (pages) options.onCatalogueChange?.(pages.clear);

    if (hasWeb && options.webDistDir) {
      const assetsDir = join(options.webDistDir, 'assets');
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The build writes .br and .gz twins of the code and styles (apps/web/vite.config.ts).
        preCompressed: true,
        // Only ever through the handler below, which gives it its nonce and policy.
        // The build's manifest (apps/web/dist/.vite) is for tools, not browsers.
        allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
        setHeaders(res, path) {
          // Hashed assets never change; everything else may.
          res.header('cache-control', path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        },
      });
    }

    /** The rendered page; if rendering fails the reader still gets the app, which draws the page itself. */
    const renderOrShell = async (request: FastifyRequest): Promise<RenderedPage | undefined> => {
      try {
        return await pages?.renderPage(request, request.url);
      } catch (error) {
        // Busy: the shell, at once; the browser draws the page from the API (page-renderer.ts).
        if (error instanceof RenderBusyError) request.log.info('every render slot is busy; sending the app shell');
        else request.log.warn({ err: error }, 'could not render the page on the server; sending the app shell');
        return undefined;
      }
    };

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/media/');
      if (isPage && indexHtml && nonceHtml) {
        let html = indexHtml;
        const nonce = randomBytes(16).toString('base64');
        if (isAdFreePage(path)) {
          reply.header('cache-control', 'no-cache');
        } else {
          html = nonceHtml.replaceAll(NONCE_PLACEHOLDER, nonce);
          // Never from a shared cache: its nonce would be everyone's.
          reply.header('content-security-policy', app.csp.forAdsPage(nonce)).header('cache-control', 'private, no-cache');
        }
        reply.type('text/html; charset=utf-8');
        // In maintenance a crawler learns a public page is away for a while, not gone; browsers render
        // the app as usual (the maintenance page, or the site for the team). Sign-in pages stay a 200.
        if (options.isInMaintenance && !isAdFreePage(path) && (await options.isInMaintenance())) {
          return sendHtml(request, reply.code(503).header('retry-after', '300'), html);
        }
        // Series and chapter pages carry their own title, description and preview image.
        const meta = options.pageMeta ? await options.pageMeta(path) : undefined;
        if (meta === null) return sendHtml(request, reply.code(404), html);
        const rendered = pages && !isAdFreePage(path) ? await renderOrShell(request) : undefined;
        if (rendered?.result.kind === 'redirect') return reply.redirect(rendered.result.location, rendered.result.status);
        if (rendered?.result.kind === 'page') {
          if (rendered.setCookies.length > 0) reply.header('set-cookie', rendered.setCookies);
          const { result } = rendered;
          // A visitors' page is put together and encoded once while it is shared; each answer only adds its nonce.
          let parts = composedPages.get(result);
          if (!parts) {
            const page = withRenderedPage(renderedPageHtml ?? nonceHtml, result.html, result.dataScript, result.title);
            parts = (meta ? withPageMeta(page, meta) : page).split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
            composedPages.set(result, parts);
          }
          const nonceBytes = Buffer.from(nonce);
          const body = Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
          return sendHtml(request, reply.code(result.status), body);
        }
        return sendHtml(request, reply, meta ? withPageMeta(html, meta) : html);
      }
      return sendError(reply, 'not_found', `No route for ${request.method} ${path}`);
    });
  },
  { name: 'web', dependencies: ['security'] },
);
