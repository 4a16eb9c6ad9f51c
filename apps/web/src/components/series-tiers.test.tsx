import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { membershipFixture, TIER_ID, tierFixture } from '../../test/memberships';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import { TEAM_SERIES_ID } from '../../test/team-series';
import { SeriesTiers } from './series-tiers';

const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';
const SERIES = { id: TEAM_SERIES_ID, slug: 'ink-and-ash', title: 'Ink and Ash' };
const ok = (data: unknown, status = 200) => Response.json({ success: true, data }, { status });
const yearly = tierFixture({
  id: '00000000-0000-4000-8000-0000000000f2',
  name: 'Patron',
  description: '',
  priceCents: 3000,
  currency: 'eur',
  interval: 'year',
  earlyAccessDays: 1,
  coinsPerPeriod: 0,
});

function serve({
  user = readerUser,
  memberships = [] as ReturnType<typeof membershipFixture>[],
  variant = 'page' as const,
} = {}) {
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    [`${PUB}/series/${SERIES.id}/tiers`]: () => ok({ items: [tierFixture(), yearly], members: 3 }),
    [`${ME}/memberships`]: () => ok({ items: memberships }),
    [`POST ${ME}/checkout`]: () => ok({ purchaseId: TIER_ID, checkoutUrl: `/buy/checkout/${TIER_ID}` }, 201),
  });
  const view = renderRoutes(
    [
      {
        path: '/SeriesView/ink-and-ash',
        element: <SeriesTiers series={SERIES} returnTo="/SeriesView/ink-and-ash" variant={variant} />,
      },
      { path: '/buy/checkout/:id', element: <p>The test checkout</p> },
      { path: '/login', element: <p>Log in page</p> },
    ],
    '/SeriesView/ink-and-ash',
  );
  return { fetchMock, ...view };
}

describe('“Support this series”: a series’ membership tiers (issue 38 §1)', () => {
  it('shows each tier’s price per month or year, its days of early access and its coins', async () => {
    serve();
    const section = await screen.findByRole('region', { name: 'Support this series' });
    const [early, patron] = within(section).getAllByRole('article');
    expect(early).toHaveTextContent('Early readers');
    expect(early).toHaveTextContent('Every chapter a week before everyone.');
    expect(early).toHaveTextContent('$3.00 / month');
    expect(early).toHaveTextContent('Read 7 days early');
    expect(early).toHaveTextContent('50 coins every month');
    expect(patron).toHaveTextContent('€30.00 / year');
    expect(patron).toHaveTextContent('Read 1 day early');
    expect(patron).not.toHaveTextContent('coins');
  });

  it('starts a checkout of kind tier on Join, and goes to it', async () => {
    const { fetchMock } = serve();
    const [early] = await screen.findAllByRole('article');
    fireEvent.click(within(early!).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The test checkout')).toBeInTheDocument();
    const checkout = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(checkout![1]!.body))).toEqual({
      kind: 'tier',
      tierId: TIER_ID,
      returnTo: '/SeriesView/ink-and-ash',
    });
  });

  it('sends a visitor to log in first', async () => {
    serve({ user: null as never });
    const [early] = await screen.findAllByRole('article');
    const login = within(early!).getByRole('link', { name: 'Log in to join' });
    expect(login).toHaveAttribute('href', '/login');
  });

  it('tells a member when their membership renews or ends instead of selling it again', async () => {
    serve({ memberships: [membershipFixture()] });
    expect(await screen.findByTestId('member-line')).toHaveTextContent(
      'You are a member (Early readers) · renews on Dec 20, 2026.',
    );
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('in the lock panel, offers the tiers to a reader who is not a member', async () => {
    serve({ variant: 'lock' as never });
    expect(await screen.findByRole('region', { name: 'Or become a member' })).toHaveTextContent(
      'Members of Ink and Ash read its chapters early',
    );
    expect(screen.getAllByRole('button', { name: 'Join' })).toHaveLength(2);
  });

  it('in the lock panel, offers a member nothing', async () => {
    const { fetchMock } = serve({ variant: 'lock' as never, memberships: [membershipFixture()] });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/memberships'))).toBe(true));
    await act(async () => {});
    expect(screen.queryByTestId('series-tiers')).toBeNull();
  });
});
