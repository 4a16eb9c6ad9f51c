import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toast/toaster';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { fail, id, ok, pageInfo, purchase, verifyAsViewer, viewer, walletEntry } from '../store-fixtures';
import PurchasesPage from './purchases-page';

const pageParam = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');

const renderPurchases = (path = '/profile/purchases') =>
  renderRoutes(
    [
      {
        path: '/profile/purchases',
        element: (
          <>
            <PurchasesPage />
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );

const wallet = (over: object = {}) => ok({ balance: 1070, autoUnlock: false, entries: [], pagination: pageInfo(1, 1), ...over });

describe('purchases and coins (Reader’s Area)', () => {
  it('lists every purchase as a receipt: status, item, amount, coins, dates and reference, a page at a time', async () => {
    const asked: number[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer()),
      [ROUTES.myPurchases.path]: (_init, url) => {
        const page = pageParam(url);
        asked.push(page);
        const items =
          page === 1
            ? [
                purchase({ id: id(1), status: 'paid', paidAt: '2026-03-04T12:00:00.000Z', reference: 'test_ref_1' }),
                purchase({ id: id(2), kind: 'plan', packageName: null, planName: 'Reader Monthly', coins: 0, amountCents: 499 }),
              ]
            : [purchase({ id: id(3), status: 'refunded', packageName: 'Handful', refundedAt: '2026-03-05T12:00:00.000Z' })];
        return ok({ items, pagination: pageInfo(page, 2) });
      },
    });
    const { router } = renderPurchases();
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Stack');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('$9.99');
    expect(rows[0]).toHaveTextContent('1,100 coins');
    expect(rows[0]).toHaveTextContent('OrderedMar 3, 2026');
    expect(rows[0]).toHaveTextContent('PaidMar 4, 2026');
    expect(rows[0]).toHaveTextContent('Referencetest_ref_1');
    expect(rows[1]).toHaveTextContent('Reader Monthly');
    expect(rows[1]).toHaveTextContent('Pending');
    // A pending test purchase can still be paid.
    expect(within(rows[1]!).getByRole('link', { name: 'Finish this payment' })).toHaveAttribute('href', `/buy/checkout/${id(2)}`);

    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Handful')).toBeInTheDocument();
    expect(screen.getByText('Refunded', { selector: 'span' })).toBeInTheDocument();
    expect(asked).toEqual([1, 2]);
  });

  it('shows the coin history: signed, coloured movements, why, balance after, and the chapter bought', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.wallet.path]: () =>
        wallet({
          entries: [
            walletEntry({
              id: id(2),
              delta: -30,
              kind: 'unlock',
              balanceAfter: 1070,
              reason: 'Unlocked a chapter',
              chapter: {
                id: id(9),
                slug: 'chapter-3',
                number: 3,
                title: 'The Vault',
                seriesSlug: 'lantern',
                seriesTitle: 'The Lantern Keeper',
              },
            }),
            walletEntry({ id: id(1) }),
          ],
        }),
    });
    renderPurchases('/profile/purchases?tab=coins');
    const rows = await screen.findAllByTestId('ledger-row');
    expect(screen.getByRole('link', { name: 'Coin history' })).toHaveAttribute('aria-current', 'page');
    const [spent, bought] = rows;
    expect(within(spent!).getByTestId('ledger-delta')).toHaveTextContent('\u221230');
    expect(within(spent!).getByTestId('ledger-delta')).toHaveClass('text-rose-300');
    expect(spent).toHaveTextContent('Chapter unlock');
    expect(spent).toHaveTextContent('Balance 1,070');
    expect(within(spent!).getByRole('link', { name: 'The Lantern Keeper · Chapter 3: The Vault' })).toHaveAttribute(
      'href',
      '/SeriesView/lantern/chapter-3',
    );
    expect(within(bought!).getByTestId('ledger-delta')).toHaveTextContent('+1,100');
    expect(within(bought!).getByTestId('ledger-delta')).toHaveClass('text-emerald-300');
    expect(bought).toHaveTextContent('Coin purchase');
    expect(bought).toHaveTextContent('Bought Stack');
  });

  it('saves the auto-unlock switch at once and puts it back when the server refuses', async () => {
    const bodies: unknown[] = [];
    let refuse = false;
    let release = () => {};
    const held = () => new Promise<void>((resolve) => (release = resolve));
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer()),
      [ROUTES.myPurchases.path]: () => ok({ items: [], pagination: pageInfo(1, 1) }),
      [`PATCH ${ROUTES.storeSettings.path}`]: async (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (!refuse) await held();
        return refuse ? fail(500, 'internal_error', 'boom') : ok({ autoUnlock: true });
      },
    });
    renderPurchases();
    const toggle = await screen.findByRole('switch', { name: 'Unlock chapters automatically when I open them' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle);
    // It moves before the server has answered.
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => bodies).toEqual([{ autoUnlock: true }]);
    release();
    await expect.poll(() => toggle.hasAttribute('disabled')).toBe(false);
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    refuse = true;
    fireEvent.click(toggle);
    expect(await screen.findByText('Your setting could not be saved. Try again.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('lists the series that unlock automatically, each with a way to turn it off', async () => {
    const removed: string[] = [];
    let items = [
      { seriesId: id(7), slug: 'lantern', title: 'The Lantern Keeper', since: '2026-03-04T12:00:00.000Z' },
      { seriesId: id(8), slug: 'salt', title: 'Salt and Iron', since: '2026-03-03T12:00:00.000Z' },
    ];
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer()),
      [ROUTES.myPurchases.path]: () => ok({ items: [], pagination: pageInfo(1, 1) }),
      [ROUTES.autoUnlockSeries.path]: () => ok({ items }),
      [`DELETE ${ROUTES.autoUnlockSeries.path}/${id(7)}`]: () => {
        removed.push(id(7));
        items = items.filter((item) => item.seriesId !== id(7));
        return ok({ seriesId: id(7), autoUnlock: false });
      },
    });
    renderPurchases();
    const list = await screen.findByRole('list', { name: 'Unlocking automatically in these series' });
    expect(within(list).getByRole('link', { name: 'The Lantern Keeper' })).toHaveAttribute('href', '/SeriesView/lantern');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: 'Turn off auto-unlock for The Lantern Keeper' }));
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1);
    expect(removed).toEqual([id(7)]);
    expect(list).toHaveTextContent('Salt and Iron');
  });

  it('says so when there is nothing yet, with the balance from the session and a way to the store', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPurchases.path]: () => ok({ items: [], pagination: pageInfo(1, 0) }),
      [ROUTES.wallet.path]: () => wallet(),
    });
    renderPurchases();
    expect(await screen.findByText('No purchases yet')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('120');
    expect(screen.getByRole('link', { name: 'Visit the store' })).toHaveAttribute('href', '/buy/coins');
    fireEvent.click(screen.getByRole('link', { name: 'Coin history' }));
    expect(await screen.findByText('No coin movements yet')).toBeInTheDocument();
  });
});
