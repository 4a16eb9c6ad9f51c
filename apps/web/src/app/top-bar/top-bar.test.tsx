import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderInApp, renderRoutes, verifyAs } from '../../../test/render';
import { TopBar } from './top-bar';

/** jsdom loads no images: this one "loads" on the next tick so the series dropdown can open. */
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    setTimeout(() => this.onload?.(), 0);
  }
}

beforeEach(() => {
  vi.stubGlobal('Image', LoadingImage);
  mockApi({
    '/api/proxy/public/verify': verifyAs(readerUser),
    '/api/omegascans/secure/me/get/notification/unread/count': () => Response.json({ success: true, data: { unread_count: 12 } }),
    '/api/omegascans/secure/me/get/notification': () =>
      Response.json({
        success: true,
        data: { notifications: [], pagination: { limit: 10, offset: 0, total: 0, total_unread: 0 } },
      }),
    '/api/public/omegascans/public/site-settings': () =>
      Response.json({
        success: true,
        data: { siteName: 'Inkwell', discordUrl: 'https://discord.example/x', developerName: 'Team', contacts: [] },
      }),
  });
});
afterEach(() => {
  act(() => {
    window.innerWidth = 1024;
  });
});

describe('top bar panels (SPEC §4 Menu panels)', () => {
  it('opens one panel at a time and closes on a click outside', async () => {
    renderInApp(
      <div>
        <TopBar />
        <p>outside</p>
      </div>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    // A panel's code arrives as it first opens (or once the page is idle).
    expect(await screen.findByRole('menu', { name: 'Account' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();

    const series = screen.getByRole('button', { name: 'Series' });
    await waitFor(() => expect(series).toHaveAttribute('data-ready', 'true'));
    fireEvent.click(series);
    expect(screen.queryByText('No notifications yet')).toBeNull();
    expect(screen.getByText('Our premium tab designed for our most loyal readers')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByText('Our premium tab designed for our most loyal readers')).toBeNull();
  });

  it('shows the user menu with name, role tag, coins and the role’s entries', async () => {
    renderInApp(<TopBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByTestId('user-menu-name')).toHaveTextContent('reader_one');
    expect(screen.getByText('Reader')).toBeInTheDocument();
    expect(screen.getByTestId('user-menu-coins')).toHaveTextContent('120');
    for (const entry of ['Profile', 'BookMarks', 'Logout'])
      expect(screen.getByRole('menuitem', { name: entry })).toBeInTheDocument();
    // Issue 33: a reader's own pages are one click away too.
    for (const [entry, href] of [
      ['History', '/profile/history'],
      ['Purchases', '/profile/purchases'],
      ['Downloads', '/profile/downloads'],
    ])
      expect(screen.getByRole('menuitem', { name: entry })).toHaveAttribute('href', href);
    expect(await screen.findByRole('menuitem', { name: 'Discord' })).toHaveAttribute('href', 'https://discord.example/x');
    expect(screen.queryByRole('menuitem', { name: /Dashboard/ })).toBeNull();
  });

  it('gives a reader on a series’ team the Dashboard entry (issue 37 §3)', async () => {
    const member = { ...readerUser, seriesRoles: [{ seriesId: 's1', role: 'translator' as const, canPublish: false }] };
    mockApi({ '/api/proxy/public/verify': verifyAs(member) });
    renderInApp(<TopBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/Dashboard');
  });

  it('shows 9+ on the badge above 9 unread', async () => {
    renderInApp(<TopBar />);
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('9+');
  });

  it('links Store to /buy/store on the desktop and /buy/coins in the mobile menu', async () => {
    renderInApp(<TopBar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('a[href="/buy/store"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = await screen.findByTestId('mobile-menu');
    expect(mobile.querySelector('a[href="/buy/coins"]')).not.toBeNull();
  });

  it('closes the mobile menu when the window reaches 768 px, not below', async () => {
    renderInApp(<TopBar />);
    act(() => {
      window.innerWidth = 375;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByTestId('mobile-menu')).toBeInTheDocument();
    act(() => {
      window.innerWidth = 767;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('mobile-menu')).toBeInTheDocument();
    act(() => {
      window.innerWidth = 768;
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });
});

describe('the mobile search button (issue 7 §4.18)', () => {
  it('opens the search panel below the bar, with SPEC’s rules, and closes like the other panels', async () => {
    renderInApp(<TopBar />);
    const button = screen.getByRole('button', { name: 'Search series' });
    fireEvent.click(button);
    const row = screen.getByTestId('mobile-search');
    const field = within(row).getByRole('searchbox', { name: 'Search series' });
    expect(field).toHaveFocus();
    // The panel's text comes with its code, fetched once the browser is idle or as the panel opens (search-box.tsx).
    await waitFor(() =>
      expect(within(row).getByTestId('search-panel')).toHaveTextContent('Please enter at least 3 characters to search.'),
    );
    expect(screen.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');

    // One panel at a time: the notifications close the search row.
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(screen.queryByTestId('mobile-search')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search series' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('mobile-search')).toBeNull();
  });
});

describe('a visitor', () => {
  it('is sent to /login by the user icon and warned by the bell', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    const { router } = renderInApp(<TopBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    // The toast lives outside this tree; no notification call is made for a visitor.
    const calls = (globalThis.fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls;
    expect(calls.some(([url]) => String(url).includes('notification'))).toBe(false);
  });
});

describe('menus and page changes', () => {
  /** Home and a next page whose data comes when the test says. */
  function renderWithSlowNextPage() {
    let deliver: (value: null) => void = () => {};
    const view = renderRoutes(
      [
        {
          element: (
            <>
              <TopBar />
              <Outlet />
            </>
          ),
          children: [
            { path: '/', element: <h1>Home</h1> },
            { path: '/next', loader: () => new Promise<null>((resolve) => (deliver = resolve)), element: <h1>Next page</h1> },
          ],
        },
      ],
      '/',
    );
    return { ...view, deliver: () => act(() => deliver(null)) };
  }

  it('closes the menu opened on the page left', async () => {
    const { router, deliver } = renderWithSlowNextPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menu', { name: 'Account' })).toBeInTheDocument();
    act(() => void router.navigate('/next'));
    await deliver();
    await screen.findByRole('heading', { name: 'Next page' });
    expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull();
  });

  it('keeps a menu the reader opened while the next page was loading (the click is not lost)', async () => {
    const { router, deliver } = renderWithSlowNextPage();
    const accountMenu = await screen.findByRole('button', { name: 'Account menu' });
    act(() => void router.navigate('/next'));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    fireEvent.click(accountMenu);
    expect(await screen.findByRole('menu', { name: 'Account' })).toBeInTheDocument();
    await deliver();
    await screen.findByRole('heading', { name: 'Next page' });
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
  });
});
