import { act, fireEvent, render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/providers';
import { useAuth } from '../src/lib/auth/auth-context';
import { createQueryClient } from '../src/lib/query-client';
import { loadI18n } from '../src/lib/i18n/i18n';

/** Tests draw the app in English (the catalogues' own test checks the other languages). */
const english = await loadI18n('en');

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/** A fetch that answers by path (and method), the network edge of the web app. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${path}`] ?? handlers[path];
    if (!handler) return Response.json({ success: false, message: 'not mocked' }, { status: 404 });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const readerUser = {
  id: 'u1',
  role: 'reader' as const,
  email: 'reader@example.com',
  username: 'reader_one',
  coins: 120,
  membership: null,
  isPremium: false,
  avatarUrl: null,
};

/** The session user of a test; autoUnlock (the store's option) is off unless a test says so. */
export type TestUser = Omit<typeof readerUser, 'role'> & { role: 'reader' | 'editor' | 'admin'; autoUnlock?: boolean };

export const verifyAs = (user: TestUser | null) => () =>
  Response.json(user ? { authenticated: true, user, message: 'ok' } : { authenticated: false, user: null, message: 'no' });

/**
 * Renders routes in a memory router inside the real providers. Routes may be built from the
 * test's QueryClient, as the app's are (their loaders prime that cache); `patchRoutesOnNavigation`
 * brings routes fetched as the browser goes there (the app's dashboard, router.tsx discoverRoutes).
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  initialPath = '/',
  { patchRoutesOnNavigation }: Pick<Parameters<typeof createMemoryRouter>[1] & object, 'patchRoutesOnNavigation'> = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [initialPath],
    ...(patchRoutesOnNavigation ? { patchRoutesOnNavigation } : {}),
  });
  const result = render(
    <AppProviders queryClient={queryClient} i18n={english}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * A click that opens a part whose code loads as it is first drawn (`lazyPart`: the reader's
 * settings, its chapter list). The part suspends inside the click's `act`; React draws it once its
 * code is in only when that `act` is awaited (otherwise it waits for the next drawing of the page).
 */
export const clickOpening = (element: Element) => act(async () => void fireEvent.click(element));

export function renderInApp(ui: ReactNode, initialPath = '/') {
  return renderRoutes([{ path: '*', element: ui }], initialPath);
}

/**
 * Rendered beside the component under test: marks when the first session check has answered.
 * Both read the session, so they re-render on the same answer.
 */
export function SessionChecked() {
  const { isChecking } = useAuth();
  return isChecking ? null : <span data-testid="session-checked" hidden />;
}

/**
 * Waits for the session check (SessionChecked must be rendered), then lets React run the effects
 * of that render: whatever the component does once it knows who is reading (a call, a slot) has
 * started by then, so a test can say it did not happen without waiting a while for it.
 */
export async function afterSessionCheck(): Promise<void> {
  await screen.findByTestId('session-checked');
  await act(async () => {});
}
