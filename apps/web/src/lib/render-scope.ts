import type { EndpointName } from '@inkwell/contract';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * A call for a reader's own data that a page shared by their class leaves out (`personalLoad`):
 * the endpoint and its params, which the server answers as each reader of the page, and the query
 * the answer's data fills in their browser.
 */
export interface OwnCall {
  endpoint: EndpointName;
  params: Record<string, string>;
  queryKey: readonly unknown[];
}

/** A reader's own part of a shared page, as the server writes it (entry-server's `readerData`). */
export interface ReaderPart {
  /** When the server read it: the queries' age. */
  at: number;
  answers: { queryKey: readonly unknown[]; data: unknown }[];
}

/**
 * What a server render of a page (issue 11 §1) borrows from the request it answers: the API, called
 * in the server's own process with the reader's cookie, and a place for the page's title. The
 * server's entry sets where the scope of the render under way is found (it keeps one per request);
 * in the browser there is none, and the app uses `fetch` and `document.title` as always.
 */
export interface RenderScope {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  setTitle: (title: string) => void;
  /** The CSP nonce the page's scripts will carry. */
  nonce: string;
  /**
   * A page drawn once for every signed-in reader of one access class (issue 18 §1): the session
   * is a stand-in with nothing of anyone's own, and loaders leave out what is a reader's own
   * (`personalLoad`); each reader's own part follows the page as data (entry-server's `readerData`).
   */
  isShared?: boolean;
  /** Keeps a call a shared page left out (`personalLoad`), for the server to answer for each reader of it. */
  leaveOut?: (call: OwnCall) => void;
  /** Notes a lazy part drawn on the page (lazy-part.tsx), for the browser to fetch before hydrating. */
  drewPart?: (name: string) => void;
}

let findScope: () => RenderScope | undefined = () => undefined;

/** Called once by entry-server: the scope of the render that is running now. */
export function setRenderScopeSource(source: () => RenderScope | undefined): void {
  findScope = source;
}

/** The scope of the server render under way, or undefined in the browser. */
export function renderScope(): RenderScope | undefined {
  return findScope();
}

declare global {
  interface Window {
    /** A page the server rendered: its route loaders' data, and the queries they filled (main.tsx hydrates from them). */
    __staticRouterHydrationData?: HydrationState;
    __INKWELL_QUERIES__?: DehydratedState;
    /** A signed-in reader's own queries, applied as the shared page they came with hydrates (reader-data.tsx). */
    __INKWELL_READER__?: ReaderPart;
  }
}

/** Whether a shared page for a class of signed-in readers is being drawn (see RenderScope.isShared). */
export function isSharedRender(): boolean {
  return renderScope()?.isShared === true;
}

/** Whether this page was drawn on the server: while rendering it there, and in the browser that hydrates it. */
export function isServerRenderedPage(): boolean {
  return renderScope() !== undefined || (typeof window !== 'undefined' && window.__staticRouterHydrationData !== undefined);
}
