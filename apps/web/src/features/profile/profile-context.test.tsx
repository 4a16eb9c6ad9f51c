import { MEMBERSHIP_CACHE_KEY, PROFILE_CACHE_KEY, PROFILE_CACHE_MS } from '@inkwell/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterSessionCheck, mockApi, readerUser, renderInApp, SessionChecked, verifyAs } from '../../../test/render';
import { useProfile } from './profile-context';

const profile = { ...readerUser, createdAt: '2026-01-01T00:00:00.000Z', avatarVersion: 0 };

function ProfileProbe() {
  const { profile: p, status, error } = useProfile();
  return (
    <p>
      status={status} name={p?.username ?? '-'} coins={p?.coins ?? '-'} error={error ?? '-'}
    </p>
  );
}

const profileCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/proxy/secure/profiledata')).length;

describe('profile loading (SPEC §4)', () => {
  it('waits for the session check, fetches without caching, and caches data with a timestamp', async () => {
    let resolveVerify: (r: Response) => void = () => {};
    const fetchMock = mockApi({
      '/api/proxy/public/verify': () => new Promise<Response>((resolve) => (resolveVerify = resolve)),
      '/api/proxy/secure/profiledata': () => Response.json({ success: true, data: profile, message: 'ok' }),
    });
    renderInApp(<ProfileProbe />);
    // The session check is asked for as the app mounts; a profile fetch that did not wait for it
    // would have started in that same pass, before it (children subscribe first).
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/proxy/public/verify'))).toBe(true),
    );
    expect(profileCalls(fetchMock)).toBe(0);
    resolveVerify(Response.json({ authenticated: true, user: readerUser, message: 'ok' }));
    expect(await screen.findByText(/status=loaded name=reader_one/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('profiledata'));
    expect(call?.[1]).toMatchObject({ cache: 'no-store', credentials: 'include' });
    const cached = JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}');
    expect(cached.data.username).toBe('reader_one');
    expect(typeof cached.timestamp).toBe('number');
  });

  it('uses a cache younger than 15 minutes without fetching', async () => {
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify({ data: { ...profile, coins: 999 }, timestamp: Date.now() - 60_000 }));
    const fetchMock = mockApi({ '/api/proxy/public/verify': verifyAs(readerUser) });
    renderInApp(
      <>
        <ProfileProbe />
        <SessionChecked />
      </>,
    );
    expect(await screen.findByText(/status=loaded name=reader_one coins=999/)).toBeInTheDocument();
    // A stale cache is fetched again as soon as the session is known (next test): not this one.
    await afterSessionCheck();
    expect(profileCalls(fetchMock)).toBe(0);
  });

  it('fetches again when the cache is older than 15 minutes', async () => {
    localStorage.setItem(
      PROFILE_CACHE_KEY,
      JSON.stringify({ data: { ...profile, coins: 1 }, timestamp: Date.now() - PROFILE_CACHE_MS - 1000 }),
    );
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/proxy/secure/profiledata': () => Response.json({ success: true, data: profile, message: 'ok' }),
    });
    renderInApp(<ProfileProbe />);
    expect(await screen.findByText(/coins=120/)).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toBe(1);
  });

  it('clears a corrupt cache entry and fetches again', async () => {
    localStorage.setItem(PROFILE_CACHE_KEY, '{not json');
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/proxy/secure/profiledata': () => Response.json({ success: true, data: profile, message: 'ok' }),
    });
    renderInApp(<ProfileProbe />);
    expect(await screen.findByText(/status=loaded/)).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toBe(1);
    expect(JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}').data.id).toBe('u1');
  });

  it('on an HTTP failure keeps the spec’s error text and shows the cached profile', async () => {
    localStorage.setItem(
      PROFILE_CACHE_KEY,
      JSON.stringify({ data: { ...profile, coins: 7 }, timestamp: Date.now() - PROFILE_CACHE_MS - 1000 }),
    );
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/proxy/secure/profiledata': () => new Response('', { status: 503 }),
    });
    renderInApp(<ProfileProbe />);
    expect(await screen.findByText(/status=error name=reader_one coins=7 error=HTTP error! status: 503/)).toBeInTheDocument();
  });

  it('uses the server message, else "Failed to fetch profile data", when success is false', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      '/api/proxy/secure/profiledata': () => Response.json({ success: false, message: '' }),
    });
    renderInApp(<ProfileProbe />);
    expect(await screen.findByText(/error=Failed to fetch profile data/)).toBeInTheDocument();
  });

  it('caches the membership from the session check under userMembership', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs({ ...readerUser, membership: 'Gold' as never }) });
    renderInApp(<ProfileProbe />);
    await waitFor(() => expect(localStorage.getItem(MEMBERSHIP_CACHE_KEY)).not.toBeNull());
    const entry = JSON.parse(localStorage.getItem(MEMBERSHIP_CACHE_KEY) ?? '{}');
    expect(entry.data).toBe('Gold');
    expect(Date.now() - entry.timestamp).toBeLessThan(5000);
  });
});
