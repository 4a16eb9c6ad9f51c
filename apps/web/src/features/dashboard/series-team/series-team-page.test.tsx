import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import SeriesTeamPage from './series-team-page';

const SERIES_ID = '00000000-0000-4000-8000-0000000000a1';
const TEAM = '/api/omegascans/secure/team';
const ADMIN = '/api/omegascans/secure/admin';
const admin = { ...readerUser, id: 'a1', role: 'admin' as const, username: 'boss' };
const creator = {
  ...readerUser,
  id: 'c1',
  username: 'maker',
  seriesRoles: [{ seriesId: SERIES_ID, role: 'creator' as const, canPublish: true }],
};

const member = (userId: string, username: string, role: 'creator' | 'translator' | 'uploader', canPublish = false) => ({
  userId,
  username,
  avatarUrl: null,
  role,
  canPublish,
  addedAt: '2026-07-01T12:00:00.000Z',
});
const TRANSLATOR_ID = '00000000-0000-4000-8000-0000000000b2';
const team = [member('c1', 'maker', 'creator', true), member(TRANSLATOR_ID, 'lina', 'translator')];
const series = () =>
  Response.json({ success: true, data: { id: SERIES_ID, title: 'Ink and Ash', slug: 'ink-and-ash', chapters: [] } });

function renderTeam() {
  renderRoutes([{ path: '/team/:id', element: <SeriesTeamPage /> }], `/team/${SERIES_ID}`);
}

describe('a series’ Team page', () => {
  it('lists the members for an admin, who adds a user by their username and role', async () => {
    const calls: unknown[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(admin),
      [`${TEAM}/series/${SERIES_ID}`]: series,
      [`GET ${ADMIN}/series/${SERIES_ID}/members`]: () => Response.json({ success: true, data: team }),
      [`PUT ${ADMIN}/series/${SERIES_ID}/members`]: (init) => {
        calls.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, data: [...team, member('u9', 'nova', 'uploader', true)] });
      },
    });
    renderTeam();
    expect(await screen.findByRole('heading', { name: 'Team of Ink and Ash' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('series-member');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/maker.*Creator · added/),
      expect.stringMatching(/lina.*Translator · added/),
    ]);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'nova' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'uploader' } });
    fireEvent.click(screen.getByLabelText(/May publish chapters/));
    fireEvent.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(await screen.findByText('nova')).toBeInTheDocument();
    expect(calls).toEqual([{ username: 'nova', role: 'uploader', canPublish: true }]);
  });

  it('shows the server’s refusal in the form', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(admin),
      [`${TEAM}/series/${SERIES_ID}`]: series,
      [`GET ${ADMIN}/series/${SERIES_ID}/members`]: () => Response.json({ success: true, data: team }),
      [`PUT ${ADMIN}/series/${SERIES_ID}/members`]: () =>
        Response.json(
          { success: false, error: { code: 'user_not_found', message: 'No user goes by that name.' } },
          { status: 404 },
        ),
    });
    renderTeam();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No user goes by that name.');
  });

  it('removes a member once the admin confirms', async () => {
    const removed: string[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(admin),
      [`${TEAM}/series/${SERIES_ID}`]: series,
      [`GET ${ADMIN}/series/${SERIES_ID}/members`]: () => Response.json({ success: true, data: team }),
      [`DELETE ${ADMIN}/series/${SERIES_ID}/members/${TRANSLATOR_ID}`]: () => {
        removed.push(TRANSLATOR_ID);
        return Response.json({ success: true, data: [team[0]] });
      },
    });
    renderTeam();
    const lina = (await screen.findByText('lina')).closest('li')!;
    fireEvent.click(within(lina).getByRole('button', { name: 'Remove' }));
    expect(removed).toEqual([]);
    fireEvent.click(within(lina).getByRole('button', { name: 'Remove lina' }));
    await waitFor(() => expect(screen.queryByText('lina')).toBeNull());
    expect(removed).toEqual([TRANSLATOR_ID]);
  });

  it('lets the series’ creator allow a translator to publish, through the team’s call, with no add form, and shows its funnel', async () => {
    const patches: unknown[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(creator),
      [`${TEAM}/series/${SERIES_ID}`]: series,
      [`GET ${TEAM}/series/${SERIES_ID}/members`]: () => Response.json({ success: true, data: team }),
      [`${TEAM}/metrics/series/${SERIES_ID}/funnel`]: () =>
        Response.json({ success: true, data: { seriesId: SERIES_ID, title: 'Ink and Ash', rows: [] } }),
      [`PATCH ${TEAM}/series/${SERIES_ID}/members/${TRANSLATOR_ID}`]: (init) => {
        patches.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, data: [team[0], { ...team[1], canPublish: true }] });
      },
    });
    renderTeam();
    const toggle = await screen.findByRole('switch', { name: 'Let lina publish' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Let lina publish' })).toBeChecked());
    expect(patches).toEqual([{ canPublish: true }]);
    expect(screen.queryByRole('button', { name: 'Add to the team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.getByText('An admin adds and removes the team’s members.')).toBeInTheDocument();
    // The series' funnel, which the site-wide Metrics page would show an editor.
    expect(await screen.findByRole('heading', { name: 'Series funnel' })).toBeInTheDocument();
    expect(await screen.findByText('No chapters out yet.')).toBeInTheDocument();
  });

  it('shows the refusal to someone not on the team', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs({ ...readerUser }),
      [`${TEAM}/series/${SERIES_ID}`]: () =>
        Response.json({ success: false, error: { code: 'forbidden', message: 'You may not do that.' } }, { status: 403 }),
      [`GET ${TEAM}/series/${SERIES_ID}/members`]: () =>
        Response.json({ success: false, error: { code: 'forbidden', message: 'You may not do that.' } }, { status: 403 }),
    });
    renderTeam();
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not do that.');
  });
});
