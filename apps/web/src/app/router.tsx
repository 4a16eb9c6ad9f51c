import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  ScrollRestoration,
  type HydrationState,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { Toaster } from '../components/toast/toaster';
import { useHydrationMark } from '../lib/early-clicks';
import { useT } from '../lib/i18n/i18n-context';
import { withChunkTimeout } from '../lib/lazy-route';
import { GlobalErrorBoundary } from './error-boundary';
import { READER_AREA_ROLES, RequireRole } from './guards';
import { PublicLayout, PublicLayoutFallback } from './layouts/public-layout';
import {
  announcementLoader,
  catalogueLoader,
  coinStoreLoader,
  homeLoader,
  onlyOnce,
  onlyOnNewPath,
  planStoreLoader,
  publicLayoutLoader,
  readerLoader,
  seriesLoader,
} from './loaders';
import { lazyNamed, lazyPage, redirectTo } from './route-helpers';
import { LoadingScreen, RouteLoader } from './route-loader';
import {
  AnnouncementSkeleton,
  CataloguePageSkeleton,
  CoinStoreSkeleton,
  HomePageSkeleton,
  PlanStoreSkeleton,
  ReaderSkeleton,
  SeriesPageSkeleton,
} from './skeletons';

function Root() {
  const t = useT();
  useHydrationMark();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        {t('common.app.skipToContent')}
      </a>
      <RouteLoader />
      <Outlet />
      <Toaster />
      {/* Keyed by path: every fresh page load has the same location key, which would carry one page's scroll to another. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </>
  );
}

/** The app's root route, which the dashboard's routes join when the browser first goes there. */
const ROOT_ROUTE_ID = 'root';

/**
 * The public pages, under the site's own layout. Those the server renders load their data in
 * loaders that prime `queryClient` (DESIGN §6), and show their skeleton on a cold start.
 */
function publicPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      loader: homeLoader(queryClient),
      HydrateFallback: HomePageSkeleton,
      ...lazyPage(() => import('./home')),
    },
    { path: 'login', ...lazyPage(() => import('../features/auth/pages/login-page')) },
    { path: 'register', ...lazyPage(() => import('../features/auth/pages/register-page')) },
    { path: 'register/confirm', ...lazyPage(() => import('../features/auth/pages/register-confirm-page')) },
    { path: 'forgot-password', ...lazyPage(() => import('../features/auth/pages/forgot-password-page')) },
    { path: 'reset-password', ...lazyPage(() => import('../features/auth/pages/reset-password-page')) },
    // Issue 36 §2: the links a change of e-mail address mails to the new address and to the old one.
    { path: 'email-change/confirm', ...lazyPage(() => import('../features/auth/pages/email-change-confirm-page')) },
    { path: 'email-change/undo', ...lazyPage(() => import('../features/auth/pages/email-change-undo-page')) },
    ...(['comics', 'novels', 'premium', 'browse', 'search'] as const).map((kind): RouteObject => ({
      path: kind,
      loader: catalogueLoader(queryClient, kind),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: CataloguePageSkeleton,
      ...lazyNamed(
        () => import('../features/catalogue/pages/catalogue-page'),
        (
          {
            comics: 'ComicsPage',
            novels: 'NovelsPage',
            premium: 'PremiumPage',
            browse: 'BrowsePage',
            search: 'SearchPage',
          } as const
        )[kind],
      ),
    })),
    // Matched without regard to case, so /seriesView/{slug} (search results) lands here too.
    {
      path: 'SeriesView/:seriesSlug',
      loader: seriesLoader(queryClient),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: SeriesPageSkeleton,
      ...lazyPage(() => import('../features/catalogue/pages/series-page')),
    },
    {
      path: 'SeriesView/:seriesSlug/:chapterSlug',
      loader: readerLoader(queryClient),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: ReaderSkeleton,
      ...lazyPage(() => import('../features/reader/reader-page')),
    },
    // The store (SPEC §2: the desktop menu links /buy/store, the others /buy/coins; one page).
    ...['buy/coins', 'buy/store'].map((path): RouteObject => ({
      path,
      loader: coinStoreLoader(queryClient),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: CoinStoreSkeleton,
      ...lazyPage(() => import('../features/store/pages/coins-page')),
    })),
    {
      path: 'buy/subscriptions',
      loader: planStoreLoader(queryClient),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: PlanStoreSkeleton,
      ...lazyPage(() => import('../features/store/pages/plans-page')),
    },
    {
      element: (
        <RequireRole allowed={READER_AREA_ROLES}>
          <Outlet />
        </RequireRole>
      ),
      children: [{ path: 'buy/checkout/:purchaseId', ...lazyPage(() => import('../features/store/pages/test-checkout-page')) }],
    },
    // Feeds explained, with their addresses (issue 33 §9); the XML itself is the server's, under /feeds.
    { path: 'follow', ...lazyPage(() => import('../features/catalogue/pages/feeds-page')) },
    // Issue 39 §4: a reader's shared year; its loader comes with its code, so no page's first chunk grows.
    {
      path: 'year/:token',
      lazy: withChunkTimeout(async () => {
        const page = await import('../features/stats/pages/year-share-page');
        return { Component: page.default, loader: page.yearShareLoader(queryClient) };
      }),
    },
    { path: 'follow/:seriesSlug', ...lazyPage(() => import('../features/catalogue/pages/feeds-page')) },
    { path: 'errorPage', ...lazyNamed(() => import('../features/errors/error-page'), 'ErrorPage') },
    { path: 'announcements', ...redirectTo('announcement_not_found') },
    {
      path: 'announcements/:slug',
      loader: announcementLoader(queryClient),
      shouldRevalidate: onlyOnNewPath,
      HydrateFallback: AnnouncementSkeleton,
      ...lazyPage(() => import('../features/announcements/announcement-page')),
    },
    { path: 'SeriesView', ...redirectTo('series_not_found') },
    { path: '*', ...redirectTo('not_found') },
  ];
}

/** A signed-in reader's own pages: profile, library, purchases. */
function readerAreaPages(): RouteObject[] {
  return [
    { path: 'profile/me', ...lazyPage(() => import('../features/profile/pages/profile-me-page')) },
    { path: 'profile/notifications', ...lazyPage(() => import('../features/notifications/notifications-page')) },
    { path: 'profile/bookmarks', ...lazyPage(() => import('../features/library/pages/bookmarks-page')) },
    { path: 'profile/history', ...lazyPage(() => import('../features/library/pages/history-page')) },
    { path: 'profile/stats', ...lazyPage(() => import('../features/stats/pages/stats-page')) },
    { path: 'profile/subscriptions', ...lazyPage(() => import('../features/store/pages/subscription-page')) },
    { path: 'profile/purchases', ...lazyPage(() => import('../features/store/pages/purchases-page')) },
    { path: 'profile/earnings', ...lazyPage(() => import('../features/profile/pages/earnings-page')) },
    // Issue 38 §2: a payee's payout account and statements, and the test provider's onboarding.
    { path: 'account/payouts', ...lazyPage(() => import('../features/profile/pages/payouts-page')) },
    {
      path: 'account/payouts/test-onboarding',
      ...lazyPage(() => import('../features/profile/pages/test-payout-onboarding-page')),
    },
    { path: 'account/payouts/:month', ...lazyPage(() => import('../features/profile/pages/payout-statement-page')) },
    { path: 'profile/devices', ...lazyPage(() => import('../features/profile/pages/devices-page')) },
    { path: 'profile/downloads', ...lazyPage(() => import('../features/profile/pages/downloads-page')) },
    {
      path: 'protect/segure/password/reset-password',
      ...lazyPage(() => import('../features/profile/pages/change-password-page')),
    },
  ];
}

/**
 * SPEC §2: every route but the dashboard's, which the browser fetches as it first goes there
 * (discoverRoutes; dashboard-routes.tsx); areas are separate chunks so readers never download the dashboard. Public
 * pages load their data in loaders that prime `queryClient` (DESIGN §6), beside their code; on a
 * cold start each shows its skeleton (HydrateFallback) in the loaded page's boxes meanwhile.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <Root />,
      errorElement: <GlobalErrorBoundary />,
      HydrateFallback: LoadingScreen,
      children: [
        {
          element: <PublicLayout />,
          loader: publicLayoutLoader(queryClient),
          shouldRevalidate: onlyOnce,
          HydrateFallback: PublicLayoutFallback,
          children: publicPages(queryClient),
        },
        {
          lazy: withChunkTimeout(async () => ({ Component: (await import('./layouts/reader-layout')).ReaderLayout })),
          children: readerAreaPages(),
        },
      ],
    },
  ];
}

/**
 * The app's router, with the one QueryClient its loaders prime (made in main.tsx). A page the
 * server rendered comes with its loaders' data: the router starts from it instead of loading,
 * once the code of the page's lazy routes is here, so the browser's first render draws the same
 * page as the server did (not its skeleton).
 */
export async function createRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  const routes = createRoutes(queryClient);
  if (!hydrationData) return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
  await loadLazyRoutesOf(routes, window.location);
  return createBrowserRouter(routes, { hydrationData, patchRoutesOnNavigation: discoverRoutes });
}

/**
 * The router asks this when a path matches no route but a catch-all or a parameter (React Router's
 * lazy route discovery): a path under /Dashboard brings the dashboard's routes, once, before the
 * navigation goes on (a second patch of the same routes changes nothing).
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!/^\/dashboard(?:\/|$)/i.test(path)) return;
  const { dashboardRoute } = await withChunkTimeout(() => import('./dashboard-routes'))();
  patch(ROOT_ROUTE_ID, [dashboardRoute()]);
};

/** Loads the code of the lazy routes a location matches, into the route objects themselves. */
async function loadLazyRoutesOf(routes: RouteObject[], location: Location | string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
