import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../../test/render';
import MetricsAdminPage from './metrics-admin-page';
import { ADMIN, adminMetrics, ok } from './test-data';

const renderPage = () =>
  renderRoutes(
    [{ path: '/Dashboard/MetricsAdmin', element: <MetricsAdminPage /> }],
    '/Dashboard/MetricsAdmin?from=2025-03-01&to=2025-03-03',
  );
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the admin metrics page', () => {
  it('shows revenue per day in each currency used, refunds on their day', async () => {
    const fetchMock = mockApi({ [`${ADMIN}/metrics`]: ok(adminMetrics()) });
    renderPage();
    await screen.findByRole('table', { name: 'Revenue per day' }, { timeout: 4000 });
    const metricsCall = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes(`${ADMIN}/metrics`));
    expect(metricsCall).toContain('from=2025-03-01&to=2025-03-03');
    expect(rowsOf('Revenue per day')).toEqual([
      ['Day', 'Paid (USD)', 'Refunded (USD)', 'Net (USD)', 'Paid (EUR)', 'Refunded (EUR)', 'Net (EUR)'],
      // Newest day first (issue 21 §1).
      ['Mar 3, 2025', '$0.00', '$6.00', '-$6.00', '€15.00', '€0.00', '€15.00'],
      ['Mar 2, 2025', '$0.00', '$0.00', '$0.00', '€0.00', '€0.00', '€0.00'],
      ['Mar 1, 2025', '$10.00', '$0.00', '$10.00', '€0.00', '€0.00', '€0.00'],
    ]);
    expect(screen.getByText('Net revenue', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$4.00 · €15.00');
  });

  it('values coins spent per series and says the rule with its figures', async () => {
    mockApi({ [`${ADMIN}/metrics`]: ok(adminMetrics()) });
    renderPage();
    await screen.findByRole('table', { name: 'Revenue per series' }, { timeout: 4000 });
    expect(rowsOf('Revenue per series')).toEqual([
      ['Series', 'Unlocks', 'Coins', 'Value (USD)', 'Value (EUR)'],
      ['The Lantern Keeper', '2', '20', '$0.67', '€1.00'],
    ]);
    expect(screen.getByText(/valued at what coins were bought for: the average price per coin/)).toHaveTextContent(
      '300 coins had been bought for $10.00 + €15.00: 100 coins are worth $3.33 + €5.00.',
    );
  });

  it('shows coins sold against spent, subscriptions with MRR, and sign-ups', async () => {
    mockApi({ [`${ADMIN}/metrics`]: ok(adminMetrics()) });
    renderPage();
    await screen.findByRole('table', { name: 'Coins sold and spent per day' }, { timeout: 4000 });
    expect(rowsOf('Coins sold and spent per day')[3]).toEqual(['Mar 1, 2025', '100', '20']);
    expect(rowsOf('Subscriptions per day')).toEqual([
      ['Day', 'Active subscriptions', 'MRR (USD)', 'MRR (EUR)'],
      ['Mar 3, 2025', '2', '$15.00', '€0.00'],
      ['Mar 2, 2025', '1', '$10.00', '€0.00'],
      ['Mar 1, 2025', '1', '$10.00', '€0.00'],
    ]);
    expect(rowsOf('Sign-ups per day').map((row) => row[1])).toEqual(['Sign-ups', '1', '0', '3']);
    expect(screen.getByText('Active subscriptions now', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Monthly recurring revenue now', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$15.00 · €0.00',
    );
  });

  it('downloads the revenue table as CSV with plain amounts', async () => {
    mockApi({ [`${ADMIN}/metrics`]: ok(adminMetrics()) });
    renderPage();
    await screen.findByRole('table', { name: 'Revenue per day' }, { timeout: 4000 });
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:csv')), revokeObjectURL: vi.fn() }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download Revenue per day as CSV' }));
    expect(names).toEqual(['inkwell-revenue-2025-03-01-to-2025-03-03.csv']);
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    expect((await blob!.text()).replace(/^\uFEFF/, '')).toBe(
      [
        'Day,Paid (USD),Refunded (USD),Net (USD),Paid (EUR),Refunded (EUR),Net (EUR)',
        '2025-03-01,10.00,0.00,10.00,0.00,0.00,0.00',
        '2025-03-02,0.00,0.00,0.00,0.00,0.00,0.00',
        '2025-03-03,0.00,6.00,-6.00,15.00,0.00,15.00',
        '',
      ].join('\r\n'),
    );
  });
});
