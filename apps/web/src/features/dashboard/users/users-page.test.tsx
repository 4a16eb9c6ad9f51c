import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { ADMIN, adminUser, ok, userRow } from './test-data';
import UsersPage from './users-page';

const PATH = '/Dashboard/Users';
const page = (items: unknown[], pagination = { page: 1, perPage: 25, total: items.length, totalPages: 1, totalCapped: false }) =>
  ok({ items, pagination });
const renderPage = (path = PATH) =>
  renderRoutes(
    [
      { path: PATH, element: <UsersPage /> },
      { path: `${PATH}/:id`, element: <h1>User page</h1> },
    ],
    path,
  );
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`${ADMIN}/users?`));

const banned = userRow({
  id: '00000000-0000-4000-8000-000000000502',
  username: 'troll',
  email: 'troll@example.com',
  isBanned: true,
  coins: 0,
});
const premiumEditor = userRow({
  id: '00000000-0000-4000-8000-000000000503',
  username: 'ed',
  email: 'ed@example.com',
  role: 'editor',
  isPremium: true,
  membership: 'Monthly pass',
  coins: 1200,
  lastSeenAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
});

describe('the users page', () => {
  it('lists users with role, status, coins and last seen; search and filters go to the server and the URL', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/users`]: page([userRow(), banned, premiumEditor], {
        page: 1,
        perPage: 25,
        total: 53,
        totalPages: 3,
        totalCapped: false,
      }),
    });
    const { router } = renderPage();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('mira');
    expect(rows[0]).toHaveTextContent('mira@example.com');
    expect(rows[0]).toHaveTextContent('Reader');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('340');
    expect(rows[0]).toHaveTextContent('Not signed in');
    expect(within(rows[1]!).getByTestId('user-status')).toHaveTextContent('Banned');
    expect(rows[2]).toHaveTextContent('Editor');
    expect(within(rows[2]!).getByTestId('user-status')).toHaveTextContent('Premium');
    expect(rows[2]).toHaveTextContent('1,200');
    expect(rows[2]).toHaveTextContent('3 hours ago');
    expect(screen.getByText('53 users')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', `${PATH}?page=2`);
    expect(within(rows[1]!).getByRole('link', { name: 'Open troll' })).toHaveAttribute('href', `${PATH}/${banned.id}`);
    expect(listCalls(fetchMock)).toEqual([`${ADMIN}/users?page=1`]);

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'premium' } });
    fireEvent.change(screen.getByRole('searchbox', { name: /Search users/ }), { target: { value: 'Ed@' } });
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toBe(`${ADMIN}/users?page=1&q=Ed%40&role=editor&status=premium`));
    expect(router.state.location.search).toBe('?role=editor&status=premium&q=Ed%40');
  });

  it('reads its page and filters from the URL, ignores unknown ones, and says when nothing matches', async () => {
    const fetchMock = mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [`${ADMIN}/users`]: page([]) });
    renderPage(`${PATH}?status=banned&role=owner&page=2&q=zed`);
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toEqual([`${ADMIN}/users?page=2&q=zed&status=banned`]);
    expect(screen.getByLabelText('Account')).toHaveValue('banned');
    expect(screen.getByLabelText('Role')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: /Search users/ })).toHaveValue('zed');
  });

  it('opens a user from their row', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [`${ADMIN}/users`]: page([userRow()]) });
    const { router } = renderPage();
    fireEvent.click(await screen.findByTestId('user-row'));
    expect(await screen.findByRole('heading', { name: 'User page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PATH}/${userRow().id}`);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/users`]: () =>
        fail ? Response.json({ success: false, message: 'down' }, { status: 500 }) : page([userRow()])(),
    });
    renderPage();
    expect(await screen.findByText('We could not load the users.', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('user-row')).toBeInTheDocument();
  });

  it('says "1,000+ users" when the server stopped counting a common name, and pages on', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/users`]: page([userRow(), banned], { page: 40, perPage: 25, total: 1000, totalPages: 41, totalCapped: true }),
    });
    renderPage(`${PATH}?q=kofi&page=40`);
    expect(await screen.findByText('1,000+ users')).toBeInTheDocument();
    expect(screen.queryByText('1,000 users')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', `${PATH}?q=kofi&page=41`);
  });
});
