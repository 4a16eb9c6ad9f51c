import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { isSitePath } from '../api/checkout';
import { coinPackage, fail, id, ok } from '../store-fixtures';
import CoinsPage from './coins-page';

const PACKAGES = [
  coinPackage({ id: id(1), name: 'Handful', coins: 100, priceCents: 199 }),
  coinPackage({ id: id(2), name: 'Stack', coins: 1000, bonusCoins: 100, priceCents: 999, bestValue: true }),
  coinPackage({ id: id(3), name: 'Hoard', coins: 2000, bonusCoins: 150, priceCents: 1999, currency: 'eur' }),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderStore(path = '/buy/coins') {
  return renderRoutes(
    [
      { path: '/buy/coins', element: <CoinsPage /> },
      { path: '/buy/store', element: <CoinsPage /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('coin store', () => {
  it('shows each package with its price in its currency, coins, bonus and the best value marked', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(readerUser), [ROUTES.coinPackages.path]: () => ok({ items: PACKAGES }) });
    renderStore('/buy/store');
    expect(await screen.findByRole('heading', { name: 'Stack' })).toBeInTheDocument();
    expect(within(card('Handful')).getByTestId('package-price')).toHaveTextContent('$1.99');
    expect(within(card('Hoard')).getByTestId('package-price')).toHaveTextContent('€19.99');
    expect(card('Stack')).toHaveTextContent('1,000 coins');
    expect(card('Stack')).toHaveTextContent('+100 bonus coins');
    expect(within(card('Stack')).getByText('Best value')).toBeInTheDocument();
    expect(within(card('Handful')).queryByText('Best value')).toBeNull();
    expect(screen.getByTestId('store-balance')).toHaveTextContent('You have 120 coins');
    // /buy/store is the coins shelf too.
    expect(screen.getByRole('link', { name: 'Coins' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers a visitor "Log in to buy" instead of Buy', async () => {
    mockApi({ [ROUTES.verify.path]: verifyAs(null), [ROUTES.coinPackages.path]: () => ok({ items: PACKAGES }) });
    renderStore();
    await screen.findByRole('heading', { name: 'Stack' });
    expect(screen.getAllByRole('link', { name: 'Log in to buy' })).toHaveLength(3);
    expect(screen.getAllByRole('link', { name: 'Log in to buy' })[0]).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('opens a checkout with the package, returnTo and the chapter to unlock, and goes to the test checkout page', async () => {
    const bodies: unknown[] = [];
    const chapterId = id(99);
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.coinPackages.path]: () => ok({ items: PACKAGES }),
      [`POST ${ROUTES.checkout.path}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ purchaseId: id(21), checkoutUrl: `/buy/checkout/${id(21)}` }, 201);
      },
    });
    renderStore(`/buy/coins?returnTo=${encodeURIComponent('/SeriesView/lantern/chapter-3')}&unlock=${chapterId}`);
    await screen.findByRole('heading', { name: 'Stack' });
    expect(screen.getByRole('note')).toHaveTextContent('Your chapter unlocks as soon as the payment goes through');
    expect(screen.getByRole('link', { name: 'Back to the chapter' })).toHaveAttribute('href', '/SeriesView/lantern/chapter-3');
    fireEvent.click(within(card('Stack')).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/buy/checkout/${id(21)}`);
    expect(bodies).toEqual([
      { kind: 'coins', packageId: id(2), returnTo: '/SeriesView/lantern/chapter-3', unlockChapterId: chapterId },
    ]);
  });

  it('sends on no returnTo that leaves the site, and no unlock that is not an id', async () => {
    const bodies: unknown[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.coinPackages.path]: () => ok({ items: PACKAGES }),
      [`POST ${ROUTES.checkout.path}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return ok({ purchaseId: id(21), checkoutUrl: `/buy/checkout/${id(21)}` }, 201);
      },
    });
    renderStore('/buy/coins?returnTo=//evil.example/x&unlock=chapter-3');
    await screen.findByRole('heading', { name: 'Stack' });
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.click(within(card('Handful')).getByRole('button', { name: 'Buy' }));
    await screen.findByTestId('where');
    expect(bodies).toEqual([{ kind: 'coins', packageId: id(1) }]);
  });

  it('says so when a package is gone, and asks for the list again', async () => {
    let listCalls = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.coinPackages.path]: () => {
        listCalls += 1;
        return ok({ items: listCalls === 1 ? PACKAGES : PACKAGES.slice(0, 2) });
      },
      [`POST ${ROUTES.checkout.path}`]: () => fail(404, 'not_found', 'Coin package not found'),
    });
    renderStore();
    await screen.findByRole('heading', { name: 'Hoard' });
    fireEvent.click(within(card('Hoard')).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That is no longer on sale');
    await expect.poll(() => screen.queryByRole('heading', { name: 'Hoard' })).toBeNull();
  });

  it('keeps the cards’ boxes while loading, and offers a retry when the list fails', async () => {
    let fails = true;
    mockApi({
      [ROUTES.verify.path]: verifyAs(null),
      [ROUTES.coinPackages.path]: () => (fails ? fail(500, 'internal_error', 'boom') : ok({ items: PACKAGES })),
    });
    renderStore();
    expect(screen.getByLabelText('Loading the coin packages')).toBeInTheDocument();
    expect(await screen.findByText('We could not load the coin packages.', {}, { timeout: 3000 })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Stack' })).toBeInTheDocument();
  });
});

describe('where a checkout address leads', () => {
  it('treats a path of this site as a page of the app and anything else as another site', () => {
    expect(isSitePath('/buy/checkout/abc')).toBe(true);
    expect(isSitePath('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(false);
    expect(isSitePath('//evil.example/x')).toBe(false);
    expect(isSitePath('/\\evil.example')).toBe(false);
  });
});
