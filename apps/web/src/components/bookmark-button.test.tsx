import { ROUTES, fillPath } from '@inkwell/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import { BROWSER_OWNER_KEY } from '../lib/browser-owner';
import { useBookmark } from '../lib/library/bookmark';
import { BookmarkButton } from './bookmark-button';
import { Toaster } from './toast/toaster';

const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const progressPath = fillPath(ROUTES.seriesProgress.path, { seriesId: SERIES_ID });
const bookmarkPath = fillPath(ROUTES.bookmarkAdd.path, { seriesId: SERIES_ID });

function Harness() {
  return (
    <>
      <BookmarkButton bookmark={useBookmark(SERIES_ID)} />
      <Toaster />
    </>
  );
}
const renderButton = () =>
  renderRoutes(
    [
      { path: '/SeriesView/:slug', element: <Harness /> },
      { path: '/login', element: <p>Log in</p> },
    ],
    '/SeriesView/lantern',
  );

/** A server answer the test releases when it wants. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

describe('the Bookmark button', () => {
  it('asks a visitor to log in, and brings them back here', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null) });
    const { router } = renderButton();
    const link = await screen.findByRole('link', { name: 'Log in to bookmark' });
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/SeriesView/lantern' });
  });

  it('offline, in a browser a reader signed in to, says the bookmark waits for the connection instead of asking to log in', async () => {
    mockApi({ [ROUTES.verify.path]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem(BROWSER_OWNER_KEY, readerUser.id);
    try {
      renderButton();
      const button = await screen.findByRole('button', { name: 'Bookmark (offline)' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('title', 'Bookmarks need a connection: you are offline');
      expect(screen.queryByRole('link', { name: 'Log in to bookmark' })).toBeNull();
    } finally {
      onLine.mockRestore();
      localStorage.removeItem(BROWSER_OWNER_KEY);
    }
  });

  it('follows a series at once (aria-pressed), before the server has answered, and unfollows', async () => {
    const put = deferred();
    const sent: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [progressPath]: () => Response.json({ success: true, data: { chapters: {}, continue: null, bookmarked: false } }),
      [`PUT ${bookmarkPath}`]: () => {
        sent.push('PUT');
        return put.promise;
      },
      [`DELETE ${bookmarkPath}`]: () => {
        sent.push('DELETE');
        return Response.json({ success: true, data: { seriesId: SERIES_ID, bookmarked: false } });
      },
    });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await screen.findByRole('button', { name: 'Bookmark', pressed: false });
    expect(button).toBeEnabled();

    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Bookmarked', pressed: true })).toBeInTheDocument();
    expect(sent).toEqual(['PUT']);
    await act(async () => put.release(Response.json({ success: true, data: { seriesId: SERIES_ID, bookmarked: true } })));
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Bookmarked' }));
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: false })).toBeInTheDocument();
    expect(sent).toEqual(['PUT', 'DELETE']);
  });

  it('goes back and says so when the server refuses', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [progressPath]: () => Response.json({ success: true, data: { chapters: {}, continue: null, bookmarked: true } }),
      [`DELETE ${bookmarkPath}`]: () =>
        Response.json({ success: false, message: 'Oops', error: { code: 'server_error', message: 'Oops' } }, { status: 500 }),
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Bookmarked', pressed: true }));
    expect(await screen.findByText('Your bookmark could not be saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toHaveAttribute('aria-pressed', 'true');
  });
});
