import { ROUTES } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { coinPackage, id, ok } from '../store-fixtures';
import CoinsPage from './coins-page';

// Issue 38 §3: the store asks for the reader's currency and shows what the server answers in it.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the coin store in the reader’s currency', () => {
  it('asks for yen for a reader whose browser speaks Japanese, and shows ¥500', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'en']);
    const asked: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.coinPackages.path]: (_init, url) => {
        asked.push(new URL(url, 'http://x').searchParams.get('currency') ?? '');
        return ok({ items: [coinPackage({ id: id(9), name: 'Yen pouch', priceCents: 500, currency: 'jpy' })], currency: 'jpy' });
      },
    });
    renderRoutes([{ path: '/buy/coins', element: <CoinsPage /> }], '/buy/coins');
    expect(await screen.findByRole('heading', { name: 'Yen pouch' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Yen pouch' })).getByTestId('package-price')).toHaveTextContent('¥500');
    expect(asked).toContain('jpy');
  });
});
