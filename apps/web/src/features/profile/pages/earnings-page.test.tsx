import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import EarningsPage from './earnings-page';

describe('the earnings page (issue 22 §2)', () => {
  it('shows the month per series with gross, fee and net, the totals, and the CSV of the same month', async () => {
    const asked: string[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/omegascans/secure/me/earnings': (_init, url) => {
        asked.push(url);
        return Response.json({
          success: true,
          data: {
            month: '2026-07',
            feePercent: 30,
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
          },
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
  });
});
