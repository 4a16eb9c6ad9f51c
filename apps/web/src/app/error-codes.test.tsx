import { PROGRESS_BAR } from '@inkwell/contract';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { errorToCode } from './error-codes';
import { routes } from './router';

describe('global error boundary mapping (SPEC §8)', () => {
  it('maps 401, 403, 404 and matching message text, else server_error', () => {
    expect(errorToCode({ status: 401 })).toBe('unauthorized');
    expect(errorToCode({ status: 403 })).toBe('forbidden');
    expect(errorToCode({ status: 404 })).toBe('not_found');
    expect(errorToCode(new Error('Request failed: Unauthorized'))).toBe('unauthorized');
    expect(errorToCode(new Error('forbidden resource'))).toBe('forbidden');
    expect(errorToCode(new Error('Series not found'))).toBe('not_found');
    expect(errorToCode(new Error('boom'))).toBe('server_error');
    expect(errorToCode(undefined)).toBe('server_error');
  });

  it('configures the progress bar exactly', () => {
    expect(PROGRESS_BAR).toEqual({ minimum: 0.08, speed: 400, trickleSpeed: 200, showSpinner: false });
  });
});

describe('routes (SPEC §2)', () => {
  it.each([
    ['/no/such/page', 'Page not found'],
    ['/SeriesView', 'Series not found'],
    ['/announcements', 'Announcement not found'],
    ['/errorPage?error=maintenance', 'Down for maintenance'],
    ['/errorPage?error=nonsense', 'Something went wrong'],
  ])('%s shows "%s"', async (path, title) => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('a render error anywhere lands on the error page with server_error', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null) });
    function Broken(): never {
      throw new Error('kaput');
    }
    const root = routes[0] as RouteObject;
    const withBroken: RouteObject[] = [
      { ...root, index: false, children: [...(root.children ?? []), { path: 'broken', element: <Broken /> }] } as RouteObject,
    ];
    const original = console.error;
    console.error = () => {};
    const { router } = renderRoutes(withBroken, '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?error=server_error');
    console.error = original;
  });
});
