import { ROUTES, testPayoutOnboardingPagePath } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { account, ok, statement } from '../payout-fixtures';
import PayoutsPage from './payouts-page';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderPage = () =>
  renderRoutes(
    [
      { path: '/account/payouts', element: <PayoutsPage /> },
      { path: '*', element: <Where /> },
    ],
    '/account/payouts',
  );

describe('the payouts page (issue 38 §2)', () => {
  it('offers to connect an account in a chosen currency, and goes to the onboarding the server names', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: ok(account()),
      [ROUTES.myPayouts.path]: ok({ items: [] }),
      [`POST ${ROUTES.myPayoutAccountStart.path}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ onboardingUrl: testPayoutOnboardingPagePath })();
      },
    });
    renderPage();
    const card = await screen.findByTestId('payout-account');
    expect(within(card).getByTestId('payout-account-status')).toHaveTextContent('Connect a payout account to be paid');
    expect(card).toHaveTextContent('A month is sent once it reaches $20.00');
    expect(screen.getByText(/No statement yet/)).toBeInTheDocument();

    fireEvent.change(within(card).getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Connect a payout account' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(testPayoutOnboardingPagePath);
    expect(bodies).toEqual([{ currency: 'eur' }]);
  });

  it('asks a payee whose account waits to finish setting it up, without a currency', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: ok(
        account({ status: 'pending', provider: 'test', currency: 'gbp', minimumCurrency: 'gbp', minimumCents: 1700 }),
      ),
      [ROUTES.myPayouts.path]: ok({ items: [] }),
      [`POST ${ROUTES.myPayoutAccountStart.path}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ onboardingUrl: testPayoutOnboardingPagePath })();
      },
    });
    renderPage();
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('not set up yet');
    expect(screen.queryByLabelText('Currency')).toBeNull();
    expect(screen.getByTestId('payout-account')).toHaveTextContent('A month is sent once it reaches £17.00');
    fireEvent.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(testPayoutOnboardingPagePath);
    expect(bodies).toEqual([{}]);
  });

  it('says where transfers go, and lists each month with its figures, status and transfer, linked to its statement', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: ok(account({ status: 'active', provider: 'test', currency: 'usd' })),
      [ROUTES.myPayouts.path]: ok({
        items: [
          statement(),
          statement({
            id: '00000000-0000-4000-8000-000000000502',
            month: '2026-09',
            earnedCents: 2143,
            feeCents: 643,
            adjustmentsCents: 0,
            carriedInCents: 0,
            amountCents: 0,
            carriedOutCents: 1500,
            status: 'carried',
            transferId: null,
            sentAt: null,
          }),
        ],
      }),
    });
    renderPage();
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('Transfers go to your account, in USD.');
    expect(screen.queryByRole('button')).toBeNull();
    const rows = await screen.findAllByTestId('payout-statement-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$42.00', '−$12.60', '-$3.00', '$15.00', '$41.40', '$0.00', 'Sent', 'test_tr_2026-10_payee']);
    expect(within(rows[1]!).getByTestId('payout-status')).toHaveTextContent('Carried on');
    expect(within(rows[0]!).getByRole('link', { name: 'October 2026' })).toHaveAttribute('href', '/account/payouts/2026-10');
    for (const name of ['Earned', "Site's fee", 'Adjustments', 'Carried in', 'Sent', 'Carried on', 'Status', 'Transfer']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
  });

  it('leaves the minimum unsaid when the answer does not say its currency', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: ok({ status: 'none', provider: null, currency: null, minimumCents: 2000 }),
      [ROUTES.myPayouts.path]: ok({ items: [] }),
    });
    renderPage();
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('Connect a payout account');
    expect(screen.queryByText(/A month is sent once it reaches/)).toBeNull();
  });

  it('says so when the account cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: () => {
        calls += 1;
        // The first call and the query's one retry fail.
        return calls <= 2
          ? Response.json({ success: false, message: 'down', error: { code: 'internal', message: 'down' } }, { status: 500 })
          : ok(account({ status: 'active', provider: 'test', currency: 'usd' }))();
      },
      [ROUTES.myPayouts.path]: ok({ items: [] }),
    });
    renderPage();
    expect(await screen.findByText('Your payout account could not be loaded.', {}, { timeout: 4000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('in USD');
  });
});
