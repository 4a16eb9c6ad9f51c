import { utcDay } from '@inkwell/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs, type TestUser } from '../../../test/render';
import { loadI18n } from '../../lib/i18n/i18n';
import DashboardHomePage, { waitingIn } from './dashboard-home-page';
import { ADMIN, adminMetrics, ok, TEAM, teamMetrics } from './metrics/test-data';

const user = (role: 'editor' | 'admin'): TestUser => ({
  id: `00000000-0000-4000-8000-0000000000${role === 'admin' ? 'ad' : 'ed'}`,
  role,
  email: `${role}@example.com`,
  username: `${role}_one`,
  coins: 0,
  membership: null,
  isPremium: false,
  avatarUrl: null,
});
const today = () => utcDay(new Date());
const oneDay = () => {
  const team = teamMetrics();
  const admin = adminMetrics();
  return {
    team: { ...team, range: { from: today(), to: today(), days: 1 }, days: [{ ...team.days[0]!, day: today() }] },
    admin: { ...admin, range: { from: today(), to: today(), days: 1 }, days: [{ ...admin.days[2]!, day: today() }] },
  };
};
const figure = (label: string) => screen.getByRole('link', { name: label }).closest('dt')!.nextElementSibling;

const english = await loadI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);

describe('the dashboard home', () => {
  it("shows an editor today's views, followers, comments, reported comments and scheduled chapters, and no money", async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(user('editor')),
      [`${TEAM}/metrics`]: ok(oneDay().team),
      [`${ADMIN}/metrics`]: () => Response.json({ success: false }, { status: 403 }),
    });
    renderRoutes([{ path: '/Dashboard', element: <DashboardHomePage /> }], '/Dashboard');
    await screen.findByText('1,200', {}, { timeout: 4000 });
    expect(figure('Views')).toHaveTextContent('1,200');
    expect(figure('Followers gained')).toHaveTextContent('4');
    expect(figure('Comments')).toHaveTextContent('7');
    expect(figure('Reported, awaiting moderation')).toHaveTextContent('2');
    expect(figure('Chapters scheduled')).toHaveTextContent('5');
    expect(screen.queryByRole('link', { name: 'Revenue' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContainEqual(expect.stringContaining(`${TEAM}/metrics?from=${today()}&to=${today()}`));
    expect(asked.some((url) => url.includes(`${ADMIN}/metrics`))).toBe(false);
  });

  it("adds an admin's revenue, sign-ups, active subscriptions and MRR of today", async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(user('admin')),
      [`${TEAM}/metrics`]: ok(oneDay().team),
      [`${ADMIN}/metrics`]: ok(oneDay().admin),
    });
    renderRoutes([{ path: '/Dashboard', element: <DashboardHomePage /> }], '/Dashboard');
    await screen.findByRole('link', { name: 'Sign-ups' }, { timeout: 4000 });
    expect(await screen.findByText('-$6.00 · €15.00')).toBeInTheDocument();
    expect(figure('Revenue')).toHaveTextContent('-$6.00 · €15.00');
    expect(figure('Sign-ups')).toHaveTextContent('1');
    expect(figure('Active subscriptions')).toHaveTextContent('2');
    expect(figure('Monthly recurring revenue')).toHaveTextContent('$15.00');
  });

  it('says on each area’s card what waits there', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(user('editor')),
      [`${TEAM}/metrics`]: ok(oneDay().team),
    });
    renderRoutes([{ path: '/Dashboard', element: <DashboardHomePage /> }], '/Dashboard');
    await screen.findByText('1,200', {}, { timeout: 4000 });
    const card = async (name: string) =>
      (await screen.findAllByTestId('area-card')).find(
        (link) => link.firstElementChild?.nextElementSibling?.firstChild?.textContent === name,
      );
    expect(await card('Series')).toHaveTextContent('Series3 draft chapters · 5 scheduled chapters · 1 series not published');
    expect(await card('Comments')).toHaveTextContent('Comments2 reported comments');
    // Where nothing is counted, the card names its section.
    expect(await card('Genres')).toHaveTextContent('GenresContent');
  });
});

describe('what waits in an area', () => {
  const nothing = { reportedComments: 0, scheduledChapters: 0, draftChapters: 0, draftSeries: 0 };
  it('counts in words, one and many, and says when nothing waits', () => {
    expect(waitingIn(t, '/Dashboard/Series/Series', { ...nothing, draftChapters: 1 })).toBe('1 draft chapter');
    expect(waitingIn(t, '/Dashboard/Series/Series', nothing)).toBe('No drafts or scheduled chapters');
    expect(waitingIn(t, '/Dashboard/Comments', { ...nothing, reportedComments: 1 })).toBe('1 reported comment');
    expect(waitingIn(t, '/Dashboard/Comments', nothing)).toBe('No reported comments');
    expect(waitingIn(t, '/Dashboard/Series/Genres', nothing)).toBeNull();
  });
});
