import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock';
import { createTtlCache } from '../lib/ttl-cache';
import { SESSION_COOKIE } from '../modules/auth';

// Issue 11 §1: the server half of server rendering. The web app's renderer (apps/web/src/
// entry-server.tsx, built to dist-server/) draws a public page from the same routes and loaders
// as the browser; here it gets the API in process, as the reader who asked for the page.

/** What the web app's `render` answers (apps/web/src/entry-server.tsx). */
export type RenderResult =
  | { kind: 'page'; status: number; html: string; title: string | undefined; dataScript: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell' };

type RenderFetch = (path: string, init: RequestInit) => Promise<Response>;
export type RenderPage = (input: {
  url: string;
  fetch: RenderFetch;
  nonce: string;
  signal?: AbortSignal;
}) => Promise<RenderResult>;

/** What the server sends for a page: the render, and what must reach the browser with it. */
export interface RenderedPage {
  result: RenderResult;
  /** Cookies the API set while the page was drawn (a session's renewal). */
  setCookies: string[];
  /** Whether the HTML may be shared with another visitor: nobody's session is in it. */
  isShareable: boolean;
}

/** The nonce every render is drawn with; the server writes each response's own in its place. */
export const RENDER_NONCE_PLACEHOLDER = '__INKWELL_CSP_NONCE__';

/** A render that takes longer is abandoned: the reader gets the app's shell, which draws the page itself. */
const RENDER_TIMEOUT_MS = 5_000;

/** Visitors' pages are shared for as long as their API answers are (catalogue's 2 s visitor cache). */
const SHARED_PAGE_TTL_MS = 2_000;
/** The shared pages an instance keeps, bounded by their size (a page is tens of kilobytes of markup). */
export const SHARED_PAGES_MAX_BYTES = 32 * 1024 * 1024;

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

export function withoutTrackingParameters(url: string): string {
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
export async function loadRenderer(webDistDir: string): Promise<RenderPage | undefined> {
  const file = join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { render: RenderPage };
  return module.render;
}

/** The reader's own headers, which the API reads to know who asks (session, language, browser). */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** The API answered in this process, as the page's reader would have been answered. */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, setCookies: string[], asked: string[]): RenderFetch {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (path, init) => {
    asked.push(path);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (name === 'set-cookie') {
        setCookies.push(...(Array.isArray(value) ? value : [String(value)]));
        continue;
      }
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304;
    return new Response(hasBody ? answer.rawPayload : null, { status: answer.statusCode, headers: responseHeaders });
  };
}

/**
 * Renders public pages with the built renderer. A visitor's page (no session cookie, and the API
 * set none) is shared for 2 s by every visitor asking the same URL, one render for all of them; a
 * signed-in reader's is drawn for them alone and never kept.
 */
export function createPageRenderer(
  app: FastifyInstance,
  render: RenderPage,
  options: { clock: Clock; onSharedPageServed?: SharedPageServed | undefined },
) {
  const shared = createTtlCache<{ page: RenderedPage; asked: string[] }>(options.clock, SHARED_PAGE_TTL_MS, {
    maxBytes: SHARED_PAGES_MAX_BYTES,
    sizeOf: (entry) => {
      const { result } = (entry as { page: RenderedPage }).page;
      return result.kind === 'page' ? result.html.length + result.dataScript.length : 256;
    },
  });
  const slots = createRenderSlots();

  const renderFor = (request: FastifyRequest, url: string): Promise<{ page: RenderedPage; asked: string[] }> =>
    slots.run(async () => {
      const setCookies: string[] = [];
      const asked: string[] = [];
      const result = await render({
        url,
        fetch: inProcessFetch(app, request, setCookies, asked),
        nonce: RENDER_NONCE_PLACEHOLDER,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      return { page: { result, setCookies, isShareable: setCookies.length === 0 }, asked };
    });

  return {
    /** Throws RenderBusyError when the instance is drawing all it can and its queue is full. */
    async renderPage(request: FastifyRequest, asked: string): Promise<RenderedPage> {
      const url = withoutTrackingParameters(asked);
      if (request.cookies[SESSION_COOKIE]) return (await renderFor(request, url)).page;
      let isFresh = false;
      const entry = await shared.get(url, () => {
        isFresh = true;
        return renderFor(request, url);
      });
      if (!entry.page.isShareable) {
        // Someone's cookie came back: never hand it on; draw this visitor their own page.
        return isFresh ? entry.page : (await renderFor(request, url)).page;
      }
      // The shared page's reads counted the first visitor's view; this visitor's counts too.
      if (!isFresh) await options.onSharedPageServed?.(request, entry.asked);
      return entry.page;
    },
    /** What the instance holds and draws now (the bench reads it). */
    stats: () => ({ shared: shared.stats(), slots: slots.stats() }),
    clear: () => shared.clear(),
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
