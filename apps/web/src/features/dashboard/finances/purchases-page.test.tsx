import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import PurchasesPage from './purchases-page';
import { ADMIN, adminUser, ok, purchase, refused } from './test-data';

const PATH = '/Dashboard/Finances/Purchases';
const page = (items: unknown[], pagination = { page: 1, perPage: 20, total: items.length, totalPages: 1 }) =>
  ok({ items, pagination });
const renderPage = (path = PATH) => renderRoutes([{ path: PATH, element: <PurchasesPage /> }], path);
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(`${ADMIN}/purchases?`));

const plan = purchase({
  id: '00000000-0000-4000-8000-000000000302',
  kind: 'plan',
  status: 'pending',
  amountCents: 4999,
  currency: 'eur',
  coins: 0,
  packageName: null,
  planName: 'Yearly',
  paidAt: null,
  user: { id: '00000000-0000-4000-8000-000000000402', username: 'oskar', email: 'oskar@example.com' },
});

describe('the purchases page', () => {
  it('lists purchases with user, item, amount and status; search and filters go to the server and the URL', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/purchases`]: page([purchase(), plan], { page: 1, perPage: 20, total: 41, totalPages: 3 }),
    });
    const { router } = renderPage();
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('mira');
    expect(rows[0]).toHaveTextContent('mira@example.com');
    expect(rows[0]).toHaveTextContent('Stack · 550 coins');
    expect(rows[0]).toHaveTextContent('$4.99');
    expect(within(rows[0]!).getByTestId('purchase-status')).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Yearly · subscription');
    expect(rows[1]).toHaveTextContent('€49.99');
    expect(screen.getByText('41 purchases')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', `${PATH}?page=2`);
    expect(listCalls(fetchMock)).toEqual([`${ADMIN}/purchases?page=1`]);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'refunded' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'coins' } });
    fireEvent.change(screen.getByRole('searchbox', { name: /Search purchases/ }), { target: { value: 'mira@' } });
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toBe(`${ADMIN}/purchases?page=1&q=mira%40&status=refunded&kind=coins`),
    );
    expect(router.state.location.search).toBe('?status=refunded&kind=coins&q=mira%40');
  });

  it('reads its page and filters from the URL, and says when nothing matches', async () => {
    const fetchMock = mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [`${ADMIN}/purchases`]: page([]) });
    renderPage(`${PATH}?status=failed&kind=bogus&page=2`);
    expect(await screen.findByText('No purchases match this search.')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toEqual([`${ADMIN}/purchases?page=2&status=failed`]);
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(screen.getByLabelText('Kind')).toHaveValue('');
  });

  it('opens a purchase’s details and refunds it after saying what happens; the result shows', async () => {
    const refunded = purchase({ status: 'refunded', refundedAt: '2026-03-03T09:00:00.000Z', coinsReversed: 320 });
    let list = [purchase()];
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/purchases`]: () => page(list)(),
      [`GET ${ADMIN}/purchases/${purchase().id}`]: ok(purchase()),
      [`POST ${ADMIN}/purchases/${purchase().id}/refund`]: () => {
        list = [refunded];
        return ok(refunded)();
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Details of the purchase by mira/ }));
    const drawer = screen.getByRole('dialog', { name: 'Purchase' });
    expect(within(drawer).getByRole('button', { name: 'Close the purchase' })).toHaveFocus();
    const detail = (label: string) => within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling!;
    expect(detail('User')).toHaveTextContent('miramira@example.com');
    expect(detail('Item')).toHaveTextContent('Stack · 550 coins');
    expect(detail('Amount')).toHaveTextContent('$4.99');
    expect(detail('Provider')).toHaveTextContent('Test checkout');
    expect(detail('Reference')).toHaveTextContent('test_abc123');
    expect(detail('Paid')).not.toHaveTextContent('—');
    expect(detail('Coins reversed')).toHaveTextContent('0');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const confirm = within(drawer).getByRole('group', { name: 'Confirm the refund' });
    expect(confirm).toHaveTextContent(
      "takes back what is left of the 550 coins this purchase gave, never more than mira's balance",
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, refund $4.99' }));

    expect(await within(drawer).findByText('Refunded. 320 coins were taken back from mira.')).toBeInTheDocument();
    expect(detail('Status')).toHaveTextContent('Refunded');
    expect(detail('Coins reversed')).toHaveTextContent('320');
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('purchase-row')).getByTestId('purchase-status')).toHaveTextContent('Refunded'),
    );

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a subscription ends at once, and shows the server’s refusal (409) of a purchase no longer paid', async () => {
    const paidPlan = { ...plan, status: 'paid' as const, paidAt: '2026-03-02T10:31:00.000Z' };
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/purchases`]: page([paidPlan]),
      [`GET ${ADMIN}/purchases/${plan.id}`]: ok(paidPlan),
      [`POST ${ADMIN}/purchases/${plan.id}/refund`]: refused(409, 'conflict', 'Only a paid purchase can be refunded'),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('purchase-row'));
    const drawer = screen.getByRole('dialog', { name: 'Purchase' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    expect(within(drawer).getByRole('group', { name: 'Confirm the refund' })).toHaveTextContent(
      "oskar's Yearly subscription ends at once, with its premium access.",
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Yes, refund €49.99' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Only a paid purchase can be refunded');
  });

  it('offers no refund for a purchase that is not paid', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/purchases`]: page([plan]),
      [`GET ${ADMIN}/purchases/${plan.id}`]: ok(plan),
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('purchase-row'));
    const drawer = screen.getByRole('dialog', { name: 'Purchase' });
    expect(within(drawer).getByText('Only paid purchases can be refunded.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the purchase' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
