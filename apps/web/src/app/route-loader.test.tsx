import { ROUTE_LOADER_MS } from '@inkwell/contract';
import { act, render, screen } from '@testing-library/react';
import NProgress from 'nprogress';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProgressBar, RouteLoader } from './route-loader';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('the route loader (SPEC §2 Loading, §9)', () => {
  it('shows for 200 ms on every route change, and for as long as the next page’s loader runs', async () => {
    const start = vi.spyOn(NProgress, 'start');
    const done = vi.spyOn(NProgress, 'done');
    let finishLoading: (value: null) => void = () => {};
    const router = createMemoryRouter([
      {
        element: (
          <>
            <RouteLoader />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <Link to="/next">next</Link> },
          { path: '/next', element: <p>next page</p>, loader: () => new Promise<null>((resolve) => (finishLoading = resolve)) },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    // The bar's code arrives on its first use.
    await act(() => loadProgressBar());
    expect(start).toHaveBeenCalled();
    await advance(ROUTE_LOADER_MS - 1);
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('route-loader')).toBeNull();
    expect(done).toHaveBeenCalled();

    start.mockClear();
    await act(async () => {
      screen.getByRole('link', { name: 'next' }).click();
    });
    // The loader is still running: the old page stays, under the loading screen and the bar.
    await advance(1000);
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    expect(start).toHaveBeenCalled();
    expect(screen.queryByText('next page')).toBeNull();

    await act(async () => finishLoading(null));
    expect(screen.getByText('next page')).toBeInTheDocument();
    // Then the 200 ms of the route change itself.
    expect(screen.getByTestId('route-loader')).toBeInTheDocument();
    await advance(ROUTE_LOADER_MS);
    expect(screen.queryByTestId('route-loader')).toBeNull();
  });
});
