import { fillPath, ROUTES } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { ok, statement } from '../payout-fixtures';
import PayoutStatementPage from './payout-statement-page';

const statementPath = (month: string) => fillPath(ROUTES.myPayoutStatement.path, { month });
const renderStatement = (month: string) =>
  renderRoutes([{ path: '/account/payouts/:month', element: <PayoutStatementPage /> }], `/account/payouts/${month}`);

describe('the printable payout statement (issue 38 §2)', () => {
  it('shows the month’s figures as they add up, its transfer and each series’ sources, and prints', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [statementPath('2026-10')]: ok({
        ...statement(),
        payee: { username: 'reader_one' },
        items: [
          {
            seriesId: '00000000-0000-4000-8000-0000000000aa',
            seriesTitle: 'The Lantern Keeper',
            source: 'coins',
            earnedCents: 3000,
          },
          {
            seriesId: '00000000-0000-4000-8000-0000000000aa',
            seriesTitle: 'The Lantern Keeper',
            source: 'subscriptions',
            earnedCents: 700,
          },
          { seriesId: '00000000-0000-4000-8000-0000000000bb', seriesTitle: 'Moonwell', source: 'tiers', earnedCents: 500 },
        ],
      }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderStatement('2026-10');
    expect(await screen.findByRole('heading', { name: 'Payout statement: October 2026' })).toBeInTheDocument();
    expect(screen.getByText('For reader_one')).toBeInTheDocument();
    expect(screen.getByTestId('statement-transfer')).toHaveTextContent('test_tr_2026-10_payee');
    expect(screen.getAllByTestId('statement-figure').map((row) => row.textContent)).toEqual([
      'Earned$42.00',
      "Site's fee−$12.60",
      'Adjustments-$3.00',
      'Carried in$15.00',
      'Sent$41.40',
      'Carried on$0.00',
    ]);
    const sources = screen.getByRole('table', {
      name: /Where the month’s earnings came from|Where the month's earnings came from/,
    });
    expect(
      within(sources)
        .getAllByTestId('statement-source')
        .map((row) => row.textContent),
    ).toEqual(['The Lantern KeeperCoins$30.00', 'The Lantern KeeperPremium subscriptions$7.00', 'MoonwellMemberships$5.00']);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'All statements' })).toHaveAttribute('href', '/account/payouts');
    print.mockRestore();
  });

  it('says why a failed transfer failed', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [statementPath('2026-10')]: ok({
        ...statement({ status: 'failed', transferId: null, sentAt: null, failureReason: 'The account cannot receive transfers' }),
        payee: { username: 'reader_one' },
        items: [],
      }),
    });
    renderStatement('2026-10');
    expect(await screen.findByText(/The transfer failed: The account cannot receive transfers/)).toBeInTheDocument();
    expect(screen.getByTestId('payout-status')).toHaveTextContent('Failed');
  });

  it('says there is no statement for a month without one, and for an address that is no month', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(readerUser),
      [statementPath('2026-08')]: () =>
        Response.json(
          { success: false, message: 'No statement', error: { code: 'not_found', message: 'No statement' } },
          { status: 404 },
        ),
    });
    const first = renderStatement('2026-08');
    expect(await screen.findByRole('heading', { name: 'No statement for this month' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    first.unmount();
    renderStatement('next-month');
    expect(await screen.findByRole('heading', { name: 'No statement for this month' })).toBeInTheDocument();
  });
});
