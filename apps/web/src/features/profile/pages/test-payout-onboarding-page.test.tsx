import { ROUTES, testPayoutOnboardingPagePath } from '@inkwell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { account, ok } from '../payout-fixtures';
import PayoutsPage from './payouts-page';
import TestPayoutOnboardingPage from './test-payout-onboarding-page';

describe('the test provider’s payout onboarding (issue 38 §2)', () => {
  it('says it is the test provider; Complete makes the account active and goes back to the payouts page', async () => {
    let current = account({ status: 'pending', provider: 'test', currency: 'eur' });
    let completed = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPayoutAccount.path]: () => ok(current)(),
      [ROUTES.myPayouts.path]: ok({ items: [] }),
      [`POST ${ROUTES.testPayoutOnboardingComplete.path}`]: () => {
        completed += 1;
        current = { ...current, status: 'active' };
        return ok(current)();
      },
    });
    renderRoutes(
      [
        {
          path: testPayoutOnboardingPagePath,
          element: (
            <>
              <TestPayoutOnboardingPage />
              <Toaster />
            </>
          ),
        },
        {
          path: '/account/payouts',
          element: (
            <>
              <PayoutsPage />
              <Toaster />
            </>
          ),
        },
      ],
      testPayoutOnboardingPagePath,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Test payout provider: no real account is opened and no money is sent');
    expect(screen.getByRole('heading', { name: 'Connect a payout account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/account/payouts');

    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { name: 'Payouts' })).toBeInTheDocument();
    expect(await screen.findByText('Your payout account is active.')).toBeInTheDocument();
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('Transfers go to your account, in EUR.');
    expect(completed).toBe(1);
  });

  it('stays and says so when completing fails', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [`POST ${ROUTES.testPayoutOnboardingComplete.path}`]: () =>
        Response.json(
          {
            success: false,
            message: 'Start connecting an account first',
            error: { code: 'conflict', message: 'Start connecting an account first' },
          },
          { status: 409 },
        ),
    });
    renderRoutes(
      [
        {
          path: testPayoutOnboardingPagePath,
          element: (
            <>
              <TestPayoutOnboardingPage />
              <Toaster />
            </>
          ),
        },
      ],
      testPayoutOnboardingPagePath,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Start connecting an account first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled();
  });
});
