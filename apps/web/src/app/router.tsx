import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { Toaster } from '../components/toast/toaster';
import { ErrorPage } from '../features/errors/error-page';
import { HomePage } from '../features/home/home-page';
import { withChunkTimeout } from '../lib/lazy-route';
import { GlobalErrorBoundary } from './error-boundary';
import { PublicLayout } from './layouts/public-layout';
import { RouteLoader } from './route-loader';

function Root() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded focus:bg-ink-800 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <RouteLoader />
      <Outlet />
      <Toaster />
      {/* Keyed by path: every fresh page load has the same location key, which would carry one page's scroll to another. */}
      <ScrollRestoration getKey={(location) => location.pathname + location.search} />
    </>
  );
}

/** A route whose code is fetched on first visit, with SPEC §9's chunk time-out. */
function lazyPage(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load()).default })) };
}

/** The same, for a module whose page is a named export. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K): Pick<RouteObject, 'lazy'> {
  return { lazy: withChunkTimeout(async () => ({ Component: (await load())[name] })) };
}

const redirectTo = (code: string) => <Navigate to={`/errorPage?error=${code}`} replace />;

/** SPEC §2: every route; areas are separate chunks so readers never download the dashboard. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <GlobalErrorBoundary />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', ...lazyPage(() => import('../features/auth/pages/login-page')) },
          { path: 'register', ...lazyPage(() => import('../features/auth/pages/register-page')) },
          { path: 'forgot-password', ...lazyPage(() => import('../features/auth/pages/forgot-password-page')) },
          { path: 'reset-password', ...lazyPage(() => import('../features/auth/pages/reset-password-page')) },
          { path: 'comics', ...lazyNamed(() => import('../features/catalogue/pages/catalogue-page'), 'ComicsPage') },
          { path: 'novels', ...lazyNamed(() => import('../features/catalogue/pages/catalogue-page'), 'NovelsPage') },
          { path: 'premium', ...lazyNamed(() => import('../features/catalogue/pages/catalogue-page'), 'PremiumPage') },
          // Matched without regard to case, so /seriesView/{slug} (search results) lands here too.
          { path: 'SeriesView/:seriesSlug', ...lazyPage(() => import('../features/catalogue/pages/series-page')) },
          { path: 'SeriesView/:seriesSlug/:chapterSlug', ...lazyPage(() => import('../features/reader/reader-page')) },
          { path: 'errorPage', element: <ErrorPage /> },
          { path: 'announcements', element: redirectTo('announcement_not_found') },
          { path: 'SeriesView', element: redirectTo('series_not_found') },
          { path: '*', element: redirectTo('not_found') },
        ],
      },
      {
        lazy: withChunkTimeout(async () => ({ Component: (await import('./layouts/reader-layout')).ReaderLayout })),
        children: [
          { path: 'profile/me', ...lazyPage(() => import('../features/profile/pages/profile-me-page')) },
          { path: 'profile/notifications', ...lazyPage(() => import('../features/notifications/notifications-page')) },
          {
            path: 'protect/segure/password/reset-password',
            ...lazyPage(() => import('../features/profile/pages/change-password-page')),
          },
        ],
      },
      {
        path: 'Dashboard',
        lazy: withChunkTimeout(async () => ({ Component: (await import('../features/dashboard/team-layout')).TeamLayout })),
        children: [
          { index: true, ...lazyPage(() => import('../features/dashboard/dashboard-home-page')) },
          { path: 'Series/Series', ...lazyPage(() => import('../features/dashboard/series/series-list-page')) },
          { path: 'Series/Series/AddNew', ...lazyPage(() => import('../features/dashboard/series/series-new-page')) },
          { path: 'Series/Series/EditSerie/:id', ...lazyPage(() => import('../features/dashboard/series/series-edit-page')) },
          { path: 'Series/Banners', ...lazyPage(() => import('../features/dashboard/banners/banners-page')) },
          { path: 'Series/Genres', ...lazyPage(() => import('../features/dashboard/genres/genres-page')) },
          { path: '*', element: redirectTo('not_found') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
