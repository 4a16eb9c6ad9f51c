import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCompress } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { chooseLocale, isAdFreePage, LOCALE_COOKIE, localeDirection, type InterfaceLocale } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../lib/error-body';
import {
  createPageRenderer,
  createRenderSlots,
  loadRenderer,
  RenderBusyError,
  RENDER_NONCE_PLACEHOLDER as NONCE_PLACEHOLDER,
  type RenderedPage,
  type SharedPageServed,
} from './page-renderer';
import type { ReaderSession } from './reader-pages';
import { registerWebManifest, withManifestOf } from './web-manifest';
import { renderedPageShell, withRenderedPage } from './rendered-page-shell';
import type { CacheRegistry } from '../lib/caches';
import { gzipOf, plainOf, precompress, type Piece, type PrecompressedPage } from '../lib/gzip-pieces';
import { translatorFor } from '../lib/i18n';
import { escapeHtml, languageAlternates, withLanguageAlternates, withPageMeta, type PageMetaLookup } from '../lib/page-meta';
import type { Viewer } from '../modules/identity/access';
import { SESSION_COOKIE } from '../modules/identity/auth';

const PREVIEW_QUERY = /[?&]as=(visitor|reader|premium)(&|$)/;

/**
 * index.html ready for a nonce per response: on its script and module-preload tags, and in the
 * csp-nonce meta tag, where the app (and Vite's loader of lazy chunks) reads it for the scripts it
 * adds. Stylesheets need none: styles are not nonce-checked.
 */
function withNoncePlaceholders(html: string): string {
  const nonce = `nonce="${NONCE_PLACEHOLDER}"`;
  return html
    .replace(/<head\b[^>]*>/, (head) => `${head}\n    <meta property="csp-nonce" ${nonce} />`)
    .replace(/<script\b(?![^>]*\bnonce=)/g, `<script ${nonce}`)
    .replace(/<link\b(?=[^>]*\brel="(?:modulepreload|preload)")(?![^>]*\bnonce=)/g, `<link ${nonce}`);
}

/**
 * The page's language and direction on its `<html>` (issue 35 §1): the app loads that language's
 * messages; its manifest link names that language's manifest.
 */
function withLocale(html: string, locale: InterfaceLocale): string {
  return withFeedTitlesOf(withManifestOf(html, locale), locale).replace(
    /<html\b[^>]*>/,
    () => `<html lang="${locale}" dir="${localeDirection(locale)}">`,
  );
}

/** index.html's links to the site's feeds, titled in the page's language (the format's name stays). */
function withFeedTitlesOf(html: string, locale: InterfaceLocale): string {
  const title = escapeHtml(translatorFor(locale)('feeds.latest.title'));
  return html.replace(/title="Inkwell: new chapters \(([^)"]+)\)"/g, (_, format: string) => `title="${title} (${format})"`);
}

/**
 * The sources index.html's inline scripts may run by (the site theme's, which must run before the
 * first paint, issue 33 §14): their hashes, for script-src, since the ad-free pages carry no nonce.
 */
export function inlineScriptHashes(html: string): string[] {
  const sha256 = (code: string) => createHash('sha256').update(code).digest('base64');
  return [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(([, code]) => `'sha256-${sha256(code ?? '')}'`);
}

/** A page's policy with those hashes added to its script-src. */
export function withScriptHashes(policy: string, hashes: string[]): string {
  return hashes.length === 0 ? policy : policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}

/**
 * Serves the built SPA (hashed assets cached for a year, index.html never); any other GET that is not an API call gets index.html, so the client router
 * handles it (unknown paths become /errorPage?error=not_found there).
 *
 * Issue 10 §1: a public reading page's HTML carries a fresh nonce (its scripts, the csp-nonce meta
 * tag and its CSP, `script-src 'self' 'nonce-…'` for the page's inline data; ads run in their own
 * frame, decision 0025); an ad-free page's (dashboard, Reader's Area, checkout, sign-in) has none
 * and keeps the strict CSP every answer starts with.
 */
/**
 * A fresh CSP nonce (16 random bytes, base64) per answer, cut from a pool the system's random
 * source fills 256 at a time: asking it for 16 bytes per page cost more than the page's gzip.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
function nextNonce(): string {
  if (noncePool.length < NONCE_BYTES) noncePool = randomBytes(NONCE_BYTES * 256);
  const nonce = noncePool.subarray(0, NONCE_BYTES).toString('base64');
  noncePool = noncePool.subarray(NONCE_BYTES);
  return nonce;
}

/** What a page's bytes depend on besides its address: the encoding, and the language (a cookie or the browser's). */
const PAGE_VARY = 'accept-encoding, cookie, accept-language';

/** Where an answer's own bytes go in a rendered page: its nonce, and a signed-in reader's part (before `</body>`). */
const NONCE_VALUE = 0;
const READER_VALUE = 1;

/**
 * A rendered page as pieces around each answer's own bytes; deflated once when it is shared
 * (gzip-pieces.ts), as it is when drawn for one reader alone.
 */
function piecesOf(page: string, isShared: boolean): PrecompressedPage {
  const end = page.lastIndexOf('</body>');
  const [body, tail] = end === -1 ? [page, ''] : [page.slice(0, end), page.slice(end)];
  const pieces: Piece[] = [];
  body.split(NONCE_PLACEHOLDER).forEach((part, i) => pieces.push(...(i === 0 ? [] : [NONCE_VALUE]), Buffer.from(part)));
  pieces.push(READER_VALUE, Buffer.from(tail));
  return isShared ? precompress(pieces) : { pieces, deflated: pieces };
}

/** Rendered pages in pieces, kept as long as the render is (page-renderer.ts). */
const composedPages = new WeakMap<object, PrecompressedPage>();

const brotli = promisify(brotliCompress);
/**
 * Brotli's quality for pages, compressed per answer: on a rendered page of ~110 kB, quality 3 takes
 * ~1 ms and gives ~20.5 kB, quality 5 ~6 ms for ~18.6 kB (node:zlib, this machine). Four times
 * the work for 2 kB less is a bad trade when every answer pays it.
 */
const PAGE_BROTLI_OPTIONS = (size: number) => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
    // A 256 kB window holds a whole page; the default 4 MB one is allocated (and zeroed) per answer.
    [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
  },
  chunkSize: COMPRESS_CHUNK_BYTES,
});
/**
 * One pass on the thread pool for a whole page: with zlib's default 16 kB chunks a page took seven
 * round trips between the pool and the event loop, and compressed at less than half the rate.
 */
const COMPRESS_CHUNK_BYTES = 256 * 1024;
const gzip = promisify(gzipCompress);
/**
 * Pages compressed at once, as many as the machine has cores: sixty-four encoders at once cost
 * three times the CPU each (their memory), so the rest wait their turn, which is shorter.
 */
const compressions = createRenderSlots(Math.max(1, availableParallelism()), Number.POSITIVE_INFINITY);

/**
 * A page, compressed for a browser that takes it (a rendered page is tens of kilobytes of markup
 * and data; on a phone's connection every one counts). Each answer has its own nonce, so each is
 * compressed on its own: brotli at a fast level, off the main thread.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string | Buffer): Promise<FastifyReply> {
  reply.header('vary', PAGE_VARY);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = await compressions.run(() => brotli(html, PAGE_BROTLI_OPTIONS(html.length)));
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    const body = await compressions.run(() => gzip(html, { level: 6, chunkSize: COMPRESS_CHUNK_BYTES }));
    return reply.header('content-encoding', 'gzip').send(body);
  }
  return reply.send(html);
}

/**
 * A page's meta for its edition (`?lang=`) and, when a lookup asks, who its signed-in reader reads
 * as: a reader may see a page a visitor does not (a member's early chapter, issue 38 §1).
 */
async function pageMetaOf(
  request: FastifyRequest,
  path: string,
  locale: string,
  options: { pageMeta?: PageMetaLookup<Viewer>; readerPages?: { sessionOf: (token: string) => Promise<ReaderSession | null> } },
) {
  if (!options.pageMeta) return undefined;
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  const token = request.cookies[SESSION_COOKIE];
  const sessionOf = options.readerPages?.sessionOf;
  const viewer = token && sessionOf ? async () => (await sessionOf(token))?.viewer ?? null : undefined;
  return options.pageMeta(path, locale, typeof lang === 'string' ? lang : undefined, viewer);
}

/** A page's language (issue 35 §1): `?lang=`, the picker's cookie, Accept-Language, the site's default. */
async function pageLocaleOf(
  request: FastifyRequest,
  options: { siteLocale?: () => Promise<string>; allowPseudoLocale?: boolean },
): Promise<InterfaceLocale> {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  return chooseLocale({
    query: typeof query === 'string' ? query : undefined,
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    siteDefault: options.siteLocale ? await options.siteLocale() : undefined,
    allowPseudo: options.allowPseudoLocale === true,
  });
}

export const webPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDistDir: string | undefined;
      pageMeta?: PageMetaLookup<Viewer>;
      /** Whether maintenance mode is on (issue 10 §2): pages then answer 503 with Retry-After, for crawlers. */
      isInMaintenance?: () => Promise<boolean>;
      /** Where the shared rendered pages are declared, and cleared by the events that change them (page-renderer.ts). */
      caches: Pick<CacheRegistry, 'declare'>;
      /** What a visitor served a shared rendered page still gets recorded (their view): see page-renderer.ts. */
      onSharedPageServed?: SharedPageServed;
      /** What signed-in readers' shared pages need (page-renderer.ts): their access class in a series, their session. */
      readerPages?: {
        seriesAccessClass: (slug: string, viewer: Viewer) => Promise<string>;
        sessionOf: (token: string) => Promise<ReaderSession | null>;
      };
      /** The language an admin chose for readers whose browser names none of ours (issue 35 §1). */
      siteLocale?: () => Promise<string>;
      /** Whether `?lang=en-XA` (the pseudo-locale) is offered: in development only. */
      allowPseudoLocale?: boolean;
      /** The site's address, for the absolute links of a page's other languages (hreflang). */
      publicUrl?: string;
    },
  ) => {
    const indexFile = options.webDistDir ? join(options.webDistDir, 'index.html') : undefined;
    const hasWeb = indexFile !== undefined && existsSync(indexFile);
    const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;
    const nonceHtml = indexHtml && withNoncePlaceholders(indexHtml);
    const scriptHashes = indexHtml ? inlineScriptHashes(indexHtml) : [];
    const renderedPageHtml = nonceHtml && options.webDistDir ? renderedPageShell(nonceHtml, options.webDistDir) : nonceHtml;
    // Issue 11 §1: public pages arrive rendered when the web app's renderer is built beside it.
    const render = hasWeb && options.webDistDir ? await loadRenderer(options.webDistDir) : undefined;
    const pages = render
      ? createPageRenderer(app, render, {
          caches: options.caches,
          onSharedPageServed: options.onSharedPageServed,
          seriesAccessClass: options.readerPages?.seriesAccessClass,
          sessionOf: options.readerPages?.sessionOf,
        })
      : undefined;

    if (hasWeb && options.webDistDir) {
      registerWebManifest(app, options.webDistDir);
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
          // The service worker is looked at again on every visit, so a new one reaches readers at once.
          if (path.endsWith('/sw.js')) res.header('cache-control', 'no-cache');
          else
            res.header(
              'cache-control',
              path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
            );
        },
      });
    }

    /** The rendered page; if rendering fails the reader still gets the app, which draws the page itself. */
    const renderOrShell = async (request: FastifyRequest, locale: InterfaceLocale): Promise<RenderedPage | undefined> => {
      try {
        return await pages?.renderPage(request, request.url, locale);
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
        // One spelling per page (issue 32 §1): the router matches any case and encoding, and a
        // page is drawn, shared and kept under the spelling its routes give it.
        const canonical = pages?.canonicalLocation(request.url);
        if (canonical) return reply.header('cache-control', 'public, max-age=3600').redirect(canonical, 301);
        const locale = await pageLocaleOf(request, options);
        // The same address answers in each reader's language.
        reply.header('content-language', locale);
        let html = withLocale(indexHtml, locale);
        const nonce = nextNonce();
        if (isAdFreePage(path)) {
          reply.header('cache-control', 'no-cache');
          if (scriptHashes.length > 0) reply.header('content-security-policy', withScriptHashes(app.csp.strict, scriptHashes));
        } else {
          html = withLocale(nonceHtml, locale).replaceAll(NONCE_PLACEHOLDER, nonce);
          // Never from a shared cache: its nonce would be everyone's.
          reply
            .header('content-security-policy', withScriptHashes(app.csp.forPublicPage(nonce), scriptHashes))
            .header('cache-control', 'private, no-cache');
        }
        reply.type('text/html; charset=utf-8');
        // In maintenance a crawler learns a public page is away for a while, not gone; browsers render
        // the app as usual (the maintenance page, or the site for the team). Sign-in pages stay a 200.
        if (options.isInMaintenance && !isAdFreePage(path) && (await options.isInMaintenance())) {
          return sendHtml(request, reply.code(503).header('retry-after', '300'), html);
        }
        // Series and chapter pages carry their own title, description and preview image.
        const meta = await pageMetaOf(request, path, locale, options);
        if (meta === null) return sendHtml(request, reply.code(404), html);
        // The page in each interface language, and any others its meta names (a series' editions).
        const alternates = options.publicUrl
          ? [...languageAlternates(options.publicUrl, request.url), ...(meta?.languageAlternates ?? [])]
          : [];
        html = withLanguageAlternates(html, alternates);
        // A team member's preview (`?as=`, issue 22 §3) is drawn by the browser as that viewer, never
        // from (or into) a cache: the server would draw the team member's own page.
        const isPreview = Boolean(request.cookies[SESSION_COOKIE]) && PREVIEW_QUERY.test(request.url);
        if (isPreview) reply.header('cache-control', 'no-store');
        const rendered = pages && !isAdFreePage(path) && !isPreview ? await renderOrShell(request, locale) : undefined;
        if (rendered?.result.kind === 'redirect') return reply.redirect(rendered.result.location, rendered.result.status);
        if (rendered?.result.kind === 'page') {
          if (rendered.setCookies.length > 0) reply.header('set-cookie', rendered.setCookies);
          const { result } = rendered;
          // A shared page (a visitors', or a class of readers') is put together and compressed once
          // while it is shared; each answer adds its nonce, and a reader's page their own part.
          const isShared = rendered.isShareable || rendered.readerScript !== undefined;
          let page = composedPages.get(result);
          if (!page) {
            const shell = withLanguageAlternates(withLocale(renderedPageHtml ?? nonceHtml, locale), alternates);
            const composed = withRenderedPage(shell, result.html, result.dataScript, result.title);
            page = piecesOf(meta ? withPageMeta(composed, meta) : composed, isShared);
            composedPages.set(result, page);
          }
          const values = [Buffer.from(nonce), Buffer.from(rendered.readerScript?.replaceAll(NONCE_PLACEHOLDER, nonce) ?? '')];
          reply.code(result.status);
          if (!isShared) return sendHtml(request, reply, plainOf(page, values));
          reply.header('vary', PAGE_VARY);
          if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(plainOf(page, values));
          return reply.header('content-encoding', 'gzip').send(gzipOf(page, values));
        }
        return sendHtml(request, reply, meta ? withPageMeta(html, meta) : html);
      }
      return sendError(reply, 'not_found', 'apiErrors.request.noRoute', { values: { method: request.method, path } });
    });
  },
  { name: 'web', dependencies: ['security'] },
);
