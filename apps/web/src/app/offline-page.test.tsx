import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, verifyAs, readerUser } from '../../test/render';
import { writeBrowserOwner } from '../lib/browser-owner';
import { CommentsSlot, CommentsSlotProvider } from '../lib/comments/comments-slot';
import { GlobalErrorBoundary } from './error-boundary';

// Issue 33 §1: offline, a page that cannot load is the offline start page (the kept chapters and
// Downloads), never a bounce to /errorPage; comments say they need a connection.

const kept = {
  chapterId: 'c2',
  seriesSlug: 'the-lantern-keeper',
  chapterSlug: 'chapter-2',
  seriesTitle: 'The Lantern Keeper',
  chapterTitle: 'Chapter 2',
  bytes: 1000,
  savedAt: new Date().toISOString(),
  urls: [],
};

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

describe('offline, the app stays the offline app', () => {
  beforeEach(() => {
    mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    writeBrowserOwner(readerUser.id);
    localStorage.setItem(`inkwell.downloads.${readerUser.id}`, JSON.stringify([kept]));
  });
  afterEach(() => localStorage.clear());

  it('draws the offline page with the kept chapters where a page failed to load, and stays on its address', async () => {
    goOffline();
    const { router } = renderRoutes(
      [
        {
          errorElement: <GlobalErrorBoundary />,
          children: [
            {
              path: 'SeriesView/:series/:chapter',
              loader: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/comments.js')),
              element: <p>the chapter</p>,
            },
            { path: 'errorPage', element: <p>error page</p> },
          ],
        },
      ],
      '/SeriesView/the-lantern-keeper/chapter-3',
    );
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'The Lantern Keeper · Chapter 2' })).toHaveAttribute(
      'href',
      '/SeriesView/the-lantern-keeper/chapter-2',
    );
    expect(screen.getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/profile/downloads');
    expect(screen.queryByText('error page')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/SeriesView/the-lantern-keeper/chapter-3');
  });

  it('online, a page error still goes to the error page', async () => {
    const { router } = renderRoutes(
      [
        {
          errorElement: <GlobalErrorBoundary />,
          children: [
            { path: 'broken', loader: () => Promise.reject(new Error('Not found')), element: <p>broken</p> },
            { path: 'errorPage', element: <p>error page</p> },
          ],
        },
      ],
      '/broken',
    );
    expect(await screen.findByText('error page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=not_found');
  });

  it('says comments need a connection instead of loading them', async () => {
    goOffline();
    const Section = vi.fn(() => <p>comments</p>);
    renderRoutes([
      {
        path: '*',
        element: (
          <CommentsSlotProvider value={Section}>
            <CommentsSlot target={{ chapterId: 'c2' }} />
          </CommentsSlotProvider>
        ),
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Comments need a connection.');
    expect(Section).not.toHaveBeenCalled();
  });
});
