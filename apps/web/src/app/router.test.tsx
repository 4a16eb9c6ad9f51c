import { act, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../test/render';
import { createQueryClient } from '../lib/query-client';
import { createRoutes, discoverRoutes } from './router';

const PUB = '/api/public/omegascans/public';
const asRole = (role: TestUser['role']): TestUser => ({ ...readerUser, id: `${role}-1`, username: `${role}_one`, role });
/** The dashboard's routes come as the browser goes there, as in the app (router.tsx). */
const discovering = { patchRoutesOnNavigation: discoverRoutes };
const notFound = (code: string, message: string) => () =>
  Response.json({ success: false, message, error: { code, message } }, { status: 404 });

describe('routes (SPEC §2)', () => {
  it.each([
    ['/no/such/page', 'Page not found'],
    ['/SeriesView', 'Series not found'],
    ['/announcements', 'Announcement not found'],
    ['/errorPage?error=maintenance', 'Down for maintenance'],
    ['/errorPage?error=nonsense', 'Something went wrong'],
  ])('%s shows "%s"', async (path, title) => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    renderRoutes(createRoutes, path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('a render error anywhere lands on the error page with server_error', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    function Broken(): never {
      throw new Error('kaput');
    }
    const withBroken = (client: Parameters<typeof createRoutes>[0]): RouteObject[] => {
      const root = createRoutes(client)[0] as RouteObject;
      return [
        { ...root, index: false, children: [...(root.children ?? []), { path: 'broken', element: <Broken /> }] } as RouteObject,
      ];
    };
    const original = console.error;
    console.error = () => {};
    const { router } = renderRoutes(withBroken, '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=server_error');
    console.error = original;
  });
});

describe('admin-only dashboard pages (SPEC §2, §4; issue 7 §4.18)', () => {
  const ADMIN_ONLY = ['Finances/Purchases', 'Finances/Plans', 'Finances/Coins', 'Users', 'MetricsAdmin', 'Configuration'];

  it.each(ADMIN_ONLY)('an editor opening /Dashboard/%s lands on the forbidden error page', async (page) => {
    mockApi({ '/api/proxy/public/verify': verifyAs(asRole('editor')) });
    const { router } = renderRoutes(createRoutes, `/Dashboard/${page}`, discovering);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=forbidden');
  });

  it('an admin opens Users, which the side menu lists; an editor is forbidden a user’s page', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(asRole('admin')),
      '/api/omegascans/secure/admin/users': () =>
        Response.json({ success: true, data: { items: [], pagination: { page: 1, perPage: 25, total: 0, totalPages: 1 } } }),
    });
    const admin = renderRoutes(createRoutes, '/Dashboard/Users', discovering);
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 }, { timeout: 4000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Users' }),
    ).toBeInTheDocument();
    admin.unmount();

    mockApi({ '/api/proxy/public/verify': verifyAs(asRole('editor')) });
    const { router } = renderRoutes(createRoutes, '/Dashboard/Users/00000000-0000-4000-8000-000000000001', discovering);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=forbidden');
  });

  it('an admin opens the finance pages, which the side menu lists', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(asRole('admin')),
      '/api/omegascans/secure/admin/plans': () => Response.json({ success: true, data: { items: [] } }),
    });
    renderRoutes(createRoutes, '/Dashboard/Finances/Plans', discovering);
    expect(await screen.findByRole('heading', { name: 'Plans', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Purchases', 'Plans', 'Coins']) expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
  });

  it('an editor opens Metrics, which the side menu lists; a reader is forbidden the dashboard', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(asRole('editor')) });
    const editor = renderRoutes(createRoutes, '/Dashboard/Metrics', discovering);
    expect(await screen.findByRole('heading', { name: 'Metrics', level: 1 }, { timeout: 4000 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Metrics' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Admin metrics' })).not.toBeInTheDocument();
    editor.unmount();

    mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    const { router } = renderRoutes(createRoutes, '/Dashboard/Users', discovering);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=forbidden');
  });
});

describe("the dashboard's routes, fetched as the browser first goes there (issue 35: not on a reader's first page)", () => {
  it('are not among the first routes, and a navigation to the dashboard brings them', async () => {
    const first = matchRoutes(createRoutes(createQueryClient()), '/Dashboard/Metrics') ?? [];
    expect(first.at(-1)?.route.path).toBe('*');

    mockApi({ '/api/proxy/public/verify': verifyAs(asRole('editor')) });
    const { router } = renderRoutes(createRoutes, '/errorPage?error=nonsense', discovering);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/metrics'));
    expect(await screen.findByRole('heading', { name: 'Metrics', level: 1 }, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/metrics');
    // Back on a public page and to another dashboard page: the routes are patched in once.
    await act(() => router.navigate('/errorPage?error=nonsense'));
    await act(() => router.navigate('/Dashboard/Comments'));
    expect(await screen.findByRole('heading', { name: 'Comments', level: 1 }, { timeout: 4000 })).toBeInTheDocument();
    const root = router.routes[0]!;
    expect(root.children?.filter((route) => route.path === 'Dashboard')).toHaveLength(1);
  });
});

describe('route loaders (DESIGN §6)', () => {
  const series = {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'lantern',
    type: 'comic',
    title: 'The Lantern Keeper',
    alternativeNames: '',
    description: 'A city swallowed by night.',
    status: 'ongoing',
    cover: null,
    author: null,
    artist: null,
    releaseYear: null,
    isAdult: false,
    views: 10,
    genres: [],
    chapters: [],
    chapterCount: 0,
    firstChapter: null,
    forSaleCount: 0,
    originalLanguage: 'en',
    language: 'en',
    editions: [{ language: 'en', title: 'The Lantern Keeper' }],
  };

  it('load the series once, into the cache the page reads, and show the page', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/series/lantern`]: () => Response.json({ success: true, data: series }),
    });
    const { queryClient } = renderRoutes(createRoutes, '/SeriesView/lantern');
    expect(await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === `${PUB}/series/lantern`)).toHaveLength(1);
    expect(queryClient.getQueryData(['catalogue', 'series', 'lantern'])).toMatchObject({ title: 'The Lantern Keeper' });
  });

  it.each([
    ['series_not_found', 'Series not found'],
    // What the server answered before it had series_not_found.
    ['not_found', 'Series not found'],
  ])('send a series answered with %s to the series_not_found page', async (code, message) => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [`${PUB}/series/gone`]: notFound(code, message) });
    const { router } = renderRoutes(createRoutes, '/SeriesView/gone');
    expect(await screen.findByRole('heading', { name: 'Series not found' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=series_not_found');
  });

  it.each([
    ['series_not_found', 'Series not found', 'series_not_found'],
    ['chapter_not_found', 'Chapter not found', 'not_found'],
    // The code decides, never the message: this one says "Series not found" but its code does not.
    ['not_found', 'Series not found', 'not_found'],
  ])('send a chapter answered with %s ("%s") to %s', async (code, message, page) => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/series/lantern/chapters/chapter-9`]: notFound(code, message),
    });
    const { router } = renderRoutes(createRoutes, '/SeriesView/lantern/chapter-9');
    await waitFor(() => expect(router.state.location.search).toBe(`?error=${page}`));
  });

  it('send an unknown announcement to the announcement_not_found page', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/announcements/gone`]: notFound('announcement_not_found', 'Announcement not found'),
    });
    const { router } = renderRoutes(createRoutes, '/announcements/gone');
    expect(await screen.findByRole('heading', { name: 'Announcement not found' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=announcement_not_found');
  });

  it('open the announcement editor for an editor, with Announcements in the side menu', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(asRole('editor')) });
    renderRoutes(createRoutes, '/Dashboard/Announcements/AddAnnouncements', discovering);
    expect(await screen.findByRole('heading', { name: 'New announcement', level: 1 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Announcements' }),
    ).toBeInTheDocument();
  });

  it('leave any other failure to the page, which offers a retry', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/series/lantern`]: () =>
        Response.json({ success: false, message: 'Oops', error: { code: 'internal_error', message: 'Oops' } }, { status: 500 }),
    });
    renderRoutes(createRoutes, '/SeriesView/lantern');
    expect(await screen.findByText('We could not load this series. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('home waits for the session, so a signed-in reader is greeted without a join strip first', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      [`${PUB}/home`]: () =>
        Response.json({ success: true, data: { banners: [], latest: [], trending: [], newest: [], premium: [] } }),
    });
    renderRoutes(createRoutes, '/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, reader_one.' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Join Inkwell' })).toBeNull();
  });
});
