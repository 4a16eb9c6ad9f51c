import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../test/render';
import AnnouncementPage from './announcement-page';
import { AnnouncementsRow } from './announcements-row';

const PUB = '/api/public/omegascans/public';
const announcement = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'summer-schedule',
  title: 'Summer schedule',
  body: '<h2>What changes</h2><p>Chapters come out on <strong>Fridays</strong>.</p><ul><li>One</li></ul>',
  excerpt: 'What changes Chapters come out on Fridays. One',
  cover: { url: '/media/announcements/a/cover.webp', width: 1200, height: 600 },
  publishedAt: '2026-06-01T10:00:00.000Z',
  pinned: true,
};

describe('the announcement page', () => {
  it('shows the title, date, cover at its size and the server’s sanitized body as HTML', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/announcements/summer-schedule`]: () => Response.json({ success: true, data: announcement }),
    });
    renderRoutes([{ path: '/announcements/:slug', element: <AnnouncementPage /> }], '/announcements/summer-schedule');
    expect(await screen.findByRole('heading', { name: 'Summer schedule', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What changes', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Fridays').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('One');
    const time = screen.getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', announcement.publishedAt);
    const cover = document.querySelector('img')!;
    expect(cover).toHaveAttribute('src', announcement.cover.url);
    expect(cover).toHaveAttribute('width', '1200');
    expect(cover).toHaveAttribute('height', '600');
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });

  it('sends an unknown slug to the error page with announcement_not_found', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [`${PUB}/announcements/nope`]: () =>
        Response.json(
          {
            success: false,
            message: 'Announcement not found',
            error: { code: 'announcement_not_found', message: 'Announcement not found' },
          },
          { status: 404 },
        ),
    });
    const { router } = renderRoutes(
      [
        { path: '/announcements/:slug', element: <AnnouncementPage /> },
        { path: '/errorPage', element: <p>error page</p> },
      ],
      '/announcements/nope',
    );
    expect(await screen.findByText('error page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=announcement_not_found');
  });
});

describe('home’s news block', () => {
  it('lists the pinned and newest announcements with links to them, and nothing when there are none', async () => {
    mockApi({
      [`${PUB}/announcements`]: () =>
        Response.json({
          success: true,
          data: {
            items: [
              { ...announcement, body: undefined },
              {
                ...announcement,
                id: '00000000-0000-4000-8000-000000000002',
                slug: 'new-series',
                title: 'A new series',
                pinned: false,
              },
            ],
            pagination: { page: 1, perPage: 10, total: 2, totalPages: 1 },
          },
        }),
    });
    renderRoutes([{ path: '/', element: <AnnouncementsRow /> }]);
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Summer schedule/ })).toHaveAttribute('href', '/announcements/summer-schedule');
    expect(screen.getByRole('link', { name: /A new series/ })).toHaveAttribute('href', '/announcements/new-series');
  });

  it('draws nothing without announcements', async () => {
    const fetchMock = mockApi({
      [`${PUB}/announcements`]: () =>
        Response.json({ success: true, data: { items: [], pagination: { page: 1, perPage: 10, total: 0, totalPages: 1 } } }),
    });
    const { container } = renderRoutes([{ path: '/', element: <AnnouncementsRow /> }]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });
});
