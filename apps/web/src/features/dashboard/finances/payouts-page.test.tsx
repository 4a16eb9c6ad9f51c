import { ROUTES, type AdminPayout } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { ADMIN, adminUser, ok, refused } from './test-data';
import { LastMonthPayouts } from './payout-totals';
import PayoutsPage from './payouts-page';

const payout = (overrides: Partial<AdminPayout> = {}): AdminPayout => ({
  id: '00000000-0000-4000-8000-000000000601',
  month: '2026-10',
  currency: 'usd',
  earnedCents: 5000,
  feeCents: 1500,
  adjustmentsCents: 0,
  carriedInCents: 0,
  amountCents: 3500,
  carriedOutCents: 0,
  status: 'sent',
  transferId: 'test_tr_1',
  failureReason: null,
  createdAt: '2026-11-01T01:00:00.000Z',
  sentAt: '2026-11-01T01:00:05.000Z',
  payee: { id: '00000000-0000-4000-8000-000000000701', username: 'lantern_translator' },
  attempts: 1,
  ...overrides,
});
const failed = payout({
  id: '00000000-0000-4000-8000-000000000602',
  status: 'failed',
  transferId: null,
  sentAt: null,
  failureReason: 'The account cannot receive transfers',
  amountCents: 2400,
  currency: 'eur',
  payee: { id: '00000000-0000-4000-8000-000000000702', username: 'moonwell_artist' },
  attempts: 3,
});
const totals = {
  sent: { usd: 3500 },
  pending: {},
  failed: { eur: 2400 },
  carried: { usd: 800 },
};

const renderPage = (path = '/Dashboard/Finances/Payouts') =>
  renderRoutes([{ path: '/Dashboard/Finances/Payouts', element: <PayoutsPage /> }], path);

describe('/Dashboard/Finances/Payouts (issue 38 §2)', () => {
  it('opens on the last closed month with its totals per currency and every payee’s row, failed first', async () => {
    const asked: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: (_init, url) => {
        asked.push(new URL(url, 'http://x').search);
        return ok({ month: '2026-10', items: [failed, payout()], totals })();
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payouts' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('payout-row');
    expect(asked[0]).toBe('');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    expect(screen.getByTestId('payout-total-sent')).toHaveTextContent('$35.00');
    expect(screen.getByTestId('payout-total-failed')).toHaveTextContent('€24.00');
    expect(screen.getByTestId('payout-total-pending')).toHaveTextContent('—');
    expect(screen.getByTestId('payout-total-carried')).toHaveTextContent('$8.00');
    expect(rows[0]).toHaveTextContent('moonwell_artist');
    expect(rows[0]).toHaveTextContent('€24.00');
    expect(rows[0]).toHaveTextContent('The account cannot receive transfers');
    expect(within(rows[0]!).getByTestId('payout-status')).toHaveTextContent('Failed');
    expect(within(rows[1]!).getByTestId('payout-status')).toHaveTextContent('Sent');
    expect(rows[1]).toHaveTextContent('test_tr_1');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('asks the month and status picked', async () => {
    const asked: string[] = [];
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: (_init, url) => {
        const query = new URL(url, 'http://x').searchParams;
        asked.push(query.toString());
        return ok({ month: query.get('month') ?? '2026-10', items: query.get('status') === 'failed' ? [failed] : [], totals })();
      },
    });
    renderPage();
    await screen.findByText('Nobody had anything to be paid this month.');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-09' } });
    await waitFor(() => expect(asked).toContain('month=2026-09'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(asked).toContain('month=2026-09&status=failed'));
    expect(await screen.findAllByTestId('payout-row')).toHaveLength(1);
  });

  it('retries a failed transfer once confirmed, and shows its new status', async () => {
    let current = failed;
    let retries = 0;
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: () => ok({ month: '2026-10', items: [current], totals })(),
      [`POST ${ADMIN}/payouts/${failed.id}/retry`]: () => {
        retries += 1;
        current = { ...failed, status: 'sent', transferId: 'test_tr_2', failureReason: null, attempts: 4 };
        return ok(current)();
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the transfer to moonwell_artist' }));
    const dialog = screen.getByRole('dialog', { name: 'Retry the transfer to moonwell_artist?' });
    expect(dialog).toHaveTextContent('€24.00 failed to go out: The account cannot receive transfers.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send €24.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Transfer to moonwell_artist tried again: Sent.');
    const [row] = screen.getAllByTestId('payout-row');
    expect(within(row!).getByTestId('payout-status')).toHaveTextContent('Sent');
    expect(row).toHaveTextContent('test_tr_2');
    expect(retries).toBe(1);
  });

  it('keeps the dialog open with the server’s refusal when the retry fails again', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: ok({ month: '2026-10', items: [failed], totals }),
      [`POST ${ADMIN}/payouts/${failed.id}/retry`]: refused(409, 'conflict', 'This transfer is no longer failed'),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the transfer to moonwell_artist' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send €24.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This transfer is no longer failed');
  });

  it('says when no month has closed yet', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: ok({ month: null, items: [], totals: { sent: {}, pending: {}, failed: {}, carried: {} } }),
    });
    renderPage();
    expect(await screen.findByText(/No month has closed yet/)).toBeInTheDocument();
  });

  it('gives the admin’s metrics the last closed month’s sent, waiting, failed and carried money, with the way to the page', async () => {
    mockApi({
      [ROUTES.verify.path]: verifyAs(adminUser),
      [`${ADMIN}/payouts`]: ok({ month: '2026-10', items: [failed, payout()], totals }),
    });
    renderRoutes([{ path: '/Dashboard/MetricsAdmin', element: <LastMonthPayouts /> }], '/Dashboard/MetricsAdmin');
    expect(await screen.findByRole('heading', { name: 'Payouts of October 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('payout-total-sent')).toHaveTextContent('$35.00');
    expect(screen.getByTestId('payout-total-failed')).toHaveTextContent('€24.00');
    expect(screen.getByRole('link', { name: 'See every payout of the month' })).toHaveAttribute(
      'href',
      '/Dashboard/Finances/Payouts',
    );
  });
});
