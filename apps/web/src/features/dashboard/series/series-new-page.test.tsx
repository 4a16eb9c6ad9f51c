import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import SeriesNewPage from './series-new-page';

const editor = {
  id: 'e1',
  role: 'editor' as const,
  email: 'ed@example.com',
  username: 'ed',
  coins: 0,
  membership: null,
  isPremium: false,
  avatarUrl: null,
};

describe('the new-series form', () => {
  it('checks fields with the contract before sending, then shows the server’s per-field answer', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      '/api/omegascans/secure/team/genres': () =>
        Response.json({ success: true, data: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Horror', slug: 'horror' }] }),
      'POST /api/omegascans/secure/team/series': () =>
        Response.json(
          {
            success: false,
            message: 'Another series already uses this slug',
            error: {
              code: 'conflict',
              message: 'Another series already uses this slug',
              fields: { slug: 'Another series already uses this slug' },
            },
          },
          { status: 409 },
        ),
    });
    renderRoutes([{ path: '/new', element: <SeriesNewPage /> }], '/new');
    await screen.findByRole('button', { name: 'Horror' });

    fireEvent.change(screen.getByLabelText('Release year'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Release year must be 1900 or later')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The ladder's fields are checked too (issue 22 §1).
    fireEvent.change(screen.getByLabelText('Bundle discount (%)'), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findByText('The discount is at most 90 %')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Bundle discount (%)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Wait-until-free pass'), { target: { value: '72' } });
    fireEvent.change(screen.getByLabelText('Rental time (hours)'), { target: { value: '48' } });
    fireEvent.click(screen.getByLabelText(/A free chapter a day/));

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ghost Shift' } });
    fireEvent.change(screen.getByLabelText('Release year'), { target: { value: '2022' } });
    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'ghost-shift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Horror' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create series' }));
    expect(await screen.findAllByText('Another series already uses this slug')).toHaveLength(2);
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({
      title: 'Ghost Shift',
      slug: 'ghost-shift',
      releaseYear: 2022,
      genreIds: ['00000000-0000-4000-8000-000000000001'],
      type: 'comic',
      waitPassIntervalHours: 72,
      rentalHours: 48,
      waitPassExcludesNewest: 1, // a pass never opens the newest chapter unless said (issue 33 §6)
      dailyFree: true,
      bundleDiscountPercent: 20,
    });
  });
});
