import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { ADMIN, adminUser, ok, refused, userDetail } from './test-data';
import UserDetailPage from './user-detail-page';

const user = userDetail();
const PATH = `/Dashboard/Users/${user.id}`;
const USER_API = `${ADMIN}/users/${user.id}`;
const renderPage = (path = PATH) =>
  renderRoutes(
    [
      { path: '/Dashboard/Users/:id', element: <UserDetailPage /> },
      { path: '/errorPage', element: <h1>Error page</h1> },
    ],
    path,
  );
const bodiesSent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init!.body)) as unknown);

describe("a user's page", () => {
  it('shows the profile facts and the purchases, ledger and comments tabs', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [USER_API]: ok(userDetail({ twoFactorEnabled: true })) });
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: /mira/, level: 1 })).toHaveTextContent('Reader');
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!;
    expect(fact('Coins')).toHaveTextContent('340');
    expect(fact('Membership')).toHaveTextContent('None');
    expect(fact('Two-factor sign-in')).toHaveTextContent('On');
    expect(fact('Open sessions')).toHaveTextContent('2');
    expect(fact('Last seen')).toHaveTextContent('Not signed in');

    expect(screen.getByRole('tab', { name: 'Purchases (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('user-purchase')).toHaveTextContent('Stack · 550 coins');
    expect(screen.getByTestId('user-purchase')).toHaveTextContent('$4.99');

    fireEvent.click(screen.getByRole('tab', { name: 'Ledger (2)' }));
    expect(router.state.location.search).toBe('?tab=ledger');
    const entries = screen.getAllByTestId('user-ledger-entry');
    expect(entries[0]).toHaveTextContent('Purchase');
    expect(entries[0]).toHaveTextContent('+550');
    expect(entries[1]).toHaveTextContent('Unlocked Lantern chapter 4');
    expect(entries[1]).toHaveTextContent('−210');

    fireEvent.click(screen.getByRole('tab', { name: 'Comments (31)' }));
    const comment = screen.getByTestId('user-comment');
    // The words as text, never as markup.
    expect(comment).toHaveTextContent('What a <b>cliffhanger</b>');
    expect(comment).toHaveTextContent('The Lantern Keeper');
    expect(comment).toHaveTextContent('Chapter 4');
    expect(comment).toHaveTextContent('Hidden');
    expect(comment).toHaveTextContent('2 reports');
    expect(screen.getByText(/The newest 1 of 31/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moderate their comments' })).toHaveAttribute(
      'href',
      `/Dashboard/Comments?userId=${user.id}&user=mira`,
    );
  });

  it('changes the role and shows the server’s refusal to demote the last admin', async () => {
    let current = userDetail();
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${USER_API}`]: () => ok(current)(),
      [`PATCH ${USER_API}`]: (init) => {
        const body = JSON.parse(String(init!.body)) as { role: string };
        if (body.role === 'reader') return refused(409, 'conflict', 'mira is the last admin: make someone else an admin first')();
        current = userDetail({ role: 'editor' });
        return Response.json({ success: true, data: current, message: 'mira is now an editor' });
      },
    });
    renderPage();
    const save = await screen.findByRole('button', { name: 'Save role' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'editor' } });
    fireEvent.click(save);
    expect(await screen.findByText('mira is now an editor')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Editor');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('editor');
    expect(bodiesSent(fetchMock, 'PATCH')).toEqual([{ role: 'editor' }]);

    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'reader' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('mira is the last admin');
  });

  it('bans only after a confirmation, then offers to unban', async () => {
    let current = userDetail();
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${USER_API}`]: () => ok(current)(),
      [`PATCH ${USER_API}`]: (init) => {
        const { banned } = JSON.parse(String(init!.body)) as { banned: boolean };
        current = userDetail({ isBanned: banned, sessionCount: 0 });
        return Response.json({
          success: true,
          data: current,
          message: banned ? 'mira is banned and signed out' : 'mira can sign in again',
        });
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ban mira' }));
    const dialog = screen.getByRole('dialog', { name: 'Ban mira?' });
    expect(dialog).toHaveTextContent('signed out on every device at once');
    expect(bodiesSent(fetchMock, 'PATCH')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesSent(fetchMock, 'PATCH')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ban mira' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban and sign out' }));
    expect(await screen.findByText('mira is banned and signed out')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'PATCH')).toEqual([{ banned: true }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Banned');
    expect(screen.getByText('Open sessions', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0');

    fireEvent.click(screen.getByRole('button', { name: 'Unban mira' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Unban mira?' })).getByRole('button', { name: 'Unban' }));
    expect(await screen.findByText('mira can sign in again')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'PATCH')).toEqual([{ banned: true }, { banned: false }]);
  });

  it('offers no ban on the admin’s own page', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [USER_API.replace(user.id, adminUser.id)]: ok(userDetail({ id: adminUser.id, username: 'boss', role: 'admin' })),
    });
    renderPage(`/Dashboard/Users/${adminUser.id}`);
    expect(await screen.findByText('You cannot ban yourself.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ban/ })).toBeNull();
  });

  it('adjusts coins with a required reason: clear errors first, then the new balance', async () => {
    let current = userDetail();
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${USER_API}`]: () => ok(current)(),
      [`POST ${USER_API}/coins`]: (init) => {
        const { delta, reason } = JSON.parse(String(init!.body)) as { delta: number; reason: string };
        if (current.coins + delta < 0) {
          return refused(
            402,
            'insufficient_coins',
            `mira has ${current.coins} coins: taking ${-delta} would leave less than 0`,
          )();
        }
        current = userDetail({ coins: current.coins + delta });
        return Response.json({
          success: true,
          data: {
            userId: user.id,
            balance: current.coins,
            entry: {
              id: '00000000-0000-4000-8000-000000000699',
              delta,
              kind: 'adjustment',
              balanceAfter: current.coins,
              reason,
              createdAt: new Date().toISOString(),
              chapter: null,
            },
          },
          message: `Added ${delta} coins to mira: the balance is ${current.coins}`,
        });
      },
    });
    renderPage();
    const coins = await screen.findByRole('region', { name: 'Coins' });
    const submit = within(coins).getByRole('button', { name: 'Adjust coins' });

    fireEvent.click(submit);
    expect(await within(coins).findByText('Coins must be a whole number')).toBeInTheDocument();
    expect(within(coins).getByText('Give a reason')).toBeInTheDocument();

    fireEvent.change(within(coins).getByLabelText('Coins to add or take'), { target: { value: '0' } });
    fireEvent.change(within(coins).getByLabelText('Reason'), { target: { value: ' ok ' } });
    fireEvent.click(submit);
    expect(await within(coins).findByText(/Coins cannot be zero/)).toBeInTheDocument();
    expect(within(coins).getByText('The reason needs at least 3 characters')).toBeInTheDocument();

    fireEvent.change(within(coins).getByLabelText('Coins to add or take'), { target: { value: '2.5' } });
    fireEvent.click(submit);
    expect(await within(coins).findByText('Coins must be a whole number')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST')).toEqual([]);

    fireEvent.change(within(coins).getByLabelText('Coins to add or take'), { target: { value: '-500' } });
    fireEvent.change(within(coins).getByLabelText('Reason'), { target: { value: 'Chargeback' } });
    fireEvent.click(submit);
    expect(await within(coins).findByRole('alert')).toHaveTextContent('mira has 340 coins: taking 500 would leave less than 0');

    fireEvent.change(within(coins).getByLabelText('Coins to add or take'), { target: { value: '60' } });
    fireEvent.change(within(coins).getByLabelText('Reason'), { target: { value: '  Sorry for the outage ' } });
    fireEvent.click(submit);
    expect(await within(coins).findByText('Added 60 coins to mira: the balance is 400')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST').at(-1)).toEqual({ delta: 60, reason: 'Sorry for the outage' });
    expect(within(coins).getByLabelText('Coins to add or take')).toHaveValue(null);
    await waitFor(() => expect(within(coins).getByText(/Balance:/)).toHaveTextContent('Balance: 400 coins'));
  });

  it('sends an unknown user to the not-found error page', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [USER_API]: refused(404, 'not_found', 'User not found') });
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Error page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=not_found');
  });
});
