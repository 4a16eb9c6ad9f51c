import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamTierFixture } from '../../../../../test/memberships';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../../test/render';
import { TEAM_SERIES_ID } from '../../../../../test/team-series';
import { Toaster } from '../../../../components/toast/toaster';
import TiersSection from './tiers-section';

const TEAM = '/api/omegascans/secure/team';
const TIERS = `${TEAM}/series/${TEAM_SERIES_ID}/tiers`;
const creator = {
  ...readerUser,
  seriesRoles: [{ seriesId: TEAM_SERIES_ID, role: 'creator' as const, canPublish: true }],
};
const editor = { ...readerUser, role: 'editor' as const };
const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status });
const refused = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ success: false, message, error: { code, message, ...(fields ? { fields } : {}) } }, { status });

function renderSection() {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <TiersSection seriesId={TEAM_SERIES_ID} />
            <Toaster />
          </>
        ),
      },
    ],
    '/',
  );
}
const sent = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => JSON.parse(String(init!.body)));

describe('a series’ membership tiers on its dashboard page (issue 38 §1)', () => {
  it('lists each tier’s price, early access, coins, members, sales and whether it is on sale', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(creator),
      [TIERS]: () =>
        ok({
          items: [
            teamTierFixture(),
            teamTierFixture({
              id: '00000000-0000-4000-8000-0000000000f2',
              name: 'Patron',
              priceCents: 3000,
              currency: 'eur',
              interval: 'year',
              earlyAccessDays: 0,
              coinsPerPeriod: 0,
              isActive: false,
              sold: 1,
              activeMembers: 0,
            }),
          ],
        }),
    });
    renderSection();
    const early = (await screen.findByText('Early readers')).closest('tr')!;
    expect(within(early).getByText('$3.00 / month')).toBeInTheDocument();
    expect(within(early).getByText('On sale')).toBeInTheDocument();
    expect(
      within(early)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Early access: 7 days', 'Coins each period: 50', 'Members: 9', 'Sold: 12']));
    const patron = screen.getByText('Patron').closest('tr')!;
    expect(within(patron).getByText('€30.00 / year')).toBeInTheDocument();
    expect(within(patron).getByText('Archived')).toBeInTheDocument();
    expect(within(patron).getByText('None')).toBeInTheDocument();
    expect(within(patron).getByRole('button', { name: 'Restore Patron' })).toBeInTheDocument();
  });

  it('creates a tier: the price in cents with its currency and interval; the server’s refusal shows by its field', async () => {
    let answer = () =>
      refused(409, 'conflict', 'This series already has a tier with this name', {
        name: 'This series already has a tier with this name',
      });
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(creator),
      [`GET ${TIERS}`]: () => ok({ items: [] }),
      [`POST ${TIERS}`]: () => answer(),
    });
    renderSection();
    await screen.findByText('No tiers yet. Add one so readers can support this series.');
    fireEvent.click(screen.getByRole('button', { name: 'New tier' }));
    const form = screen.getByLabelText('New tier', { selector: 'form' });

    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByText('Create tier', { selector: 'button' }));
    expect(await within(form).findByText('Type a price such as 4.99')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Early readers' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.change(within(form).getByLabelText('Billed every'), { target: { value: 'year' } });
    fireEvent.change(within(form).getByLabelText('Days of early access'), { target: { value: '7' } });
    // Coins come with a tier from an editor or an admin only: the creator is not offered them.
    expect(within(form).queryByLabelText('Coins each period')).toBeNull();
    fireEvent.click(within(form).getByText('Create tier', { selector: 'button' }));
    // Said above the form and by its field, which is marked invalid.
    expect(await within(form).findAllByText('This series already has a tier with this name')).not.toHaveLength(0);
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchMock, 'POST')[0]).toEqual({
      name: 'Early readers',
      description: '',
      priceCents: 300,
      currency: 'eur',
      interval: 'year',
      earlyAccessDays: 7,
      coinsPerPeriod: 0,
      isActive: true,
    });

    answer = () => ok(teamTierFixture({ name: 'Early birds' }), 201);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Early birds' } });
    fireEvent.click(within(form).getByText('Create tier', { selector: 'button' }));
    expect(await screen.findByText('Early birds created.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New tier', { selector: 'form' })).toBeNull();
  });

  it('edits a tier without its price, currency or interval, and archives one instead of deleting it', async () => {
    const tier = teamTierFixture();
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(creator),
      [`GET ${TIERS}`]: () => ok({ items: [tier] }),
      [`PATCH ${TIERS}/${tier.id}`]: (init) => ok({ ...tier, ...JSON.parse(String(init!.body)) }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Early readers' }));
    const form = screen.getByLabelText('Edit Early readers', { selector: 'form' });
    expect(within(form).queryByLabelText('Price')).toBeNull();
    expect(within(form).getByText('$3.00')).toBeInTheDocument();
    expect(within(form).getByText(/Price, currency and interval are fixed once a tier exists/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Days of early access'), { target: { value: '3' } });
    fireEvent.click(within(form).getByText('Save tier', { selector: 'button' }));
    expect(await screen.findByText('Early readers saved.')).toBeInTheDocument();
    // The creator's edit leaves the tier's coins (an editor's) as they are.
    expect(within(form).queryByLabelText('Coins each period')).toBeNull();
    expect(sent(fetchMock, 'PATCH')[0]).toEqual({
      name: 'Early readers',
      description: 'Every chapter a week before everyone.',
      earlyAccessDays: 3,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Archive Early readers' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH')).toHaveLength(2));
    expect(sent(fetchMock, 'PATCH')[1]).toEqual({ isActive: false });
    expect(await screen.findByText(/Early readers is archived/)).toBeInTheDocument();
  });

  it('offers an editor the coins each period, on a new tier and on an edit', async () => {
    const tier = teamTierFixture();
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [`GET ${TIERS}`]: () => ok({ items: [tier] }),
      [`PATCH ${TIERS}/${tier.id}`]: (init) => ok({ ...tier, ...JSON.parse(String(init!.body)) }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Early readers' }));
    const form = screen.getByLabelText('Edit Early readers', { selector: 'form' });
    fireEvent.change(within(form).getByLabelText('Coins each period'), { target: { value: '20' } });
    fireEvent.click(within(form).getByText('Save tier', { selector: 'button' }));
    expect(await screen.findByText('Early readers saved.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH')[0]).toMatchObject({ coinsPerPeriod: 20 });
  });

  it('says the server’s refusal when the tiers cannot be loaded', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(creator),
      [TIERS]: () => refused(500, 'internal_error', 'Oops'),
    });
    renderSection();
    expect(await screen.findByText('The tiers could not be loaded.', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
