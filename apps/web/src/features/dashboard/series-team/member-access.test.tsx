import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../test/team-series';
import SeriesEditPage from '../series/series-edit-page';

const SERIES_ID = TEAM_SERIES_ID;
const TEAM = '/api/omegascans/secure/team';

const teamSeries = teamSeriesFixture();

function renderAs(role: 'creator' | 'translator', canPublish: boolean, created: unknown[] = []) {
  const user = { ...readerUser, id: 'm1', username: 'lina', seriesRoles: [{ seriesId: SERIES_ID, role, canPublish }] };
  mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    [`${TEAM}/genres`]: () => Response.json({ success: true, data: [] }),
    [`${TEAM}/series/${SERIES_ID}/editions`]: () => Response.json({ success: true, data: [] }),
    [`GET ${TEAM}/series/${SERIES_ID}`]: () => Response.json({ success: true, data: teamSeries }),
    [`POST ${TEAM}/series/${SERIES_ID}/chapters`]: (init) => {
      created.push(JSON.parse(String(init?.body)));
      return Response.json({ success: false, error: { code: 'forbidden', message: 'stop here' } }, { status: 403 });
    },
  });
  renderRoutes([{ path: '/edit/:id', element: <SeriesEditPage /> }], `/edit/${SERIES_ID}`);
}

describe('a series’ page in the dashboard for a member of its team (issue 37 §3)', () => {
  it('shows a translator the chapters but not the series’ details, prices, publishing, deletion or team', async () => {
    const created: unknown[] = [];
    renderAs('translator', false, created);
    expect(await screen.findByText(/Only the series’ creator, an editor or an admin changes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete series' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Team' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New chapter' }));
    expect(await screen.findByText(/Price, free date and preview are the series’ creator’s to set/)).toBeInTheDocument();
    expect(screen.getByText(/Your chapters stay drafts until/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Price/)).toBeNull();
    expect(screen.queryByRole('radio', { name: /Publish now/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create chapter' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).not.toHaveProperty('price');
    expect(created[0]).not.toHaveProperty('freeAt');
    expect(created[0]).not.toHaveProperty('publishedAt');
    expect(created[0]).not.toHaveProperty('previewPages');
  });

  it('lets a translator whom the creator allowed publish, still without prices', async () => {
    renderAs('translator', true);
    fireEvent.click(await screen.findByRole('button', { name: 'New chapter' }));
    expect(await screen.findByRole('radio', { name: /Publish now/ })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Price/)).toBeNull();
  });

  it('gives the series’ creator its details, prices and Team page', async () => {
    renderAs('creator', true);
    expect(await screen.findByRole('link', { name: 'Team' })).toHaveAttribute(
      'href',
      `/Dashboard/Series/Series/EditSerie/${SERIES_ID}/Team`,
    );
    expect(screen.queryByText(/Only the series’ creator, an editor or an admin changes/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New chapter' }));
    expect(await screen.findByLabelText(/Price/)).toBeInTheDocument();
  });
});
