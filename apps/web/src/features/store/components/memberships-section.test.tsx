import { ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_ID, membershipFixture } from '../../../../test/memberships';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import SubscriptionPage from '../pages/subscription-page';
import PurchasesPage from '../pages/purchases-page';
import { id, ok, pageInfo, purchase } from '../store-fixtures';

const renderAt = (path: string, page: React.ReactNode) =>
  renderRoutes(
    [
      {
        path,
        element: (
          <>
            {page}
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );

describe('a reader’s memberships in their account (issue 38 §1)', () => {
  it('lists each series and tier with when it renews, and cancels one at the period’s end after asking', async () => {
    let current = membershipFixture();
    const cancels: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.mySubscription.path]: () => ok(null),
      [ROUTES.myMemberships.path]: () => ok({ items: [current] }),
      [`POST ${ROUTES.myMemberships.path}/${MEMBERSHIP_ID}/cancel`]: () => {
        cancels.push(MEMBERSHIP_ID);
        current = { ...current, cancelAtPeriodEnd: true };
        return ok(current);
      },
    });
    renderAt('/profile/subscriptions', <SubscriptionPage />);
    const section = await screen.findByRole('region', { name: 'Memberships' });
    const row = await within(section).findByTestId('membership');
    expect(within(row).getByRole('link', { name: 'Ink and Ash' })).toHaveAttribute('href', '/SeriesView/ink-and-ash');
    expect(row).toHaveTextContent('Early readers · $3.00 / month');
    expect(row).toHaveTextContent('Reads 7 days early');
    expect(within(row).getByTestId('membership-period')).toHaveTextContent('Renews on Dec 20, 2026');

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel at period end' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your membership of Ink and Ash?' });
    expect(dialog).toHaveTextContent('You keep reading early until Dec 20, 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText('Your membership of Ink and Ash ends on Dec 20, 2026.')).toBeInTheDocument();
    expect(cancels).toEqual([MEMBERSHIP_ID]);
    expect(await within(row).findByText('Ends on Dec 20, 2026')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('says so when the reader is a member of no series', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.mySubscription.path]: () => ok(null),
      [ROUTES.myMemberships.path]: () => ok({ items: [] }),
    });
    renderAt('/profile/subscriptions', <SubscriptionPage />);
    expect(await screen.findByText(/You are not a member of any series/)).toBeInTheDocument();
  });

  it('names a tier purchase by its tier and series in the purchase history', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [ROUTES.myPurchases.path]: () =>
        ok({
          items: [
            purchase({
              id: id(7),
              kind: 'tier',
              packageName: null,
              planName: null,
              coins: 0,
              amountCents: 300,
              tier: {
                id: id(8),
                name: 'Early readers',
                seriesId: id(9),
                seriesTitle: 'Ink and Ash',
                seriesSlug: 'ink-and-ash',
              },
            }),
          ],
          pagination: pageInfo(1, 1),
        }),
    });
    renderAt('/profile/purchases', <PurchasesPage />);
    expect(await screen.findByText(/Early readers · Ink and Ash/)).toBeInTheDocument();
  });
});
