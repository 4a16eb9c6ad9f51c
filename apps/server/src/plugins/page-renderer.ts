import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ADULT_GATE_COOKIE, type InterfaceLocale, type SessionUser } from '@inkwell/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLASS_PAGE_HEADER, CLASS_PAGE_TOKEN } from '../lib/class-page';
import type { Viewer } from '../modules/identity/access';
import { CATALOGUE_EVENTS, clearedOnAll, type CacheRegistry } from '../lib/caches';
import { SESSION_COOKIE } from '../modules/identity/auth';
import { inProcessFetch, type RenderFetch } from './in-process-api';
import {
  answeringVerify,
  isClassShared,
  ownAnswers,
  readerClassOf,
  seriesOfCall,
  standInSession,
  type ClassifyPage,
  type OwnAnswer,
  type OwnCall,
  type ReaderSession,
} from './reader-pages';

// Issue 11 §1: the server half of server rendering. The web app's renderer (apps/web/src/
// entry-server.tsx, built to dist-server/) draws a public page from the same routes and loaders
// as the browser; here it gets the API in process, as the reader who asked for the page.

/** What the web app's `render` answers (apps/web/src/entry-server.tsx). */
type RenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      title: string | undefined;
      dataScript: string;
      /** In a page shared by a class of readers: the calls for a reader's own data it left out (answered per reader). */
      ownCalls?: readonly OwnCall[];
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell' };

type RenderPage = (input: {
  url: string;
  fetch: RenderFetch;
  nonce: string;
  signal?: AbortSignal;
  /** A page for every signed-in reader of one access class: the renderer leaves out what is a reader's own. */
  shared?: boolean;
  /** The page's language. */
  locale: InterfaceLocale;
}) => Promise<RenderResult>;
/** A signed-in reader's own part of a shared page, as a script; null when the page is not drawn for them. */
type RenderReaderData = (input: {
  nonce: string;
  /** The reader, as the session check answers them. */
  user: SessionUser;
  /** The answers to the calls the shared page left out (its render's `ownCalls`), as this reader. */
  answers: readonly OwnAnswer[];
}) => string | null | Promise<string | null>;

/** How many URLs' classes an instance keeps: a path's class changes only with a new build. */
const CLASSES_KEPT = 2_000;

/**
 * `classify` answered from memory for a URL asked before: matching the router's whole route tree
 * costs about a millisecond, which every page request paid before its shared page was looked up
 * (bench: a visitor's shared series page fell from ~5,000 to ~900 requests/s). Forgotten all at
 * once when full, so odd URLs cannot grow it.
 */
function rememberedClassify(classify: ClassifyPage): ClassifyPage {
  const known = new Map<string, ReturnType<ClassifyPage>>();
  return (url) => {
    const kept = known.get(url);
    if (kept !== undefined) return kept;
    const found = classify(url);
    if (known.size >= CLASSES_KEPT) known.clear();
    known.set(url, found);
    return found;
  };
}

/** The built web app's renderer (apps/web/src/entry-server.tsx). */
export interface Renderer {
  render: RenderPage;
  /** Absent from an older or a stand-in renderer: signed-in readers' pages are then drawn for each alone. */
  readerData?: RenderReaderData;
  /** Absent likewise: then no page is shared between signed-in readers, and no spelling is redirected. */
  classify?: ClassifyPage;
}

/** What the server sends for a page: the render, and what must reach the browser with it. */
export interface RenderedPage {
  result: RenderResult;
  /** Cookies the API set while the page was drawn (a session's renewal). */
  setCookies: string[];
  /** Whether the HTML may be shared with another visitor: nobody's session is in it. */
  isShareable: boolean;
  /** A signed-in reader's own part of a shared page (their session and data), sent after it to them alone. */
  readerScript?: string;
}

/** The nonce every render is drawn with; the server writes each response's own in its place. */
export const RENDER_NONCE_PLACEHOLDER = '__INKWELL_CSP_NONCE__';

/** A render that takes longer is abandoned: the reader gets the app's shell, which draws the page itself. */
const RENDER_TIMEOUT_MS = 5_000;

/** Visitors' pages are shared for as long as their API answers are (catalogue's 2 s visitor cache). */
const SHARED_PAGE_TTL_MS = 2_000;
/** The shared pages an instance keeps, bounded by their size (a page is tens of kilobytes of markup). */
const SHARED_PAGES_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Renders drawn at once per instance. A render is mostly CPU on the event loop: more at once only
 * makes each of them slower. Beyond these, up to RENDER_QUEUE_MAX wait for a turn; past that a
 * request is told at once that the server is busy (RenderBusyError), and the caller sends the
 * app's shell, which draws the page in the browser from the API's cached answers, instead of
 * keeping the reader waiting seconds in a queue.
 */
export const RENDER_CONCURRENCY = 4;
export const RENDER_QUEUE_MAX = 16;

export class RenderBusyError extends Error {
  constructor() {
    super('every render slot is taken and the queue is full');
  }
}

/** A counting semaphore with a bounded queue. */
export function createRenderSlots(concurrency = RENDER_CONCURRENCY, queueMax = RENDER_QUEUE_MAX) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= queueMax) throw new RenderBusyError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, or is given back.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * Query parameters that only say where a link was shared (campaigns, ad clicks, newsletters): a
 * page is the same without them, so they are dropped from the URL a shared page is drawn and kept
 * for. Otherwise every link posted with `?fbclid=…` would be a page drawn afresh.
 */
const TRACKING_PARAMETERS =
  /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl|ref_src)$/i;

function withoutTrackingParameters(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of [...params.keys()]) if (TRACKING_PARAMETERS.test(name)) params.delete(name);
  const rest = params.toString();
  return rest ? `${url.slice(0, question)}?${rest}` : url.slice(0, question);
}

/**
 * Called for each visitor served a shared page, with the API reads that drew it: what those reads
 * would have recorded for this visitor (their view of a series or chapter) is recorded still.
 */
export type SharedPageServed = (request: FastifyRequest, apiPaths: readonly string[]) => Promise<void>;

/** The built renderer beside the built web app, or undefined when it is not built (API-only runs, tests). */
export async function loadRenderer(webDistDir: string): Promise<Renderer | undefined> {
  const file = join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Renderer;
  return {
    render: module.render,
    ...(module.readerData ? { readerData: module.readerData } : {}),
    ...(module.classify ? { classify: module.classify } : {}),
  };
}

/**
 * Renders public pages with the built renderer. A visitor's page (no session cookie, and the API
 * set none) is shared for 2 s by every visitor asking the same URL, one render for all of them.
 * A signed-in reader's page (issue 18 §1) is shared the same way by the readers of one access
 * class (role, premium pass and plan, and their unlocks in the page's series): drawn with a
 * stand-in session and none of anyone's own data, it is sent to each with their own part (their
 * session, progress and rows) as data the browser applies while hydrating. A page that needed
 * anything more of a reader is drawn for them alone and never kept.
 */
export function createPageRenderer(
  app: FastifyInstance,
  renderer: Renderer,
  options: {
    /** Where the shared pages are declared: cleared on every instance by what they show (decision 0033). */
    caches: Pick<CacheRegistry, 'declare'>;
    onSharedPageServed?: SharedPageServed | undefined;
    /** The access class of a viewer in a series (catalogue's `accessClass`), to share its pages by. */
    seriesAccessClass?: ((slug: string, viewer: Viewer) => Promise<string>) | undefined;
    /** The session user a cookie's token names, as verify answers it; without it every signed-in page is drawn for its reader alone. */
    sessionOf?: ((token: string) => Promise<ReaderSession | null>) | undefined;
  },
) {
  const { render, readerData } = renderer;
  const classify = renderer.classify && rememberedClassify(renderer.classify);
  const shared = options.caches.declare<{ page: RenderedPage; asked: string[] }>({
    name: 'shared rendered pages',
    ttlMs: SHARED_PAGE_TTL_MS,
    bound: {
      maxBytes: SHARED_PAGES_MAX_BYTES,
      sizeOf: (entry) => {
        const { result } = (entry as { page: RenderedPage }).page;
        return result.kind === 'page' ? result.html.length + result.dataScript.length : 256;
      },
    },
    // What the pages show: the catalogue, home's announcements, the site's name and ads.
    clearedBy: clearedOnAll([...CATALOGUE_EVENTS, 'announcement.changed', 'site-config.changed']),
  });
  const slots = createRenderSlots();

  /**
   * The class's page: the stand-in session, the class-shared calls, and nothing else (else not
   * shareable). A call about another series than the one the class was taken in would answer
   * this reader's access there, not the class's: that too makes the page the reader's alone.
   */
  const renderForClass = (
    request: FastifyRequest,
    url: string,
    locale: InterfaceLocale,
    user: SessionUser,
    seriesSlug: string | undefined,
  ) =>
    slots.run(async () => {
      const asked: string[] = [];
      const readerCookies: string[] = [];
      const inner = inProcessFetch(app, request, readerCookies, asked, { [CLASS_PAGE_HEADER]: CLASS_PAGE_TOKEN });
      let isOwnCallMade = false;
      const verified = JSON.stringify({ authenticated: true, user: standInSession(user), message: 'Signed in' });
      const fetch = answeringVerify(verified, async (path, init) => {
        const series = seriesOfCall(path);
        if ((init.method ?? 'GET') !== 'GET' || !isClassShared(path) || (series !== undefined && series !== seriesSlug)) {
          isOwnCallMade = true;
          return new Response(JSON.stringify({ success: false, message: 'Not in a shared page' }), { status: 503 });
        }
        return inner(path, init);
      });
      const result = await render({
        url,
        fetch,
        nonce: RENDER_NONCE_PLACEHOLDER,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        shared: true,
        locale,
      });
      // The reader's cookies (a session's renewal) are theirs: never part of a shared page.
      return { page: { result, setCookies: [], isShareable: !isOwnCallMade }, asked };
    });

  /** A signed-in reader's page: their class's shared page and their own part, or one drawn for them alone. */
  async function readerPage(request: FastifyRequest, url: string, locale: InterfaceLocale): Promise<RenderedPage> {
    const { sessionOf } = options;
    const reader =
      readerData && sessionOf
        ? await readerClassOf(request, url, locale, { classify, sessionOf, seriesAccessClass: options.seriesAccessClass })
        : null;
    if (!readerData || !reader) return (await renderFor(request, url, locale)).page;
    const entry = await shared.get(reader.key, () =>
      renderForClass(request, url, locale, reader.session.user, reader.seriesSlug),
    );
    if (!entry.page.isShareable || entry.page.result.kind !== 'page') return (await renderFor(request, url, locale)).page;
    // The session was just verified: readerData is handed the user rather than asking again.
    const setCookies: string[] = [];
    const answers = await ownAnswers(app, request, reader.session, entry.page.result.ownCalls ?? [], setCookies);
    const own = await readerData({ user: reader.session.user, nonce: RENDER_NONCE_PLACEHOLDER, answers });
    if (own === null) return (await renderFor(request, url, locale)).page;
    return { result: entry.page.result, setCookies, isShareable: false, readerScript: own };
  }

  const renderFor = (
    request: FastifyRequest,
    url: string,
    locale: InterfaceLocale,
  ): Promise<{ page: RenderedPage; asked: string[] }> =>
    slots.run(async () => {
      const setCookies: string[] = [];
      const asked: string[] = [];
      const result = await render({
        url,
        fetch: inProcessFetch(app, request, setCookies, asked),
        nonce: RENDER_NONCE_PLACEHOLDER,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        locale,
      });
      return { page: { result, setCookies, isShareable: setCookies.length === 0 }, asked };
    });

  return {
    /**
     * Where a page asked under another spelling of its path lives (`/seriesview/…`, `/%53eriesView/…`,
     * a trailing slash): the router's own spelling, with the query as asked; undefined when the path
     * is already that, or names no page.
     */
    canonicalLocation(url: string): string | undefined {
      const page = classify?.(url);
      const question = url.indexOf('?');
      const path = question === -1 ? url : url.slice(0, question);
      if (!page || page.path === path) return undefined;
      return page.path + (question === -1 ? '' : url.slice(question));
    },
    /** Throws RenderBusyError when the instance is drawing all it can and its queue is full. */
    async renderPage(request: FastifyRequest, asked: string, locale: InterfaceLocale): Promise<RenderedPage> {
      const url = withoutTrackingParameters(asked);
      if (request.cookies[SESSION_COOKIE]) return readerPage(request, url, locale);
      let isFresh = false;
      // Kept per language: the same address is a page in each (issue 35 §1); and apart for visitors
      // who said at an adult gate that they are 18 (issue 36 §4, decision 0041): their series pages open.
      const gate = request.cookies[ADULT_GATE_COOKIE] === '1' ? '\u0000adult' : '';
      const entry = await shared.get(`${locale}\u0000${url}${gate}`, () => {
        isFresh = true;
        return renderFor(request, url, locale);
      });
      if (!entry.page.isShareable) {
        // Someone's cookie came back: never hand it on; draw this visitor their own page.
        return isFresh ? entry.page : (await renderFor(request, url, locale)).page;
      }
      // The shared page's reads counted the first visitor's view; this visitor's counts too.
      if (!isFresh) await options.onSharedPageServed?.(request, entry.asked);
      return entry.page;
    },
    /** What the instance holds and draws now (the bench reads it). */
    stats: () => ({ shared: shared.stats(), slots: slots.stats() }),
  };
}
