import { fillPath, ROUTES } from '@inkwell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { useAuth } from '../../../lib/auth/auth-context';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { fail, id, ok, purchase, verifyAsViewer, viewer } from '../store-fixtures';
import TestCheckoutPage from './test-checkout-page';

const PURCHASE_ID = id(21);
const purchasePath = fillPath(ROUTES.myPurchase.path, { purchaseId: PURCHASE_ID });
const completePath = `POST ${fillPath(ROUTES.testCheckoutComplete.path, { purchaseId: PURCHASE_ID })}`;
const cancelPath = `POST ${fillPath(ROUTES.testCheckoutCancel.path, { purchaseId: PURCHASE_ID })}`;

/** What the top bar shows of the viewer: it reads the session, as this does. */
function Viewer() {
  const { user } = useAuth();
  return (
    <p data-testid="viewer">
      {user?.coins} coins{user?.isPremium ? ', premium' : ''}
    </p>
  );
}
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const renderCheckout = () =>
  renderRoutes(
    [
      {
        path: '/buy/checkout/:purchaseId',
        element: (
          <>
            <Viewer />
            <TestCheckoutPage />
            <Toaster />
          </>
        ),
      },
      {
        path: '*',
        element: (
          <>
            <Viewer />
            <Where />
            <Toaster />
          </>
        ),
      },
    ],
    `/buy/checkout/${PURCHASE_ID}`,
  );

describe('test checkout', () => {
  it('is marked as a test and shows what is bought; paying raises the coins on screen and goes back', async () => {
    let coins = 120;
    let current = purchase({ returnTo: '/SeriesView/lantern/chapter-3' });
    mockApi({
      [ROUTES.verify.path]: () => verifyAs({ ...readerUser, coins })(),
      [purchasePath]: () => ok(current),
      [completePath]: () => {
        coins += 1100;
        current = { ...current, status: 'paid', paidAt: '2026-03-03T12:01:00.000Z' };
        return ok(current);
      },
    });
    const { queryClient } = renderCheckout();
    // A chapter answered before paying (locked then) and not on screen now.
    queryClient.setQueryData(['chapter', 'lantern', 'chapter-3'], { canRead: false });
    expect(screen.getByRole('note')).toHaveTextContent('Test checkout — no real payment is taken');
    expect(await screen.findByRole('heading', { name: 'Stack' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$9.99');
    expect(screen.getByText('1,100')).toBeInTheDocument();
    expect(screen.getByTestId('viewer')).toHaveTextContent('120 coins');

    fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/SeriesView/lantern/chapter-3');
    expect(screen.getByTestId('viewer')).toHaveTextContent('1220 coins');
    expect(await screen.findByText('Payment complete: 1,100 coins added to your wallet')).toBeInTheDocument();
    // It is dropped, so the chapter loads fresh, unlocked, rather than first showing its lock.
    expect(queryClient.getQueryData(['chapter', 'lantern', 'chapter-3'])).toBeUndefined();
  });

  it('after paying for a plan, shows the reader as premium and goes to their subscription', async () => {
    let isPremium = false;
    let current = purchase({ kind: 'plan', coins: 0, packageName: null, planName: 'Reader Monthly', amountCents: 499 });
    mockApi({
      [ROUTES.verify.path]: () => verifyAsViewer(viewer({ isPremium, membership: isPremium ? 'Reader Monthly' : null }))(),
      [purchasePath]: () => ok(current),
      [completePath]: () => {
        isPremium = true;
        current = { ...current, status: 'paid' };
        return ok(current);
      },
    });
    renderCheckout();
    await screen.findByRole('heading', { name: 'Reader Monthly' });
    expect(screen.queryByText('Coins')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/profile/subscriptions');
    expect(screen.getByTestId('viewer')).toHaveTextContent('premium');
    expect(screen.getByText('Payment complete: welcome to Reader Monthly')).toBeInTheDocument();
  });

  it('cancelling goes back to the store when the purchase has no returnTo', async () => {
    let current = purchase();
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [purchasePath]: () => ok(current),
      [cancelPath]: () => {
        current = { ...current, status: 'cancelled' };
        return ok(current);
      },
    });
    renderCheckout();
    await screen.findByRole('heading', { name: 'Stack' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/buy/coins');
    expect(screen.getByTestId('viewer')).toHaveTextContent('120 coins');
  });

  it('shows a purchase that is no longer pending with its status and a way on, and no Pay', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [purchasePath]: () => ok(purchase({ status: 'paid', returnTo: '/premium' })),
    });
    renderCheckout();
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('This purchase is paid');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/premium');
    expect(screen.getByRole('link', { name: 'Your purchases' })).toHaveAttribute('href', '/profile/purchases');
  });

  it('shows the new state when the purchase was settled elsewhere meanwhile (409)', async () => {
    let current = purchase();
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [purchasePath]: () => ok(current),
      [completePath]: () => {
        current = { ...current, status: 'cancelled' };
        return fail(409, 'conflict', 'This purchase is no longer pending');
      },
    });
    renderCheckout();
    await screen.findByRole('heading', { name: 'Stack' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByText('This purchase is no longer pending')).toBeInTheDocument();
    expect(await screen.findByTestId('purchase-outcome')).toHaveTextContent('This purchase is cancelled');
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/buy/coins');
  });

  it('says when the purchase does not exist (or is someone else’s)', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [purchasePath]: () => fail(404, 'not_found', 'Purchase not found'),
    });
    renderCheckout();
    expect(await screen.findByText('We could not find this purchase.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/buy/coins');
  });
});

describe('coming back from Stripe', () => {
  const renderReturn = (status: string) =>
    renderRoutes(
      [
        {
          path: '/buy/checkout/:purchaseId',
          element: (
            <>
              <Viewer />
              <TestCheckoutPage />
              <Toaster />
            </>
          ),
        },
        { path: '*', element: <Where /> },
      ],
      `/buy/checkout/${PURCHASE_ID}?status=${status}`,
    );

  it('waits for Stripe to confirm the payment, then goes back where the reader came from', async () => {
    let asked = 0;
    mockApi({
      [ROUTES.verify.path]: () => verifyAs({ ...readerUser, coins: 0 })(),
      [purchasePath]: () => {
        asked += 1;
        // The server asks Stripe on each call; the second one finds the payment confirmed.
        return ok(
          purchase({ provider: 'stripe', returnTo: '/SeriesView/lantern/chapter-3', ...(asked > 1 ? { status: 'paid' } : {}) }),
        );
      },
    });
    renderReturn('success');
    expect(await screen.findByText(/Confirming your payment with Stripe/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(await screen.findByTestId('where', {}, { timeout: 4000 })).toHaveTextContent('/SeriesView/lantern/chapter-3');
  });

  it('says nothing was charged when the reader left Stripe’s page', async () => {
    mockApi({
      [ROUTES.verify.path]: () => verifyAs(readerUser)(),
      [purchasePath]: () => ok(purchase({ provider: 'stripe' })),
    });
    renderReturn('cancelled');
    expect(await screen.findByText('You left the payment page: nothing was charged.')).toBeInTheDocument();
  });
});
