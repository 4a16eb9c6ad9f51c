import { ROUTES } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { verifyAsViewer, viewer } from '../features/store/store-fixtures';
import { createRoutes } from './router';

const packages = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Handful',
      coins: 100,
      bonusCoins: 0,
      priceCents: 199,
      currency: 'usd',
      bestValue: true,
    },
  ],
};

describe('store routes (SPEC §2)', () => {
  it.each(['/buy/coins', '/buy/store'])('%s is the coin store', async (path) => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [ROUTES.coinPackages.path]: () => Response.json({ success: true, data: packages }),
    });
    renderRoutes(createRoutes, path);
    // The skeleton's heading is replaced by the page's: look for the heading once the packages are in.
    expect(await screen.findByRole('heading', { name: 'Handful' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coin store' })).toBeInTheDocument();
  });

  it('the test checkout needs a session: a visitor lands on the unauthorized error page', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null) });
    const { router } = renderRoutes(createRoutes, '/buy/checkout/00000000-0000-4000-8000-000000000021');
    await screen.findByRole('heading', { name: /sign in|log in|unauthori/i });
    expect(router.state.location.search).toBe('?error=unauthorized');
  });

  it('the Reader’s Area lists Subscriptions and Purchases, and tags a premium reader Premium', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer({ isPremium: true, membership: 'Reader Monthly' })),
      [ROUTES.mySubscription.path]: () => Response.json({ success: true, data: null }),
    });
    renderRoutes(createRoutes, '/profile/subscriptions');
    const menu = await screen.findByRole('navigation', { name: "Reader's Area" });
    expect(within(menu).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/profile/subscriptions');
    expect(within(menu).getByRole('link', { name: 'Purchases' })).toHaveAttribute('href', '/profile/purchases');
    expect(within(screen.getByTestId('reader-area-tags')).getByText('Premium')).toBeInTheDocument();
    expect(await screen.findByText('You have no plan')).toBeInTheDocument();
  });
});
