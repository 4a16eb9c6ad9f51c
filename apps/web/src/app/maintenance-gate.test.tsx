import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../test/render';
import { ErrorPage } from '../features/errors/error-page';
import RegisterPage from '../features/auth/pages/register-page';
import { callApiData } from '../lib/api-client';
import { useSiteSettings } from '../lib/site-settings';
import { PublicLayout } from './layouts/public-layout';
import { MaintenanceGate } from './maintenance-gate';

const SITE_SETTINGS = '/api/public/omegascans/public/site-settings';
const HOME = '/api/public/omegascans/public/home';

const settings =
  (overrides: { maintenance?: { enabled: boolean; message: string }; registrationOpen?: boolean } = {}) =>
  () =>
    Response.json({
      success: true,
      data: {
        siteName: 'Inkwell',
        discordUrl: null,
        developerName: 'Team',
        contacts: [],
        maintenance: { enabled: false, message: '' },
        registrationOpen: true,
        ...overrides,
      },
    });
const down = settings({ maintenance: { enabled: true, message: 'Back at 14:00 UTC.' } });
const editor: TestUser = { ...readerUser, id: 'e1', role: 'editor', username: 'ed' };

/** A public page that loads something, as home does. */
function HomeLike() {
  const home = useQuery({ queryKey: ['home'], queryFn: () => callApiData('home'), retry: false });
  return <h1>{home.isSuccess ? 'Home page' : 'Home loading'}</h1>;
}

/** Beside the gate: says when the settings it reads have come (both re-render on the same answer). */
function SettingsArrived() {
  return useSiteSettings().isSuccess ? <p>Settings arrived</p> : null;
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        element: (
          <>
            <SettingsArrived />
            <MaintenanceGate>
              <Outlet />
            </MaintenanceGate>
          </>
        ),
        children: [
          { path: '/', element: <HomeLike /> },
          { path: '/login', element: <h1>Log in</h1> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/errorPage', element: <ErrorPage /> },
        ],
      },
    ],
    path,
  );

describe('maintenance mode in the shell (issue 10 §2)', () => {
  it.each([
    ['a visitor', null],
    ['a reader', readerUser],
  ] as const)('shows %s the maintenance page with the admin’s message in place of any page', async (_label, user) => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(user),
      [SITE_SETTINGS]: down,
      [HOME]: () => Response.json({ success: true, data: {} }),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.getByTestId('error-description')).toHaveTextContent('Back at 14:00 UTC.');
    expect(screen.getByRole('link', { name: 'Team sign-in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/Maintenance mode is on/)).not.toBeInTheDocument();
  });

  it('draws no site navigation around the maintenance page, whose links would all lead back to it; the team’s way in stays', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [SITE_SETTINGS]: down });
    renderRoutes([{ element: <PublicLayout />, children: [{ path: '/', element: <HomeLike /> }] }], '/');
    expect(await screen.findByRole('heading', { name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Team sign-in' })).toHaveAttribute('href', '/login');
  });

  it('keeps /login open so the team can sign in', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [SITE_SETTINGS]: down });
    renderAt('/login');
    // Once the settings (maintenance on) are in, it is still the login page.
    await screen.findByText('Settings arrived');
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Down for maintenance' })).not.toBeInTheDocument();
  });

  it('shows the team the site under a thin banner', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(editor),
      [SITE_SETTINGS]: down,
      [HOME]: () => Response.json({ success: true, data: {} }),
    });
    renderAt('/');
    expect(await screen.findByText('Maintenance mode is on: visitors see the maintenance page')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Down for maintenance' })).not.toBeInTheDocument();
  });

  it('switches to the maintenance page when any call answers 503 maintenance, though the settings said the site was up', async () => {
    // The site went down just after the settings were read: they said up, a later read says down.
    let reads = 0;
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [SITE_SETTINGS]: () =>
        ((reads += 1) === 1 ? settings() : settings({ maintenance: { enabled: true, message: 'Moving house.' } }))(),
      [HOME]: () =>
        Response.json(
          { success: false, message: 'Moving house.', error: { code: 'maintenance', message: 'Moving house.' } },
          { status: 503 },
        ),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.getByTestId('error-description')).toHaveTextContent('Moving house.');
  });

  it('gives the error page’s maintenance code the admin’s message too', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [SITE_SETTINGS]: down });
    renderAt('/errorPage?error=maintenance');
    await waitFor(() => expect(screen.getByTestId('error-description')).toHaveTextContent('Back at 14:00 UTC.'));
  });

  it('with the site up, shows pages as they are', async () => {
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      [SITE_SETTINGS]: settings(),
      [HOME]: () => Response.json({ success: true, data: {} }),
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});

describe('closed registration (issue 10 §2)', () => {
  it('says registration is closed instead of showing the form', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [SITE_SETTINGS]: settings({ registrationOpen: false }) });
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Registration is closed' })).toBeInTheDocument();
    expect(screen.getByTestId('registration-closed')).toHaveTextContent('Registration is closed for now.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the form while open', async () => {
    mockApi({ '/api/proxy/public/verify': verifyAs(null), [SITE_SETTINGS]: settings() });
    renderAt('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
