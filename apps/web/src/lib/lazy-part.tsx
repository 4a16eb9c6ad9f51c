import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import { renderScope } from './render-scope';

/**
 * Issue 18 §2: a part of a page whose code is a chunk of its own, fetched the first time it is
 * drawn (a settings panel as it opens, the lock panel of a priced chapter), so a page that does not
 * draw it never downloads it. The server's render notes each part it drew; the browser fetches
 * those before it hydrates (`preloadDrawnParts`, main.tsx), so a page drawn on the server becomes
 * the app at once, as drawn, never through the fallback.
 */
export interface LazyPart<P> {
  (props: P): ReactNode;
  /** Fetches the part's code (once); the part then draws at once. */
  preload(): Promise<void>;
}

const parts = new Map<string, LazyPart<never>>();

/**
 * In the browser, once it has nothing else to do (after the page has hydrated and drawn), or after
 * `fallbackMs` where the browser cannot say (Safari). Returns a way to call it off.
 */
export function whenIdle(task: () => void, { fallbackMs = 2000 }: { fallbackMs?: number } = {}): () => void {
  if (typeof window === 'undefined') return () => {};
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task);
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}

/**
 * `name` is unique in the app; `fallback` holds the part's place while its code loads after a
 * click (sized like the part where the part is in the page's flow, so nothing moves; drawn from the
 * part's props when it is a function);
 * `preloadWhenIdle` fetches the code once the browser is idle, for a part that opens on a tap.
 */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  {
    fallback = null,
    preloadWhenIdle = false,
  }: { fallback?: ReactNode | ((props: P) => ReactNode); preloadWhenIdle?: boolean } = {},
): LazyPart<P> {
  /** The part's code as it loads; marked fulfilled once here, so `use` reads it at once from then on. */
  type Loading = Promise<ComponentType<P>> & { status?: 'fulfilled'; value?: ComponentType<P> };
  let loading: Loading | undefined;
  const loadComponent = (): Loading => {
    if (loading) return loading;
    const promise: Loading = load().then(
      (component) => {
        promise.status = 'fulfilled';
        promise.value = component;
        return component;
      },
      (error: unknown) => {
        // The next drawing tries again (a dropped connection on a phone).
        loading = undefined;
        throw error;
      },
    );
    return (loading = promise);
  };
  const preload = () => loadComponent().then(() => undefined);

  // `use` on every render, loaded or not: a part that suspended once and is drawn again once its
  // code is here (toasts coming while it loads) must ask React the same way (conditional use).
  function Loaded(props: P) {
    const Component = use<ComponentType<P>>(loadComponent() as Promise<ComponentType<P>>);
    return <Component {...props} />;
  }
  // Always inside its boundary, loaded or not: the server's markup and the browser's tree match.
  function Part(props: P) {
    renderScope()?.drewPart?.(name);
    return (
      <Suspense fallback={typeof fallback === 'function' ? fallback(props) : fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Part.preload = preload;
  if (preloadWhenIdle) whenIdle(() => void preload().catch(() => {}));
  Part.displayName = `LazyPart(${name})`;
  parts.set(name, Part as LazyPart<never>);
  return Part;
}

/**
 * The parts the server drew on this page (its data script lists them), fetched before hydrating.
 * Parts of modules not loaded yet are unknown here and skipped: the route's own code, which
 * defines them, is loaded first (router.tsx).
 */
export async function preloadDrawnParts(names: readonly string[] | undefined): Promise<void> {
  await Promise.all((names ?? []).map((name) => parts.get(name)?.preload()));
}

declare global {
  interface Window {
    /** The lazy parts the server drew on this page (entry-server.tsx). */
    __INKWELL_PARTS__?: string[];
  }
}
