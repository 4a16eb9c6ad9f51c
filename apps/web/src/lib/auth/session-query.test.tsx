import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../test/render';
import { useAuth } from './auth-context';
import { setViewerCoins, updateSessionUser } from './session-query';

function Coins() {
  const { user } = useAuth();
  return <p>coins={user?.coins ?? '-'}</p>;
}

describe('the viewer’s coins have one owner, the session query', () => {
  it('setViewerCoins changes what every reader of the session shows, without a refetch', async () => {
    const fetchMock = mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    const { queryClient } = renderInApp(<Coins />);
    expect(await screen.findByText('coins=120')).toBeInTheDocument();
    act(() => setViewerCoins(queryClient, 95));
    expect(await screen.findByText('coins=95')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/verify'))).toHaveLength(1);
  });

  it('leaves a visitor a visitor', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    const { queryClient } = renderInApp(<Coins />);
    expect(await screen.findByText('coins=-')).toBeInTheDocument();
    act(() => updateSessionUser(queryClient, { coins: 10 }));
    expect(screen.getByText('coins=-')).toBeInTheDocument();
  });
});
