import { renderHook, screen, waitFor, act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';
import { mockApi, readerUser, verifyAs } from '../../../test/render';
import { AuthProvider, useAuth } from './auth-context';
import { toLoginPayload } from './session';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

describe('auth context (SPEC §4)', () => {
  it('starts checking, then stores the verified user with a lower-cased role', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs({ ...readerUser, role: 'EDITOR' as never }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.isChecking).toBe(true);
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.user?.role).toBe('editor');
  });

  it('treats a failed check as a visitor, without an error', async () => {
    mockApi({ '/api/proxy/public/verify': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    expect(result.current.user).toBeNull();
    expect(result.current.isAuthenticated).toBe(false);
  });

  it('treats a server error during the check as a visitor', async () => {
    mockApi({ '/api/proxy/public/verify': () => new Response('oops', { status: 500 }) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    expect(result.current.user).toBeNull();
  });

  it('stores the user after a successful login, and sends username or email', async () => {
    const fetchMock = mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      'POST /api/proxy/public/login': () => Response.json({ success: true, user: readerUser, message: 'ok' }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    let outcome;
    await act(async () => {
      outcome = await result.current.login({ login: 'reader_one', password: 'secret-pass' });
    });
    expect(outcome).toMatchObject({ success: true });
    await waitFor(() => expect(result.current.user?.username).toBe('reader_one'));
    const body = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));
    expect(body).toEqual({ username: 'reader_one', password: 'secret-pass' });
  });

  it('builds the login payload from an e-mail or a username', () => {
    expect(toLoginPayload({ login: ' a@b.co ', password: 'p' })).toEqual({ email: 'a@b.co', password: 'p' });
    expect(toLoginPayload({ login: 'someone', password: 'p' })).toEqual({ username: 'someone', password: 'p' });
  });

  it('fails a login that is ok but not success, with the server message or "Login failed"', async () => {
    let answer: object = { success: false, message: 'Invalid e-mail, username or password' };
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      'POST /api/proxy/public/login': () => Response.json(answer, { status: 200 }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    await expect(result.current.login({ login: 'x', password: 'y' })).resolves.toEqual({
      success: false,
      message: 'Invalid e-mail, username or password',
    });
    answer = { success: false };
    await expect(result.current.login({ login: 'x', password: 'y' })).resolves.toEqual({
      success: false,
      message: 'Login failed',
    });
    // The fallback is the page's language's (issue 35 §1).
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'pt-BR';
    try {
      await expect(result.current.login({ login: 'x', password: 'y' })).resolves.toEqual({
        success: false,
        message: 'Não foi possível entrar',
      });
    } finally {
      document.documentElement.lang = lang;
    }
    expect(result.current.user).toBeNull();
  });

  it('rethrows a network error or invalid JSON from login', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      'POST /api/proxy/public/login': () => new Response('<html>', { status: 502 }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isChecking).toBe(false));
    await expect(result.current.login({ login: 'x', password: 'y' })).rejects.toThrow();
  });

  it('clears the user on logout even when the call fails', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(readerUser),
      'POST /api/proxy/secure/logoutUser': () => Promise.reject(new TypeError('offline')),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.user).not.toBeNull());
    await act(async () => {
      await result.current.logout().catch(() => undefined);
    });
    expect(result.current.user).toBeNull();
    expect(result.current.isChecking).toBe(false);
  });

  it('throws a Portuguese message when used outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const spy = console.error;
    console.error = () => {};
    expect(() => render(<Orphan />)).toThrow('useAuth deve ser usado dentro de um AuthProvider');
    console.error = spy;
    expect(screen.queryByText('x')).toBeNull();
  });
});
