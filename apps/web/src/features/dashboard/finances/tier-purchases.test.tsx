import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import PurchasesPage from './purchases-page';
import { ADMIN, adminUser, ok, purchase } from './test-data';

const PATH = '/Dashboard/Finances/Purchases';

// Issue 38 §1: a membership's purchase, among the admin's purchases, by its tier and series.
describe('the purchases page and memberships', () => {
  it('names a tier purchase by its tier and series, and filters by the membership kind', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/purchases`]: ok({
        items: [
          purchase({
            kind: 'tier',
            coins: 0,
            packageName: null,
            planName: null,
            amountCents: 300,
            tier: {
              id: '00000000-0000-4000-8000-0000000000f1',
              name: 'Early readers',
              seriesId: '00000000-0000-4000-8000-0000000000a1',
              seriesTitle: 'Ink and Ash',
              seriesSlug: 'ink-and-ash',
            },
          }),
        ],
        pagination: { page: 1, perPage: 20, total: 1, totalPages: 1 },
      }),
    });
    renderRoutes([{ path: PATH, element: <PurchasesPage /> }], PATH);
    expect(await screen.findByTestId('purchase-row')).toHaveTextContent('Membership Early readers · Ink and Ash');
    expect(screen.getByRole('option', { name: 'Membership' })).toHaveValue('tier');
  });
});
