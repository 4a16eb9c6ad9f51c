import { ROUTES, fillPath } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { bookmark, ok, pageInfo, seriesId } from '../library-fixtures';
import BookmarksPage from './bookmarks-page';

const renderPage = (path = '/profile/bookmarks') =>
  renderRoutes(
    [
      {
        path: '/profile/bookmarks',
        element: (
          <>
            <BookmarksPage />
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('/profile/bookmarks', () => {
  it('lists each followed series with its latest chapter, unread count and a Continue button', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: () =>
        ok({
          items: [
            bookmark(1, 'The Lantern Keeper'),
            bookmark(2, 'Willowmere', { unreadCount: 0, continue: null }),
            bookmark(3, 'Salt and Iron', { unreadCount: 7, continue: null, latestChapter: null }),
          ],
          pagination: pageInfo(1, 1, 3),
        }),
    });
    renderPage();
    const items = await screen.findAllByTestId('bookmark-item');
    expect(items).toHaveLength(3);
    const [lantern, willowmere, salt] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(lantern).getByRole('link', { name: 'The Lantern Keeper' })).toHaveAttribute(
      'href',
      '/SeriesView/the-lantern-keeper',
    );
    expect(within(lantern).getByRole('link', { name: 'Chapter 12' })).toHaveAttribute(
      'href',
      '/SeriesView/the-lantern-keeper/chapter-12',
    );
    expect(lantern).toHaveTextContent('2 days ago');
    expect(within(lantern).getByTestId('unread-count')).toHaveTextContent('3 unread');
    expect(within(lantern).getByRole('link', { name: /Continue The Lantern Keeper, ch\. 10/ })).toHaveAttribute(
      'href',
      '/SeriesView/the-lantern-keeper/chapter-10',
    );

    // Read to the last chapter: up to date, nothing to continue.
    expect(willowmere).toHaveTextContent('Up to date');
    expect(within(willowmere).queryByRole('link', { name: /Continue|Start reading/ })).toBeNull();
    // Never opened: start from the series page.
    expect(salt).toHaveTextContent('No chapters yet');
    expect(within(salt).getByRole('link', { name: /Start reading/ })).toHaveAttribute('href', '/SeriesView/salt-and-iron');
  });

  it('sorts by latest update, title or date added, through the URL', async () => {
    const asked: Record<string, string>[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: (_init, url) => {
        asked.push(queryOf(url));
        return ok({ items: [bookmark(1, 'The Lantern Keeper')], pagination: pageInfo(1, 1, 1) });
      },
    });
    const { router } = renderPage();
    const select = await screen.findByLabelText('Sort by');
    expect(select).toHaveValue('updated');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Latest update', 'Title', 'Date added']);
    fireEvent.change(select, { target: { value: 'title' } });
    expect(router.state.location.search).toBe('?sort=title');
    await waitFor(() => expect(asked.at(-1)).toEqual({ sort: 'title', page: '1' }));
    fireEvent.change(select, { target: { value: 'added' } });
    await waitFor(() => expect(asked.at(-1)).toEqual({ sort: 'added', page: '1' }));
    expect(asked[0]).toEqual({ sort: 'updated', page: '1' });
  });

  it('pages through a long list', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: (_init, url) => {
        const page = Number(queryOf(url).page);
        return ok({ items: [bookmark(page, page === 1 ? 'First page' : 'Second page')], pagination: pageInfo(page, 2) });
      },
    });
    const { router } = renderPage();
    expect(await screen.findByRole('link', { name: 'First page' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('link', { name: 'Second page' })).toBeInTheDocument();
  });

  it('removes a bookmark and shows the list without it', async () => {
    let items = [bookmark(1, 'The Lantern Keeper'), bookmark(2, 'Willowmere')];
    const removed: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: () => ok({ items, pagination: pageInfo(1, 1, items.length) }),
      [`DELETE ${fillPath(ROUTES.bookmarkRemove.path, { seriesId: seriesId(1) })}`]: () => {
        removed.push(seriesId(1));
        items = items.filter((item) => item.series.id !== seriesId(1));
        return ok({ seriesId: seriesId(1), bookmarked: false });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove The Lantern Keeper from bookmarks' }));
    expect(await screen.findByText('The Lantern Keeper removed from your bookmarks')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('bookmark-item')).toHaveLength(1));
    expect(removed).toEqual([seriesId(1)]);
  });

  it('says how to follow a series when there are none', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: () => ok({ items: [], pagination: pageInfo(1, 1, 0) }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse series' })).toHaveAttribute('href', '/comics');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fails = true;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.bookmarks.path]: () =>
        fails
          ? Response.json({ success: false, message: 'x' }, { status: 500 })
          : ok({ items: [bookmark(1, 'Back again')], pagination: pageInfo(1, 1, 1) }),
    });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    fails = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});
