import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { Toaster } from '../../../components/toast/toaster';
import { adminUser, ok, refused } from '../finances/test-data';
import GenresPage from './genres-page';

const GENRES = '/api/omegascans/secure/team/genres';
const horror = { id: '00000000-0000-4000-8000-000000000001', name: 'Horror', slug: 'horror' };
const romance = { id: '00000000-0000-4000-8000-000000000002', name: 'Romance', slug: 'romance' };

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/Dashboard/Series/Genres',
        element: (
          <>
            <GenresPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/Dashboard/Series/Genres',
  );
const bodies = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body }));

describe('the genres page', () => {
  it('lists the genres with their slugs', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(adminUser), [GENRES]: ok([horror, romance]) });
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Horror /horror'),
      expect.stringContaining('Romance /romance'),
    ]);
  });

  it('says when there are none, and offers a retry when they cannot be loaded', async () => {
    let fails = true;
    mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [GENRES]: () => (fails ? refused(500, 'internal_error', 'Oops')() : ok([])()),
    });
    renderPage();
    expect(await screen.findByText('We could not load the genres.', {}, { timeout: 3000 })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No genres yet. Add the first one above.')).toBeInTheDocument();
  });

  it('adds a genre: an empty name is refused before sending, a taken one by the server', async () => {
    let answer = refused(409, 'conflict', 'A genre with this name exists');
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${GENRES}`]: ok([horror]),
      [`POST ${GENRES}`]: () => answer(),
    });
    renderPage();
    await screen.findByText('Horror');
    const name = screen.getByLabelText('New genre');

    fireEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(bodies(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  Horror ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    expect(await screen.findByText('A genre with this name exists')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(String(bodies(fetchMock, 'POST')[0]!.body))).toEqual({ name: 'Horror' });

    answer = ok({ id: '00000000-0000-4000-8000-000000000003', name: 'Mystery', slug: 'mystery' }, 201);
    fireEvent.change(name, { target: { value: 'Mystery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add genre' }));
    await waitFor(() => expect(name).toHaveValue(''));
    expect(screen.queryByText('A genre with this name exists')).toBeNull();
  });

  it('renames a genre in its row, and can cancel', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${GENRES}`]: ok([horror]),
      [`PATCH ${GENRES}/${horror.id}`]: () => ok({ ...horror, name: 'Cosmic horror' })(),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Horror' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New name for Horror')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Horror' }));
    fireEvent.change(screen.getByLabelText('New name for Horror'), { target: { value: 'Cosmic horror' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('New name for Horror')).toBeNull());
    expect(JSON.parse(String(bodies(fetchMock, 'PATCH')[0]!.body))).toEqual({ name: 'Cosmic horror' });
  });

  it('deletes a genre after asking once more, and says so', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(adminUser),
      [`GET ${GENRES}`]: ok([horror, romance]),
      [`DELETE ${GENRES}/${romance.id}`]: () => Response.json({ success: true, message: 'Deleted' }),
    });
    renderPage();
    const row = (await screen.findByText('Romance')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(bodies(fetchMock, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Romance deleted')).toBeInTheDocument();
    expect(bodies(fetchMock, 'DELETE')[0]!.url).toBe(`${GENRES}/${romance.id}`);
  });
});
