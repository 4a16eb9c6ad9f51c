import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { SeriesSupport } from './series-support';

const SERIES = { id: '00000000-0000-4000-8000-0000000000aa', slug: 'lantern', title: 'The Lantern Keeper' };
const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';

function serve(user: typeof readerUser | null) {
  const gifts: unknown[] = [];
  let items = [{ username: 'mira', avatarUrl: null, coins: 500 }];
  mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    [`${PUB}/series/${SERIES.id}/supporters`]: () => Response.json({ success: true, data: { month: '2026-07', items } }),
    [`POST ${ME}/series/${SERIES.id}/gifts`]: (init) => {
      const gift = JSON.parse(String(init?.body)) as { amount: number };
      gifts.push(gift);
      items = [...items, { username: 'reader_one', avatarUrl: null, coins: gift.amount }];
      return Response.json(
        { success: true, data: { giftId: SERIES.id, amount: gift.amount, coins: 120 - gift.amount } },
        { status: 201 },
      );
    },
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <SeriesSupport series={SERIES} />
            <Toaster />
          </>
        ),
      },
    ],
    '/',
  );
  return gifts;
}

describe('a series’ supporters and gifts (issue 22 §2)', () => {
  it('shows the month’s top supporters, and sends a chosen gift with a message', async () => {
    const gifts = serve(readerUser);
    const strip = await screen.findByRole('list', { name: 'Top supporters this month' });
    expect(within(strip).getByText('mira')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a gift to The Lantern Keeper' });
    fireEvent.click(within(dialog).getByLabelText('100 coins'));
    fireEvent.change(within(dialog).getByLabelText('A message (optional)'), { target: { value: 'Lovely art' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send 100 coins' }));
    expect(await screen.findByText('Thank you: 100 coins sent to The Lantern Keeper', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(gifts).toEqual([{ amount: 100, message: 'Lovely art' }]);
    await waitFor(() => expect(within(strip).getByText('reader_one')).toBeInTheDocument());
  });

  it('never offers more coins than the reader has (issue 33)', async () => {
    serve(readerUser);
    fireEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a gift to The Lantern Keeper' });
    expect(dialog).toHaveTextContent('You have 120 coins.');
    for (const size of ['10', '50', '100']) expect(within(dialog).getByLabelText(`${size} coins`)).toBeEnabled();
    for (const size of ['500', '1,000']) expect(within(dialog).getByLabelText(`${size} coins`)).toBeDisabled();
  });

  it('lets a reader with fewer coins than the smallest gift go and get some instead', async () => {
    serve({ ...readerUser, coins: 5 });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a gift' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a gift to The Lantern Keeper' });
    expect(dialog).toHaveTextContent('You have 5 coins. A gift starts at 10');
    expect(within(dialog).getByRole('button', { name: 'Send 10 coins' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'get coins' })).toHaveAttribute(
      'href',
      '/buy/coins?returnTo=%2FSeriesView%2Flantern',
    );
  });

  it('asks a visitor to log in to send one', async () => {
    serve(null);
    expect(await screen.findByRole('link', { name: 'Log in to send a gift' })).toHaveAttribute('href', '/login');
  });
});
