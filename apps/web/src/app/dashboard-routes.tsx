import { Outlet, type RouteObject } from 'react-router';
import { ADMIN_ONLY, TEAM_ROLES } from '../features/dashboard/team-roles';
import { withChunkTimeout } from '../lib/lazy-route';
import { RequireRole } from './guards';
import { lazyPage, redirectTo } from './route-helpers';

// The team's dashboard routes: fetched when the browser first goes to /Dashboard (router.tsx,
// discoverRoutes), so a reader's first page does not carry the dashboard's twenty routes and the
// names of their chunks (issue 35: 2 kB gzip off every page). The server's renderer has them from
// the start (entry-server.tsx).

/** A group of pages for editors and admins; a member of a series' team is sent `members` (or refused). */
const staffOnly = (children: RouteObject[], members?: string): RouteObject => ({
  element: (
    <RequireRole allowed={TEAM_ROLES} {...(members ? { members } : {})}>
      <Outlet />
    </RequireRole>
  ),
  children,
});

/**
 * The team's dashboard; the money, users and configuration pages are the admin's. A member of a
 * series' team (issue 37 §3) opens their series, their Team pages and the Import page only.
 */
function dashboardPages(): RouteObject[] {
  return [
    staffOnly(
      [{ index: true, ...lazyPage(() => import('../features/dashboard/dashboard-home-page')) }],
      '/Dashboard/Series/Series',
    ),
    { path: 'Series/Series', ...lazyPage(() => import('../features/dashboard/series/series-list-page')) },
    { path: 'Series/Series/EditSerie/:id', ...lazyPage(() => import('../features/dashboard/series/series-edit-page')) },
    {
      path: 'Series/Series/EditSerie/:id/Team',
      ...lazyPage(() => import('../features/dashboard/series-team/series-team-page')),
    },
    { path: 'Import', ...lazyPage(() => import('../features/dashboard/imports/import-page')) },
    staffOnly([
      { path: 'Series/Series/AddNew', ...lazyPage(() => import('../features/dashboard/series/series-new-page')) },
      { path: 'Series/Banners', ...lazyPage(() => import('../features/dashboard/banners/banners-page')) },
      { path: 'Series/Genres', ...lazyPage(() => import('../features/dashboard/genres/genres-page')) },
      { path: 'Announcements', ...lazyPage(() => import('../features/dashboard/announcements/announcements-list-page')) },
      {
        path: 'Announcements/AddAnnouncements',
        ...lazyPage(() => import('../features/dashboard/announcements/announcement-new-page')),
      },
      {
        path: 'Announcements/EditAnnouncements/:id',
        ...lazyPage(() => import('../features/dashboard/announcements/announcement-edit-page')),
      },
      { path: 'Comments', ...lazyPage(() => import('../features/dashboard/comments/comments-page')) },
      { path: 'Metrics', ...lazyPage(() => import('../features/dashboard/metrics/metrics-page')) },
    ]),
    {
      element: (
        <RequireRole allowed={ADMIN_ONLY}>
          <Outlet />
        </RequireRole>
      ),
      children: [
        { path: 'Finances/Purchases', ...lazyPage(() => import('../features/dashboard/finances/purchases-page')) },
        { path: 'Finances/Plans', ...lazyPage(() => import('../features/dashboard/finances/plans-page')) },
        { path: 'Finances/Coins', ...lazyPage(() => import('../features/dashboard/finances/coins-page')) },
        { path: 'Finances/Payouts', ...lazyPage(() => import('../features/dashboard/finances/payouts-page')) },
        { path: 'Users', ...lazyPage(() => import('../features/dashboard/users/users-page')) },
        { path: 'Users/:id', ...lazyPage(() => import('../features/dashboard/users/user-detail-page')) },
        { path: 'Configuration', ...lazyPage(() => import('../features/dashboard/configuration/configuration-page')) },
        { path: 'MetricsAdmin', ...lazyPage(() => import('../features/dashboard/metrics/metrics-admin-page')) },
        { path: 'AuditLog', ...lazyPage(() => import('../features/dashboard/audit/audit-log-page')) },
      ],
    },
    { path: '*', ...redirectTo('not_found') },
  ];
}

/** /Dashboard: the team's frame and its pages, a child of the app's root route. */
export function dashboardRoute(): RouteObject {
  return {
    path: 'Dashboard',
    lazy: withChunkTimeout(async () => ({ Component: (await import('./layouts/team-layout')).TeamLayout })),
    children: dashboardPages(),
  };
}

/** The app's routes with the dashboard in place from the start: the server's renderer, tests. */
export function withDashboard(routes: RouteObject[]): RouteObject[] {
  const [root, ...rest] = routes;
  if (!root) return routes;
  return [{ ...root, children: [...(root.children ?? []), dashboardRoute()] } as RouteObject, ...rest];
}
