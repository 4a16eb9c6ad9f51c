import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { ok, plan, subscription, verifyAsViewer, viewer } from '../store-fixtures';
import SubscriptionPage from './subscription-page';

const renderSubscription = () =>
  renderRoutes(
    [
      {
        path: '/profile/subscriptions',
        element: (
          <>
            <SubscriptionPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/profile/subscriptions',
  );

describe('subscription (Reader’s Area)', () => {
  it('offers the plans when the reader has none', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(readerUser), [ROUTES.mySubscription.path]: () => ok(null) });
    renderSubscription();
    expect(await screen.findByText('You have no plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/buy/subscriptions');
  });

  it('shows the plan and when it renews; cancelling asks first, then shows when it ends', async () => {
    let current = subscription({ plan: plan({ coinsPerPeriod: 50 }) });
    let cancels = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer({ isPremium: true, membership: 'Reader Monthly' })),
      [ROUTES.mySubscription.path]: () => ok(current),
      [`POST ${ROUTES.cancelSubscription.path}`]: () => {
        cancels += 1;
        current = { ...current, cancelAtPeriodEnd: true };
        return ok(current);
      },
    });
    renderSubscription();
    expect(await screen.findByRole('heading', { name: 'Reader Monthly' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText(/\+50 coins every month/)).toBeInTheDocument();
    expect(screen.getByTestId('subscription-period')).toHaveTextContent('Renews on Apr 3, 2026');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = screen.getByRole('group', { name: 'Cancel your plan?' });
    expect(confirm).toHaveFocus();
    // Changing one's mind cancels nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toHaveFocus();
    expect(cancels).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await screen.findByText('Ends on Apr 3, 2026')).toBeInTheDocument();
    expect(await screen.findByText('Your plan ends on Apr 3, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(cancels).toBe(1);
  });

  it('closes the question with Escape', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(readerUser), [ROUTES.mySubscription.path]: () => ok(subscription()) });
    renderSubscription();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    fireEvent.keyDown(screen.getByRole('group', { name: 'Cancel your plan?' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Cancel your plan?' })).toBeNull();
  });
});
