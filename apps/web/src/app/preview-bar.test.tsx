import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../test/render';
import { ApiError, callApi, callApiData } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { previewAs, setPreviewAs } from '../lib/auth/preview-as';

const editor = { ...readerUser, id: 'e1', role: 'editor' as const, username: 'nora' };

function WhoAmI() {
  const { user } = useAuth();
  return <p data-testid="who">{user ? `${user.role}${user.isPremium ? ' premium' : ''}` : 'visitor'}</p>;
}

const renderApp = () =>
  renderRoutes(
    [
      {
        path: '/',
        // The app's providers draw the bar (providers.tsx).
        element: <WhoAmI />,
      },
    ],
    '/',
  );

afterEach(() => setPreviewAs(null));

describe('previewing the site as another viewer (issue 22 §3)', () => {
  it('makes a team member that viewer until they stop, with a bar that says so', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(editor) });
    setPreviewAs('premium');
    renderApp();
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('reader premium'));
    // The bar's code arrives as a chunk of its own.
    expect(await screen.findByTestId('preview-bar')).toHaveTextContent('Viewing as a premium reader: nothing is saved.');
    fireEvent.click(screen.getByRole('button', { name: 'As a visitor' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('visitor'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop previewing' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('editor'));
    expect(screen.queryByTestId('preview-bar')).toBeNull();
  });

  it('is ignored for anyone not on the team', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    setPreviewAs('visitor');
    renderApp();
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('reader'));
    expect(screen.queryByTestId('preview-bar')).toBeNull();
    await waitFor(() => expect(previewAs()).toBeNull());
  });

  it('asks public reads as that viewer, and sends no write while it lasts', async () => {
    const fetchMock = mockApi({
      '/api/public/omegascans/public/genres': () => Response.json({ success: true, data: [] }),
    });
    setPreviewAs('reader');
    await callApiData('genres');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/public/omegascans/public/genres?as=reader');
    await expect(callApi('bookmarkAdd', { params: { seriesId: '00000000-0000-4000-8000-0000000000aa' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
