import {
  fillPath,
  ROUTES,
  type AdminUserDetail,
  type EndpointData,
  type Announcement,
  type ChapterContent,
  type ChapterSummary,
  type ProfileData,
  type PublicSiteSettings,
  type SeriesDetail,
  type SessionUser,
  type TeamAnnouncement,
} from '@inkwell/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { matchPath, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_COLUMNS, PAGE_MATRIX, parsePageMatrix, type PageColumn, type PageOutcome } from '../../test/page-matrix';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { statement } from '../features/profile/payout-fixtures';
import { coinPackage, plan, purchase, verifyAsViewer, viewer } from '../features/store/store-fixtures';
import { createQueryClient } from '../lib/query-client';
import { withDashboard } from './dashboard-routes';
import { createRoutes, discoverRoutes } from './router';
import { teamSeriesFixture } from '../../test/team-series';

/*
 * Walks test/page-matrix.ts: each route opened by each kind of user with the real routes in a
 * memory router; the API is mocked at the fetch edge (the session by role, the content the
 * pages load by path), so what decides the outcome is the app's own guards and redirects.
 */

const MATRIX = parsePageMatrix(PAGE_MATRIX);
const PUB = '/api/public/omegascans/public';
const TEAM = '/api/omegascans/secure/team';
const ADMIN = '/api/omegascans/secure/admin';
const at = '2026-03-03T12:00:00.000Z';
const pagination = { page: 1, perPage: 20, total: 0, totalPages: 0 };

const sessionOf: Record<PageColumn, SessionUser | null> = {
  visitor: null,
  reader: viewer({ id: 'reader-1', username: 'reader_one' }),
  // On the team of the one series the mocked API knows (issue 37 §3).
  translator: viewer({
    id: 'translator-1',
    username: 'translator_one',
    seriesRoles: [{ seriesId: '00000000-0000-4000-8000-000000000001', role: 'translator', canPublish: false }],
  }),
  premium: viewer({ id: 'premium-1', username: 'premium_one', isPremium: true, membership: 'Patron' }),
  editor: viewer({ id: 'editor-1', username: 'editor_one', role: 'editor' }),
  admin: viewer({ id: 'admin-1', username: 'admin_one', role: 'admin' }),
};

const chapterSummary = (number: number): ChapterSummary => ({
  id: `00000000-0000-4000-8000-00000000010${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: at,
  price: 0,
  freeAt: null,
  access: 'free',
  openUntil: null,
  language: 'en',
  fallback: false,
});
const series: SeriesDetail = {
  id: '00000000-0000-4000-8000-000000000100',
  slug: 'lantern',
  type: 'comic',
  title: 'The Lantern Keeper',
  alternativeNames: '',
  description: 'A city swallowed by night.',
  status: 'ongoing',
  cover: null,
  author: '',
  artist: '',
  releaseYear: null,
  isAdult: false,
  views: 10,
  originalLanguage: 'en',
  language: 'en',
  editions: [],
  genres: [],
  chapters: [chapterSummary(2), chapterSummary(1)],
  chapterCount: 2,
  firstChapter: { slug: 'chapter-1', number: 1 },
  forSaleCount: 0,
};
const chapter: ChapterContent = {
  series: { id: series.id, slug: series.slug, title: series.title, type: 'comic', cover: null },
  chapter: chapterSummary(2),
  canRead: true,
  isPreview: false,
  pageCount: 1,
  pages: [{ id: 'p1', url: '/media/pages/c/1.webp?exp=1&sig=x', width: 800, height: 1200 }],
  content: null,
  previous: { slug: 'chapter-1', number: 1, title: '' },
  next: null,
  chapters: [chapterSummary(2), chapterSummary(1)],
  chapterCount: 2,
  offers: [],
  openUntil: null,
  language: 'en',
  fallback: false,
};
const announcement: Announcement = {
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'news',
  title: 'Chapter 100 is out',
  body: '<p>Thank you for reading.</p>',
  excerpt: 'Thank you for reading.',
  cover: null,
  publishedAt: at,
  pinned: false,
};
const teamAnnouncement: TeamAnnouncement = { ...announcement, state: 'published', createdAt: at, updatedAt: at };
const teamSeries = teamSeriesFixture({
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'lantern',
  title: 'The Lantern Keeper',
  waitPassExcludesNewest: 0,
});
const adminUser: AdminUserDetail = {
  id: '00000000-0000-4000-8000-000000000003',
  username: 'alice_reads',
  email: 'alice@example.com',
  role: 'reader',
  coins: 40,
  isBanned: false,
  isPremium: false,
  membership: null,
  createdAt: at,
  lastSeenAt: null,
  avatarUrl: null,
  twoFactorEnabled: false,
  sessionCount: 1,
  purchases: { items: [], total: 0 },
  ledger: { items: [], total: 0 },
  comments: { items: [], total: 0 },
};
const payoutStatement: EndpointData<'myPayoutStatement'> = {
  ...statement(),
  payee: { username: 'reader_one' },
  items: [],
};
const siteSettings: PublicSiteSettings = {
  siteName: 'Inkwell',
  discordUrl: null,
  developerName: 'Inkwell',
  contacts: [],
  defaultLocale: 'en',
  defaultCurrency: 'usd',
  maintenance: { enabled: false, message: '' },
  registrationOpen: true,
};

const ok = (data: unknown) => () => Response.json({ success: true, data, message: 'ok' });
const missing = (code: string) => () =>
  Response.json({ success: false, message: 'Not found', error: { code, message: 'Not found' } }, { status: 404 });

/** What the pages load, by path; anything else answers the mock's plain 404 (pages show their own error state). */
function apiFor(column: PageColumn) {
  const user = sessionOf[column];
  const profile: ProfileData | null = user
    ? { ...user, autoUnlock: false, createdAt: at, avatarVersion: 0, twoFactorEnabled: false, hasEarnings: false }
    : null;
  return {
    [ROUTES.verify.path]: user ? verifyAsViewer(user) : verifyAs(null),
    [ROUTES.siteSettings.path]: ok(siteSettings),
    [ROUTES.profile.path]: ok(profile),
    [ROUTES.home.path]: ok({ banners: [], latest: [], trending: [], newest: [], premium: [] }),
    [ROUTES.seriesList.path]: ok({ items: [], pagination }),
    [ROUTES.genres.path]: ok([]),
    [`${PUB}/series/lantern`]: ok(series),
    [`${PUB}/series/lantern/chapters/chapter-2`]: ok(chapter),
    [`${PUB}/series/gone`]: missing('series_not_found'),
    [`/api/omegascans/secure/me/series/${series.id}/progress`]: ok({ chapters: {}, continue: null, bookmarked: false }),
    [ROUTES.mySubscription.path]: ok(null),
    [ROUTES.announcements.path]: ok({ items: [], pagination }),
    [`${PUB}/announcements/news`]: ok(announcement),
    [`${PUB}/announcements/gone`]: missing('announcement_not_found'),
    [ROUTES.coinPackages.path]: ok({ items: [coinPackage()] }),
    [ROUTES.plans.path]: ok({ items: [plan()] }),
    [`/api/omegascans/secure/me/purchases/${purchase().id}`]: ok(purchase()),
    [ROUTES.notifications.path]: () =>
      Response.json({
        success: true,
        data: { notifications: [], pagination: { limit: 10, offset: 0, total: 0, total_unread: 0 } },
      }),
    [`${TEAM}/series/${teamSeries.id}`]: ok(teamSeries),
    [ROUTES.teamSeriesList.path]: ok({ items: [], pagination }),
    [ROUTES.teamImports.path]: ok([]),
    [`${TEAM}/announcements/${teamAnnouncement.id}`]: ok(teamAnnouncement),
    [`${ADMIN}/users/${adminUser.id}`]: ok(adminUser),
    [fillPath(ROUTES.myPayoutStatement.path, { month: '2026-10' })]: ok(payoutStatement),
  };
}

/** The table's route with its {placeholders} filled in with ids the mocked API knows. */
const addressOf = (route: string) =>
  route
    .replace('{seriesId}', teamSeries.id)
    .replace('{announcementId}', teamAnnouncement.id)
    .replace('{userId}', adminUser.id)
    .replace('{purchaseId}', purchase().id);

/** Every page's path pattern in the router (catch-alls left out), e.g. /SeriesView/:seriesSlug. */
function patternsOf(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...patternsOf(route.children ?? [], path)].filter((pattern) => !pattern.endsWith('*'));
  });
}

/** Where the route ended: its own page (with its heading), or another address. */
async function outcomeOf(route: string, column: PageColumn, heading: string): Promise<PageOutcome | string> {
  const fetchMock = mockApi(apiFor(column));
  // The dashboard's routes come as the browser goes there, as in the app.
  const { router, unmount } = renderRoutes(createRoutes, route, { patchRoutesOnNavigation: discoverRoutes });
  const requested = route.split('?')[0]!.toLowerCase();
  const name = heading.replace('{username}', sessionOf[column]?.username ?? '');
  try {
    const judge = () =>
      waitFor(
        () => {
          const { pathname, search } = router.state.location;
          if (pathname === '/errorPage' && requested !== '/errorpage') {
            const code = new URLSearchParams(search).get('error') ?? '';
            // The error page itself shows, not only its address.
            expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0);
            return code as PageOutcome;
          }
          if (pathname === '/' && requested !== '/') return 'home';
          if (pathname === '/Dashboard/Series/Series' && requested === '/dashboard') return 'series_list';
          if (pathname.toLowerCase() !== requested) return `moved to ${pathname}${search}`;
          // Its heading may carry tags after the name (a user's role and status).
          expect(screen.getAllByRole('heading', { name: (text) => text.startsWith(name) }).length).toBeGreaterThan(0);
          return 'page';
        },
        { timeout: 4000 },
      );
    const first = await judge();
    if (first !== 'page') return first;
    // A page can show before the session check that sends its viewer elsewhere has settled (a
    // signed-in reader on /register): judge again once every call made so far has answered.
    while (fetchMock.mock.results.length > 0) {
      const pending = fetchMock.mock.results.map((result) => result.value as unknown);
      await act(async () => {
        await Promise.allSettled(pending);
      });
      if (fetchMock.mock.results.length === pending.length) break;
    }
    return await judge();
  } catch {
    const headings = screen.queryAllByRole('heading').map((element) => element.textContent);
    return `stayed at ${router.state.location.pathname} without the heading "${name}" (headings: ${JSON.stringify(headings)})`;
  } finally {
    unmount();
  }
}

afterEach(() => localStorage.clear());

describe('the page permission matrix (issue 10 §4)', () => {
  it('has a row for every page of the router', () => {
    const addresses = MATRIX.map((row) => addressOf(row.route).split('?')[0]!);
    const patterns = patternsOf(withDashboard(createRoutes(createQueryClient())));
    const missing = patterns.filter(
      (pattern) => !addresses.some((address) => matchPath({ path: pattern, caseSensitive: false }, address)),
    );
    expect(missing, 'pages of router.tsx missing from test/page-matrix.ts').toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.route}: ${PAGE_COLUMNS.map((column) => `${column} ${row.expected[column]}`).join(', ')}`, async () => {
      const actual = {} as Record<PageColumn, string>;
      for (const column of PAGE_COLUMNS) actual[column] = await outcomeOf(addressOf(row.route), column, row.heading);
      expect(actual).toEqual(row.expected);
    }, 30_000);
  }
});
