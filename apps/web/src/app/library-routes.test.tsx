import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import { createRoutes } from './router';
import { ok, pageInfo } from '../features/library/library-fixtures';

describe('the library’s routes (SPEC §2 Reader’s Area)', () => {
  it('the user menu’s BookMarks entry opens /profile/bookmarks, listed in the side menu with History', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.home.path]: () => ok({ banners: [], latest: [], trending: [], newest: [], premium: [] }),
      [ROUTES.history.path]: () => ok({ items: [], pagination: pageInfo(1, 1, 0) }),
      [ROUTES.bookmarks.path]: () => ok({ items: [], pagination: pageInfo(1, 1, 0) }),
    });
    const { router } = renderRoutes(createRoutes, '/');
    fireEvent.click(await screen.findByRole('button', { name: /account menu|user menu|reader_one/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'BookMarks' }));
    expect(await screen.findByRole('heading', { name: 'No bookmarks yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/bookmarks');
    const menu = screen.getByRole('navigation', { name: "Reader's Area" });
    expect(within(menu).getByRole('link', { name: 'Bookmarks' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(menu).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'No history yet' })).toBeInTheDocument();
  });

  it('lists Earnings in the side menu only for a reader the profile says has earnings', async () => {
    const profileOf = (hasEarnings: boolean) => () =>
      ok({
        ...readerUser,
        autoUnlock: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        avatarVersion: 0,
        twoFactorEnabled: false,
        hasEarnings,
      });
    for (const hasEarnings of [false, true]) {
      localStorage.clear();
      mockApi({
        [ROUTES.verify.path]: verifyAs(readerUser),
        [ROUTES.profile.path]: profileOf(hasEarnings),
        [ROUTES.history.path]: () => ok({ items: [], pagination: pageInfo(1, 1, 0) }),
      });
      const { unmount } = renderRoutes(createRoutes, '/profile/history');
      const menu = await screen.findByRole('navigation', { name: "Reader's Area" });
      await screen.findByRole('heading', { name: 'No history yet' });
      if (hasEarnings)
        expect(await within(menu).findByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/profile/earnings');
      else expect(within(menu).queryByRole('link', { name: 'Earnings' })).toBeNull();
      expect(within(menu).getByRole('link', { name: 'Purchases' })).toBeInTheDocument();
      unmount();
    }
  });

  it('sends a visitor to the unauthorized error page', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null) });
    const { router } = renderRoutes(createRoutes, '/profile/bookmarks');
    await screen.findByRole('heading', { name: /sign in|log in|unauthori/i });
    expect(router.state.location.search).toBe('?error=unauthorized');
  });
});
