import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { teamTierFixture } from '../../../../../test/memberships';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../../test/team-series';
import SeriesEditPage from '../series-edit-page';

const TEAM = '/api/omegascans/secure/team';
const ok = (data: unknown) => Response.json({ success: true, data });
const onTeam = (role: 'creator' | 'translator') => ({
  ...readerUser,
  seriesRoles: [{ seriesId: TEAM_SERIES_ID, role, canPublish: role === 'creator' }],
});

function openAs(user: TestUser & { seriesRoles?: unknown }) {
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    [`${TEAM}/genres`]: () => ok([]),
    [`${TEAM}/series/${TEAM_SERIES_ID}`]: () => ok(teamSeriesFixture()),
    [`${TEAM}/series/${TEAM_SERIES_ID}/tiers`]: () => ok({ items: [teamTierFixture()] }),
    [`${TEAM}/series/${TEAM_SERIES_ID}/payees`]: () => ok({ items: [] }),
    [`${TEAM}/series/${TEAM_SERIES_ID}/editions`]: () => ok({ items: [] }),
  });
  renderRoutes([{ path: '/edit/:id', element: <SeriesEditPage /> }], `/edit/${TEAM_SERIES_ID}`);
  return fetchMock;
}

// Issue 38 §1: who sees a series' Memberships section on its dashboard page (the server refuses the rest anyway).
describe.each([
  ['its creator', onTeam('creator'), true],
  ['an editor', { ...readerUser, role: 'editor' as const }, true],
  ['an admin', { ...readerUser, role: 'admin' as const }, true],
  ['its translator', onTeam('translator'), false],
])('the series’ dashboard page, opened by %s', (_who, user, sees) => {
  it(sees ? 'shows the tiers' : 'neither shows nor asks for the tiers', async () => {
    const fetchMock = openAs(user);
    await screen.findByRole('heading', { level: 1, name: 'Ink and Ash' });
    if (sees) {
      expect(await screen.findByRole('heading', { name: 'Memberships' })).toBeInTheDocument();
      expect(await screen.findByText('Early readers')).toBeInTheDocument();
    } else {
      await screen.findByRole('heading', { name: /Chapters/ });
      expect(screen.queryByRole('heading', { name: 'Memberships' })).toBeNull();
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/tiers'))).toBe(false);
    }
  });
});
