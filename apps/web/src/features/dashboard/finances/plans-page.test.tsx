import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import PlansPage from './plans-page';
import { ADMIN, adminUser, ok, plan, refused } from './test-data';

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/Dashboard/Finances/Plans',
        element: (
          <>
            <PlansPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/Dashboard/Finances/Plans',
  );
const sentBodies = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url, body: JSON.parse(String(init!.body)) }));

describe('the plans page', () => {
  it('lists plans with price and interval, premium, coins, status, sold and subscribers', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/plans`]: ok({
        items: [
          plan(),
          plan({
            id: '00000000-0000-4000-8000-000000000102',
            name: 'Yearly',
            priceCents: 4999,
            currency: 'eur',
            interval: 'year',
            includesPremium: false,
            coinsPerPeriod: 0,
            isActive: false,
            sold: 1,
            activeSubscribers: 0,
          }),
        ],
      }),
    });
    renderPage();
    const monthly = (await screen.findByText('Monthly pass')).closest('tr')!;
    expect(within(monthly).getByText('$4.99 / month')).toBeInTheDocument();
    expect(within(monthly).getByText('Yes')).toBeInTheDocument();
    expect(within(monthly).getByText('On sale')).toBeInTheDocument();
    // Each figure carries its name, which a phone shows in place of the header row.
    expect(
      within(monthly)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Coins / period: 100', 'Sold: 12', 'Subscribers now: 7']));
    const yearly = screen.getByText('Yearly').closest('tr')!;
    expect(within(yearly).getByText('€49.99 / year')).toBeInTheDocument();
    expect(within(yearly).getByText('Archived')).toBeInTheDocument();
    expect(within(yearly).getByRole('button', { name: 'Restore Yearly' })).toBeInTheDocument();
  });

  it('says when there are no plans, and offers a retry when they cannot be loaded', async () => {
    let fails = true;
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`${ADMIN}/plans`]: () => (fails ? refused(500, 'internal_error', 'Oops')() : ok({ items: [] })()),
    });
    renderPage();
    expect(await screen.findByText('We could not load the plans.', {}, { timeout: 3000 })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No plans yet. Create one to sell subscriptions.')).toBeInTheDocument();
  });

  it('creates a plan: the decimal price is sent as cents; local and server field errors show by their fields', async () => {
    let answer = refused(400, 'validation_failed', 'name: A plan with this name exists', {
      name: 'A plan with this name exists',
    });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/plans`]: ok({ items: [] }),
      [`POST ${ADMIN}/plans`]: () => answer(),
    });
    renderPage();
    await screen.findByText('No plans yet. Create one to sell subscriptions.');
    fireEvent.click(screen.getByRole('button', { name: 'New plan' }));
    const form = screen.getByRole('form', { name: 'New plan' });

    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '4.999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await within(form).findByText('Enter a price such as 4.99')).toBeInTheDocument();
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Gold' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '9.5' } });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.change(within(form).getByLabelText('Billed every'), { target: { value: 'year' } });
    fireEvent.change(within(form).getByLabelText('Coins per period'), { target: { value: '250' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await within(form).findByText('A plan with this name exists')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, 'POST')[0]!.body).toEqual({
      name: 'Gold',
      description: '',
      priceCents: 950,
      currency: 'eur',
      interval: 'year',
      includesPremium: true,
      coinsPerPeriod: 250,
      isActive: true,
    });

    answer = ok(plan({ name: 'Gold Club' }), 201);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Gold Club' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Gold Club created.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New plan' })).toBeNull();
  });

  it('edits a plan: price and interval shown, not sent; archive sends isActive false', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${ADMIN}/plans`]: ok({ items: [plan()] }),
      [`PATCH ${ADMIN}/plans/${plan().id}`]: (init) => ok({ ...plan(), ...JSON.parse(String(init!.body)) })(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Monthly pass' }));
    const form = screen.getByRole('form', { name: 'Edit Monthly pass' });
    expect(within(form).queryByLabelText('Price')).toBeNull();
    expect(within(form).getByText('$4.99')).toBeInTheDocument();
    expect(within(form).getByText(/Price and interval are fixed once a plan exists/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'All of it.' } });
    fireEvent.click(within(form).getByLabelText(/Includes premium chapters/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Monthly pass saved.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PATCH')[0]!.body).toEqual({
      name: 'Monthly pass',
      description: 'All of it.',
      includesPremium: false,
      coinsPerPeriod: 100,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Archive Monthly pass' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PATCH')).toHaveLength(2));
    expect(sentBodies(fetchMock, 'PATCH')[1]!.body).toEqual({ isActive: false });
    expect(await screen.findByText('Monthly pass archived: no longer sold; its subscribers keep it.')).toBeInTheDocument();
  });
});
