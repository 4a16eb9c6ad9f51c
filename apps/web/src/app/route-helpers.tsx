import { Navigate, type RouteObject } from 'react-router';
import { withChunkTimeout } from '../lib/lazy-route';

// What the route tables (router.tsx, and dashboard-routes.tsx fetched with the dashboard) write their routes with.

/** A route whose code is fetched on first visit, with SPEC §9's chunk time-out. */
export function lazyPage(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load()).default })) };
}

/** The same, for a module whose page is a named export. */
export function lazyNamed<K extends string>(
  load: () => Promise<Record<K, React.ComponentType>>,
  name: K,
): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load())[name] })) };
}

/** Routes the server does not render (they only send the reader elsewhere, in the browser). */
const CLIENT_ONLY = { clientOnly: true } as const;

export function isClientOnlyRoute(route: { handle?: unknown }): boolean {
  return (route.handle as typeof CLIENT_ONLY | undefined)?.clientOnly === true;
}

/** A route that sends the reader to the error page. */
export const redirectTo = (code: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <Navigate to={`/errorPage?error=${code}`} replace />,
  handle: CLIENT_ONLY,
});
