import type { Earnings } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import EarningsPage from './earnings-page';

const ZERO = {};
/** A month with nothing in it, with `overrides`. */
const monthOf = (overrides: Partial<Earnings>): Earnings => ({
  month: '2026-07',
  feePercent: 30,
  closed: false,
  items: [],
  totals: { gross: 0, fee: 0, net: 0 },
  subscriptions: { items: [], totals: { gross: ZERO, fee: ZERO, net: ZERO } },
  ...overrides,
});
const serve = (data: Earnings) =>
  mockApi({
    '/api/proxy/public/verify': verifyAs(readerUser),
    '/api/omegascans/secure/me/earnings': () => Response.json({ success: true, data }),
  });

describe('the earnings page (issue 22 §2)', () => {
  it('shows the month per series with gross, fee and net, the totals, and the CSV of the same month', async () => {
    const asked: string[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/omegascans/secure/me/earnings': (_init, url) => {
        asked.push(url);
        return Response.json({
          success: true,
          data: monthOf({
            items: [
              {
                seriesId: '00000000-0000-4000-8000-0000000000aa',
                seriesTitle: 'The Lantern Keeper',
                gross: 65,
                fee: 19,
                net: 46,
                bySource: { unlock: 16, bundle: 44, gift: 5 },
              },
            ],
            totals: { gross: 65, fee: 19, net: 46 },
          }),
        });
      },
    });
    renderRoutes([{ path: '/profile/earnings', element: <EarningsPage /> }], '/profile/earnings?month=2026-07');
    const [row] = await screen.findAllByTestId('earnings-row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['16', '44', '5', '65', '−19', '46']);
    expect(screen.getByTestId('earnings-total')).toHaveTextContent('Total65−1946');
    expect(screen.getByRole('columnheader', { name: 'Fee (30 %)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV' })).toHaveAttribute(
      'href',
      '/api/omegascans/secure/me/earnings.csv?month=2026-07',
    );
    expect(asked).toEqual(['/api/omegascans/secure/me/earnings?month=2026-07']);
    // July has ended and was not closed: nothing will be shared for it.
    expect(screen.getByText('Nothing shared for July 2026 yet.')).toBeInTheDocument();
  });

  it('shows a closed month’s share of Premium subscriptions per series and currency, with a total per currency', async () => {
    const money = (usd: number, eur: number) => ({ usd, eur });
    const lantern = { seriesId: '00000000-0000-4000-8000-0000000000aa', seriesTitle: 'Lantern' };
    serve(
      monthOf({
        month: '2026-03',
        feePercent: 25,
        closed: true,
        subscriptions: {
          items: [
            { ...lantern, currency: 'eur', gross: 350, fee: 87, net: 263 },
            { ...lantern, currency: 'usd', gross: 700, fee: 175, net: 525 },
          ],
          totals: { gross: money(700, 350), fee: money(175, 87), net: money(525, 263) },
        },
      }),
    );
    renderRoutes([{ path: '/profile/earnings', element: <EarningsPage /> }], '/profile/earnings?month=2026-03');
    const rows = await screen.findAllByTestId('subscription-row');
    expect(rows.map((row) => row.textContent)).toEqual(['Lantern€3.50−€0.87€2.63', 'Lantern$7.00−$1.75$5.25']);
    expect(screen.getAllByTestId('subscription-total').map((row) => row.textContent)).toEqual([
      'Total (USD)$7.00−$1.75$5.25',
      'Total (EUR)€3.50−€0.87€2.63',
    ]);
    expect(screen.queryByTestId('earnings-row')).toBeNull();
    expect(screen.queryByText(/Nothing in/)).toBeNull();
  });

  it('names the month when there is nothing in it, and says when the month in progress will be shared', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const name = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    serve(monthOf({ month }));
    renderRoutes([{ path: '/profile/earnings', element: <EarningsPage /> }], `/profile/earnings?month=${month}`);
    expect(
      await screen.findByText(
        `Nothing in ${name}. When a series shares its income with you, what readers spend there shows here.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('subscriptions-pending')).toHaveTextContent(`Shared when ${name} has ended`);
  });
});
