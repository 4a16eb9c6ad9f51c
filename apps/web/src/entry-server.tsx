import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, type InterfaceLocale, type SessionUser } from '@inkwell/contract';
import { PassThrough } from 'node:stream';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { withDashboard } from './app/dashboard-routes';
import { isClientOnlyRoute } from './app/route-helpers';
import { createRoutes } from './app/router';
import { classifyPage, type PageClass } from './app/page-class';
import { EARLY_CLICKS_SCRIPT } from './lib/early-clicks';
import { createQueryClient } from './lib/query-client';
import { SESSION_QUERY_KEY } from './lib/auth/session-query';
import { withLowerCaseRole } from './lib/auth/session';
import { setRenderScopeSource, type OwnCall, type ReaderPart, type RenderScope } from './lib/render-scope';
import { loadI18n } from './lib/i18n/i18n';

// Issue 11 §1: public pages rendered on the server from the same route tree and loaders the
// browser uses. The server (apps/server/src/plugins/web.ts) calls `render` per page request with
// an in-process fetch of the API that carries the reader's cookie; the browser then hydrates the
// same tree from the data written into the page (main.tsx).

/** A render's scope, and the query cache its loaders fill. */
type ServerScope = RenderScope & { queryClient: QueryClient };
const scopes = new AsyncLocalStorage<ServerScope>();
setRenderScopeSource(() => scopes.getStore());

/**
 * The routes and their static handler, made once: flattening and ranking the route tree, and
 * loading each lazy route's module, cost more than a render's loaders. Their loaders fill the
 * query cache of the render under way, which this stand-in finds in the render's scope.
 */
const scopedClient = new Proxy({} as QueryClient, {
  get(_target, property) {
    const client = scopes.getStore()?.queryClient;
    if (!client) throw new Error('a route loader ran outside a server render');
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});
const handler = createStaticHandler(withDashboard(createRoutes(scopedClient)));

/**
 * The page a URL is, by the match `render` draws it with (issue 32 §1): the server keys a page it
 * shares by this, and sends any other spelling of the path to this one.
 */
export function classify(url: string): PageClass | null {
  return classifyPage(handler.dataRoutes, url);
}

/** A query cache for one server render: a failed call is the browser's to retry, not the server's to wait for. */
function renderQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}

export interface RenderInput {
  /** The page's path and query. */
  url: string;
  /** The API, answered in the server's own process as the reader asking for this page. */
  fetch: RenderScope['fetch'];
  /** The CSP nonce of this answer (or a placeholder the server swaps per response). */
  nonce: string;
  /** Gives up (the server then sends the app's shell) when the render takes longer. */
  signal?: AbortSignal;
  /** A page for every signed-in reader of one access class: nothing of anyone's own in it (RenderScope.isShared). */
  shared?: boolean;
  /** The page's language (the server chose it: ?lang=, cookie, Accept-Language, the site's default). */
  locale?: InterfaceLocale;
}

export type RenderResult =
  /**
   * The page: the root's markup, its title, and the script that hands the data to the browser;
   * `ownCalls`, in a page shared by a class of readers, the calls for a reader's own data it left out.
   */
  | { kind: 'page'; status: number; html: string; title: string | undefined; dataScript: string; ownCalls: OwnCall[] }
  /** A loader sent the reader elsewhere (an unknown series goes to the error page). */
  | { kind: 'redirect'; status: number; location: string }
  /** A page that is drawn in the browser only (a redirecting route, an error): the server sends the shell. */
  | { kind: 'shell' };

/** JSON inside a script element: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Renders the whole tree, waiting for every lazy part, so the HTML is the page a reader sees. */
function renderToString(tree: ReactNode, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const stream = renderToPipeableStream(tree, {
      // Sent whole once ready: a lazy part's markup goes in its place, never after the page with an
      // inline script to move it there (which the page's CSP would block; lazy-part.tsx).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return;
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError(error) {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        // A part that failed is drawn by the browser instead; the server render gives up rather than send half a page.
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    signal?.addEventListener('abort', () => stream.abort(), { once: true });
  });
}

export async function render(input: RenderInput): Promise<RenderResult> {
  let title: string | undefined;
  const i18n = await loadI18n(input.locale ?? DEFAULT_LOCALE);
  const queryClient = renderQueryClient();
  const parts = new Set<string>();
  const ownCalls: OwnCall[] = [];
  const scope: ServerScope = {
    fetch: input.fetch,
    nonce: input.nonce,
    isShared: input.shared === true,
    setTitle: (text) => {
      title = text;
    },
    queryClient,
    drewPart: (name) => parts.add(name),
    leaveOut: (call) => ownCalls.push(call),
  };
  return scopes.run(scope, async () => {
    const request = new Request(new URL(input.url, 'http://inkwell.invalid'), input.signal ? { signal: input.signal } : {});
    const context = await handler.query(request);
    if (context instanceof Response) {
      const location = context.headers.get('location');
      return location && context.status >= 300 && context.status < 400
        ? { kind: 'redirect', status: context.status, location }
        : { kind: 'shell' };
    }
    if (context.errors || context.matches.some((match) => isClientOnlyRoute(match.route))) return { kind: 'shell' };

    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={input.nonce} />
        </AppProviders>
      </StrictMode>,
      input.signal,
    );
    const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
    const dataScript =
      `<script nonce="${input.nonce}">` +
      // First: from here until the app has hydrated, a click on a top bar menu is kept for it.
      EARLY_CLICKS_SCRIPT +
      `window.__staticRouterHydrationData=${scriptJson(hydration)};` +
      `window.__INKWELL_QUERIES__=${scriptJson(dehydrate(queryClient))};` +
      `window.__INKWELL_PARTS__=${scriptJson([...parts])}` +
      `</script>`;
    return { kind: 'page', status: context.statusCode, html, title, dataScript, ownCalls };
  });
}

/**
 * A signed-in reader's own part of a shared page (issue 18 §1): their session (`user`, as the
 * server verified it for this request) and the server's answers, as that reader, to the calls the
 * page left out (`ownCalls`), in a script the browser applies as the page hydrates
 * (app/reader-data.tsx). The page's class (the server's key) already fixed what the reader may see.
 */
export function readerData(input: { nonce: string; user: SessionUser; answers: ReaderPart['answers'] }): string {
  const part: ReaderPart = {
    at: Date.now(),
    answers: [{ queryKey: SESSION_QUERY_KEY, data: withLowerCaseRole(input.user) }, ...input.answers],
  };
  return `<script nonce="${input.nonce}">window.__INKWELL_READER__=${scriptJson(part)}</script>`;
}
