import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, fetchWithTimeout, TimeoutError } from './api-client';

afterEach(() => vi.useRealTimers());

function hangingFetch() {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

describe('fetchWithTimeout', () => {
  it('always sends credentials', async () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await fetchWithTimeout('/api/x');
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'include' }));
  });

  it('aborts after 10 s by default', async () => {
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const request = fetchWithTimeout('/api/slow');
    const settled = expect(request).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('honours a longer time-out such as the 15 s of verify and login', async () => {
    vi.useFakeTimers();
    const fetchMock = hangingFetch();
    vi.stubGlobal('fetch', fetchMock);
    const request = fetchWithTimeout('/api/verify', { timeoutMs: 15_000 });
    const settled = expect(request).rejects.toThrow('15 s');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
  });
});

describe('apiJson', () => {
  it('turns an error envelope into an ApiError with code and fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { success: false, message: 'Taken', error: { code: 'conflict', message: 'Taken', fields: { email: 'Taken' } } },
          { status: 409 },
        ),
      ),
    );
    const error = await apiJson('/api/x', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', fields: { email: 'Taken' }, message: 'Taken' });
  });
});
