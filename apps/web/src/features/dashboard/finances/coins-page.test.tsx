import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import CoinsPage from './coins-page';
import { ADMIN, adminUser, coinPackage, ok, refused } from './test-data';

const totals = {
  sold: 12_500,
  spent: 4200,
  fromSubscriptions: 700,
  refunded: 300,
  inWallets: 8700,
  revenueCents: { usd: 12_345, eur: 990 },
};

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/Dashboard/Finances/Coins',
        element: (
          <>
            <CoinsPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/Dashboard/Finances/Coins',
  );
const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init!.body)));

describe('the coins page', () => {
  it('shows the coin totals and the packages in their order', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/coin-packages`]: ok({
        items: [
          coinPackage(),
          coinPackage({
            id: '00000000-0000-4000-8000-000000000202',
            name: 'Pile',
            coins: 1000,
            bonusCoins: 0,
            priceCents: 1499,
            currency: 'eur',
            isActive: false,
            position: 2,
            sold: 0,
          }),
        ],
        totals,
      }),
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Coin totals' });
    const stat = (label: string) => within(card).getByText(label, { selector: 'dt' }).parentElement!;
    expect(stat('Sold')).toHaveTextContent('12,500');
    expect(stat('Spent')).toHaveTextContent('4,200');
    expect(stat('From subscriptions')).toHaveTextContent('700');
    expect(stat('Refunded')).toHaveTextContent('300');
    expect(stat('In wallets')).toHaveTextContent('8,700');
    expect(stat('Revenue')).toHaveTextContent('$123.45');
    expect(stat('Revenue')).toHaveTextContent('€9.90');

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Handful', 'Pile']);
    expect(rows[0]).toHaveTextContent('100+10 bonus');
    expect(rows[0]).toHaveTextContent('$1.99');
    expect(within(rows[0]!).getByText('On sale')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('€14.99');
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
  });

  it('creates a package, showing the server’s field errors; deactivates one', async () => {
    let answer = refused(400, 'validation_failed', 'priceCents: Price must be at least 50 cents', {
      priceCents: 'Price must be at least 50 cents',
    });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/coin-packages`]: ok({ items: [coinPackage()], totals }),
      [`POST ${ADMIN}/coin-packages`]: () => answer(),
      [`PATCH ${ADMIN}/coin-packages/${coinPackage().id}`]: (init) =>
        ok({ ...coinPackage(), ...JSON.parse(String(init!.body)) })(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New package' }));
    const form = screen.getByRole('form', { name: 'New coin package' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create package' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText('How many coins does it give?')).toBeInTheDocument();
    expect(within(form).getByText('Enter a price such as 4.99')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Chest' } });
    fireEvent.change(within(form).getByLabelText('Coins'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('Bonus coins'), { target: { value: '750' } });
    fireEvent.change(within(form).getByLabelText('Order'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '49,99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create package' }));
    expect(await within(form).findByText('Price must be at least 50 cents')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchMock, 'POST')[0]).toEqual({
      name: 'Chest',
      coins: 5000,
      bonusCoins: 750,
      priceCents: 4999,
      currency: 'usd',
      position: 3,
      isActive: true,
    });

    answer = ok(coinPackage({ name: 'Chest' }), 201);
    fireEvent.click(within(form).getByRole('button', { name: 'Create package' }));
    expect(await screen.findByText('Chest created.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Handful' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toEqual([{ isActive: false }]));
    expect(await screen.findByText('Handful is no longer sold.')).toBeInTheDocument();
  });

  it('edits a package with its price as a decimal', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/coin-packages`]: ok({ items: [coinPackage()], totals }),
      [`PATCH ${ADMIN}/coin-packages/${coinPackage().id}`]: (init) =>
        ok({ ...coinPackage(), ...JSON.parse(String(init!.body)) })(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Handful' }));
    const form = screen.getByRole('form', { name: 'Edit Handful' });
    expect(within(form).getByLabelText('Price')).toHaveValue('1.99');
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '2.49' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save package' }));
    expect(await screen.findByText('Handful saved.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH')[0]).toMatchObject({
      name: 'Handful',
      coins: 100,
      bonusCoins: 10,
      priceCents: 249,
      position: 1,
    });
  });
});
