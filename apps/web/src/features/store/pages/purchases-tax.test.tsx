import { ROUTES } from '@inkwell/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '../../../../test/render';
import { id, ok, pageInfo, purchase, verifyAsViewer, viewer } from '../store-fixtures';
import PurchasesPage from './purchases-page';

// Issue 38 §3: a receipt says price, tax and total when the provider added tax; the price alone otherwise.
describe('receipts in any currency, with tax', () => {
  it('shows ¥500, then price, tax and total of a taxed purchase', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAsViewer(viewer()),
      [ROUTES.myPurchases.path]: () =>
        ok({
          items: [
            purchase({ id: id(1), status: 'paid', amountCents: 500, currency: 'jpy', taxCents: 0, packageName: 'Yen pouch' }),
            purchase({ id: id(2), status: 'paid', amountCents: 500, currency: 'jpy', taxCents: 50, packageName: 'Taxed pouch' }),
            purchase({ id: id(3), status: 'paid', amountCents: 1230, currency: 'kwd', packageName: 'Dinar pouch' }),
          ],
          pagination: pageInfo(1, 1),
        }),
    });
    renderRoutes([{ path: '/profile/purchases', element: <PurchasesPage /> }], '/profile/purchases');
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows[0]).toHaveTextContent('¥500');
    expect(rows[0]).not.toHaveTextContent('Tax');
    expect(rows[1]).toHaveTextContent('Price ¥500 · Tax ¥50 · Total ¥550');
    expect(rows[2]).toHaveTextContent(/KWD\s1\.230/);
  });
});
